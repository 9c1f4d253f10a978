/**
 * The last few user/assistant messages of a Claude Code transcript (JSONL), read backwards
 * from the end of the file in chunks: a transcript can be hundreds of megabytes and only its
 * tail matters, so the cost is bounded by `maxBytes` whatever the file's size.
 */
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { scanLinesFromEnd } from '../state/lines-from-end.js';
import { redactSecrets } from './redact-secrets.js';

export interface TranscriptMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface TranscriptTailOptions {
  /** Messages wanted (at most 12). */
  messages: number;
  /** Total characters of message text (at most 5000). */
  maxChars?: number;
  /** Never read more than this from the end of the file. */
  maxBytes?: number;
  chunkBytes?: number;
}

export const MAX_TRANSCRIPT_MESSAGES = 12;
export const MAX_TRANSCRIPT_CHARS = 5000;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  // Only what was said: tool calls, tool results and thinking are not conversation.
  return content
    .filter((block) => block && typeof block === 'object' && (block as { type?: unknown }).type === 'text')
    .map((block) => String((block as { text?: unknown }).text ?? ''))
    .join('\n');
}

/** One transcript line as a message, or undefined for everything else. */
export function transcriptLineMessage(line: string): TranscriptMessage | undefined {
  if (!line.startsWith('{')) return undefined;
  // biome-ignore lint/suspicious/noExplicitAny: a host's JSON line, every field checked by hand below
  let entry: any;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!entry || (entry.type !== 'user' && entry.type !== 'assistant') || entry.isMeta || entry.isSidechain)
    return undefined;
  const role = entry.message?.role;
  if (role !== 'user' && role !== 'assistant') return undefined;
  const text = textOf(entry.message?.content).trim();
  return text ? { role, text } : undefined;
}

/** The last `messages` user/assistant messages, oldest first, within the character budget. */
export function readTranscriptTail(path: string, options: TranscriptTailOptions): TranscriptMessage[] {
  const wanted = Math.max(0, Math.min(MAX_TRANSCRIPT_MESSAGES, Math.floor(options.messages)));
  if (wanted === 0) return [];
  let budget = Math.min(options.maxChars ?? MAX_TRANSCRIPT_CHARS, MAX_TRANSCRIPT_CHARS);
  const newestFirst: TranscriptMessage[] = [];
  // The path comes from the host's payload: a FIFO or a device there must neither block nor stream forever.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) return [];
    scanLinesFromEnd(
      fd,
      { maxBytes: options.maxBytes ?? 4 * 1024 * 1024, chunkBytes: options.chunkBytes ?? 64 * 1024 },
      (line) => {
        const message = transcriptLineMessage(line);
        if (!message) return true;
        // Redacted before the cut: half a secret is something no redaction rule recognises.
        message.text = redactSecrets(message.text).text;
        if (message.text.length > budget) message.text = `${message.text.slice(0, Math.max(0, budget - 1))}…`;
        budget -= message.text.length;
        if (message.text.length > 0) newestFirst.push(message);
        return newestFirst.length < wanted && budget > 0;
      },
    );
  } finally {
    closeSync(fd);
  }
  return newestFirst.reverse();
}

/** "User: …" / "Assistant: …" lines for a prompt. */
export function formatTranscript(messages: TranscriptMessage[]): string {
  return messages.map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.text}`).join('\n');
}
