/**
 * What a buddy plugin may answer (stdout of a command plugin, body of an http plugin).
 * Full zod: plugins run in the TUI, never on a hot path.
 */
import { z } from 'zod';
import type { JournalEvent } from './hook-event.js';
import type { EventKind } from './event-kind.js';

export const delegateRequestSchema = z.looseObject({
  delegate: z.literal(true),
  prompt: z.string().min(1),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().int().positive().optional(),
  model: z.string().min(1).optional(),
  context: z.strictObject({ transcriptMessages: z.number().int().min(0).max(12) }).optional(),
});
export type DelegateRequest = z.infer<typeof delegateRequestSchema>;

export const staticReactionSchema = z.looseObject({
  reaction: z.string(),
  mood: z.string().optional(),
  ttlMs: z.number().int().positive().optional(),
  priority: z.number().int().optional(),
});
export type StaticReaction = z.infer<typeof staticReactionSchema>;

/** Claude Code's own hook output, accepted so stock hook scripts work as plugins. */
export const claudeHookOutputSchema = z.looseObject({
  decision: z.string().optional(),
  reason: z.string().optional(),
  systemMessage: z.string().optional(),
});

// --- Added by the plugins area (issue 6): the delegate hand-off meta and answer classification.

/** What the plugin runner hands the delegate resolver along with a request. */
export interface DelegateMeta {
  plugin: string;
  sessionId: string;
  event: JournalEvent;
  kinds: EventKind[];
  systemPrompt?: string;
  receivedAt: number;
  /** The event's number in the plugin runner (see Reaction.eventId). */
  eventId?: string;
  /** The buddy's own voice (src/voice/): the answer upgrades a bubble instead of a thinking one. */
  upgrade?: DelegateUpgrade;
}

/**
 * A request that upgrades the bubble already shown (the built-in quip) instead of showing
 * "thinking": no bubble until the answer, which takes `reactionId` while fresh and shaped; a
 * refusal, failure or stale answer shows nothing, so the quip stands.
 */
export interface DelegateUpgrade {
  /** The quip's reaction id (a new bubble's when there was no quip). */
  reactionId: string;
  /** Shown only until then (the quip's bubble is gone by then). */
  freshUntil: number;
  /** The answer as the bubble shows it, or undefined to keep the quip (too long, a repeat). */
  shape(text: string): string | undefined;
  /** Only the buddy mod's session may answer: no key, no extra process. */
  sessionOnly?: boolean;
}

export type ClaudeHookOutput = z.infer<typeof claudeHookOutputSchema>;

export type PluginAnswer =
  | { type: 'reaction'; reaction: StaticReaction }
  | { type: 'delegate'; request: DelegateRequest }
  | { type: 'claude-output'; output: ClaudeHookOutput; text?: string }
  | { type: 'none' }
  | { type: 'invalid'; message: string };

/** Keys of Claude Code's hook output; an answer made only of these is a stock hook script. */
const CLAUDE_OUTPUT_KEYS = new Set([
  'decision',
  'reason',
  'systemMessage',
  'continue',
  'stopReason',
  'suppressOutput',
  'hookSpecificOutput',
]);

function isJsonArray(text: string): boolean {
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}

/**
 * Classifies an answer: a string is stdout (JSON when it starts with `{`, otherwise plain
 * text taken as a reaction), anything else a parsed body. Never throws.
 */
export function parsePluginAnswer(answer: unknown): PluginAnswer {
  if (answer === undefined || answer === null) return { type: 'none' };
  if (typeof answer === 'string') {
    const text = answer.trim();
    // JSON `null` is "nothing", a JSON array a wrong answer; neither is text for the bubble.
    if (text === '' || text === 'null') return { type: 'none' };
    if (text.startsWith('[') && isJsonArray(text)) return parsePluginAnswer([]);
    if (!text.startsWith('{')) return { type: 'reaction', reaction: { reaction: text } };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return { type: 'invalid', message: `answer is not valid JSON: ${(error as Error).message}` };
    }
    return parsePluginAnswer(parsed);
  }
  if (typeof answer !== 'object' || Array.isArray(answer)) {
    return {
      type: 'invalid',
      message: `answer must be a JSON object, got ${Array.isArray(answer) ? 'an array' : typeof answer}`,
    };
  }
  const keys = Object.keys(answer);
  if (keys.length === 0) return { type: 'none' };
  const fail = (error: z.ZodError) => ({
    type: 'invalid' as const,
    message: z.prettifyError(error).replace(/\n\s*/g, ' '),
  });
  if ('delegate' in answer) {
    const parsed = delegateRequestSchema.safeParse(answer);
    return parsed.success ? { type: 'delegate', request: parsed.data } : fail(parsed.error);
  }
  if ('reaction' in answer) {
    const parsed = staticReactionSchema.safeParse(answer);
    return parsed.success ? { type: 'reaction', reaction: parsed.data } : fail(parsed.error);
  }
  if (keys.some((key) => CLAUDE_OUTPUT_KEYS.has(key))) {
    const parsed = claudeHookOutputSchema.safeParse(answer);
    if (!parsed.success) return fail(parsed.error);
    const text = parsed.data.systemMessage ?? parsed.data.reason;
    return { type: 'claude-output', output: parsed.data, ...(text ? { text } : {}) };
  }
  return {
    type: 'invalid',
    message: `unrecognized answer (keys: ${keys.slice(0, 5).join(', ')}); expected "reaction", "delegate" or Claude Code hook output`,
  };
}
