/**
 * The buddy's own voice: with no plugin configured it still reacts, from its species quips,
 * to failures, test results, long turns, commits and subagents. It answers with the same
 * contract as any plugin (`{"reaction", "priority"}`), so the runner treats it like one.
 * Species are not imported here: the caller supplies `quipFor`.
 */
import type { EventKind } from '../protocol/event-kind.js';
import { REACTION_PRIORITY } from '../protocol/reaction.js';

export const BUILTIN_PLUGIN_NAME = 'buddy';

export type QuipFor = (kind: EventKind, sessionId: string) => string | undefined;

/** Kinds the built-in plugin reacts to, and how urgent each is. */
export const QUIP_PRIORITY: Partial<Record<EventKind, number>> = {
  test_failure: REACTION_PRIORITY.failure,
  tool_failure: REACTION_PRIORITY.failure,
  tests_passed: REACTION_PRIORITY.success,
  git_commit: REACTION_PRIORITY.success,
  long_turn: REACTION_PRIORITY.info,
  subagent_start: REACTION_PRIORITY.chat,
};

/** The answer for an event's kinds (most specific first), or undefined to stay quiet. */
export function builtinQuipAnswer(
  kinds: readonly EventKind[],
  sessionId: string,
  quipFor: QuipFor,
): { reaction: string; priority: number } | undefined {
  for (const kind of kinds) {
    const priority = QUIP_PRIORITY[kind];
    if (priority === undefined) continue;
    const text = quipFor(kind, sessionId);
    if (text && text.trim()) return { reaction: text, priority };
  }
  return undefined;
}
