/**
 * The last few user/assistant messages of a Claude Code transcript (JSONL), read backwards
 * from the end of the file in chunks: a transcript can be hundreds of megabytes and only its
 * tail matters, so the cost is bounded by `maxBytes` whatever the file's size.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
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
  let entry: any;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!entry || (entry.type !== 'user' && entry.type !== 'assistant') || entry.isMeta || entry.isSidechain) return undefined;
  const role = entry.message?.role;
  if (role !== 'user' && role !== 'assistant') return undefined;
  const text = textOf(entry.message?.content).trim();
  return text ? { role, text } : undefined;
}

/** Reads lines from the end of the file, newest first, until `wanted` returns false. */
function scanLinesBackwards(path: string, maxBytes: number, chunkBytes: number, visit: (line: string) => boolean): void {
  const fd = openSync(path, 'r');
  try {
    let position = fstatSync(fd).size;
    const stopAt = Math.max(0, position - maxBytes);
    let carry = Buffer.alloc(0); // the partial (first) line of the chunk read last
    while (position > stopAt) {
      const length = Math.min(chunkBytes, position - stopAt);
      position -= length;
      const chunk = Buffer.alloc(length);
      let read = 0;
      while (read < length) {
        const n = readSync(fd, chunk, read, length - read, position + read);
        if (n === 0) break;
        read += n;
      }
      let buffer = Buffer.concat([chunk.subarray(0, read), carry]);
      let end = buffer.length;
      for (let i = buffer.length - 1; i >= 0; i--) {
        if (buffer[i] !== 0x0a) continue;
        const line = buffer.subarray(i + 1, end).toString('utf8').trim();
        end = i;
        if (line && !visit(line)) return;
      }
      carry = buffer.subarray(0, end);
      buffer = Buffer.alloc(0);
    }
    // The first line of the file is complete only when we reached its start.
    if (position === 0 && carry.length > 0) visit(carry.toString('utf8').trim());
  } finally {
    closeSync(fd);
  }
}

/** The last `messages` user/assistant messages, oldest first, within the character budget. */
export function readTranscriptTail(path: string, options: TranscriptTailOptions): TranscriptMessage[] {
  const wanted = Math.max(0, Math.min(MAX_TRANSCRIPT_MESSAGES, Math.floor(options.messages)));
  if (wanted === 0) return [];
  let budget = Math.min(options.maxChars ?? MAX_TRANSCRIPT_CHARS, MAX_TRANSCRIPT_CHARS);
  const newestFirst: TranscriptMessage[] = [];
  scanLinesBackwards(path, options.maxBytes ?? 4 * 1024 * 1024, options.chunkBytes ?? 64 * 1024, (line) => {
    const message = transcriptLineMessage(line);
    if (!message) return true;
    // Redacted before the cut: half a secret is something no redaction rule recognises.
    message.text = redactSecrets(message.text).text;
    if (message.text.length > budget) message.text = `${message.text.slice(0, Math.max(0, budget - 1))}…`;
    budget -= message.text.length;
    if (message.text.length > 0) newestFirst.push(message);
    return newestFirst.length < wanted && budget > 0;
  });
  return newestFirst.reverse();
}

/** "User: …" / "Assistant: …" lines for a prompt. */
export function formatTranscript(messages: TranscriptMessage[]): string {
  return messages.map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.text}`).join('\n');
}
