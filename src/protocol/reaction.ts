/**
 * A reaction is one thing the buddy says. Plugins, the delegate resolver and the built-in
 * quips all produce this shape; the TUI shows it and appends it to `<session>/reactions.jsonl`,
 * where the statusline reads the latest one.
 */
import type { SafeText } from '../text/safe-text.js';

/**
 * `reaction` and `warning` are said by the buddy; `thinking` is a delegate in flight; `notice`
 * records a plugin problem that is only logged (a timeout, exit 1, an invalid answer): it goes
 * to reactions.jsonl for scripts, never to a bubble or the statusline.
 */
export type ReactionKind = 'reaction' | 'warning' | 'thinking' | 'notice';

export interface Reaction {
  /** Unique per reaction, so a "thinking" bubble can be replaced by its answer. */
  id: string;
  sessionId: string;
  kind: ReactionKind;
  /**
   * Sanitised once, where the reaction is made or read back (toReactionText in
   * src/text/safe-text.ts): no escape sequences, no control characters, at most
   * REACTION_TEXT_MAX characters. Whoever shows it trusts it as it is.
   */
  text: SafeText;
  /** Who said it: a plugin name, "offline", "buddy", or the model that answered. */
  source: string;
  /** The hook event that caused it, e.g. "PostToolUseFailure". */
  event?: string;
  mood?: string;
  /** Higher wins the bubble queue; failures outrank small talk. */
  priority: number;
  ttlMs: number;
  /** ms since epoch when it was produced. */
  ts: number;
  /** How long the producer took, for the reactions log. */
  elapsedMs?: number;
  /** The event it answers, as the plugin runner numbered it: a user's answer takes the place of the built-in quip for the same event. */
  eventId?: string;
  /** A built-in quip: the fallback that gives way to the user's own plugin or delegate. */
  fallback?: boolean;
}

export const REACTION_PRIORITY = { chat: 0, info: 1, success: 2, warning: 3, failure: 4 } as const;
export const DEFAULT_REACTION_TTL_MS = 10_000;
