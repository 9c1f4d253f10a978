/**
 * Builds what leaves the machine for one request: system prompt (the request's, else the
 * plugin's, else the species' personality, else a default), caps applied, the optional
 * transcript tail appended, and every part redacted.
 */
import type { DelegateRequest } from '../protocol/plugin-answer.js';
import type { DelegatePolicy } from './delegate-config.js';
import { shapeRequest, type ShapedRequest } from './delegate-policy.js';
import { redactSecrets } from './redact-secrets.js';
import { formatTranscript, MAX_TRANSCRIPT_CHARS, readTranscriptTail } from './transcript-tail.js';

export const DEFAULT_SYSTEM_PROMPT =
  'You are a small ASCII companion watching a programmer work with Claude Code in a terminal. ' +
  'Answer with one short, warm line (at most 20 words). No markdown, no code, no quotes.';

export interface PromptSources {
  /** From the plugin's manifest (DelegateMeta.systemPrompt). */
  pluginSystemPrompt?: string;
  /** The species' voice for this session. */
  speciesSystemPrompt?: string;
  transcriptPath?: unknown;
  transcriptAllowed: boolean;
}

export interface BuiltPrompt extends ShapedRequest {
  /** Secrets replaced, over all parts. */
  redactions: number;
  /** Transcript messages added. */
  contextMessages: number;
}

export function buildDelegatePrompt(
  request: DelegateRequest,
  policy: DelegatePolicy,
  defaultModel: string,
  sources: PromptSources,
): BuiltPrompt {
  // Redacted before the caps: a cut through the middle of a secret would leave a part no rule knows.
  const asked = redactSecrets(request.prompt);
  const system = redactSecrets(
    request.systemPrompt || sources.pluginSystemPrompt || sources.speciesSystemPrompt || DEFAULT_SYSTEM_PROMPT,
  );
  const shaped = shapeRequest({ ...request, prompt: asked.text, systemPrompt: system.text }, policy, defaultModel);
  const notes = [...shaped.notes];

  let context = '';
  let contextMessages = 0;
  const wanted = request.context?.transcriptMessages ?? 0;
  if (wanted > 0) {
    const path = sources.transcriptPath;
    if (!sources.transcriptAllowed) notes.push('transcript context is turned off');
    else if (typeof path !== 'string' || !path.startsWith('/')) notes.push('no transcript path on the event');
    else {
      try {
        const messages = readTranscriptTail(path, { messages: wanted, maxChars: MAX_TRANSCRIPT_CHARS });
        contextMessages = messages.length;
        if (messages.length > 0) context = formatTranscript(messages);
      } catch (error) {
        notes.push(`transcript not read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
    }
  }

  // The transcript tail is redacted on its own (its total is bounded by MAX_TRANSCRIPT_CHARS, not cut here).
  const tail = redactSecrets(context);
  const prompt = context ? `${shaped.prompt}\n\nRecent conversation (oldest first):\n${tail.text}` : shaped.prompt;
  const redactions = asked.count + system.count + tail.count;
  if (redactions > 0)
    notes.push(
      `${redactions} secret(s) redacted (${[...new Set([...asked.rules, ...system.rules, ...tail.rules])].join(', ')})`,
    );
  return { ...shaped, prompt, notes, redactions, contextMessages };
}
