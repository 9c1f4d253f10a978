/**
 * The buddy's own voice: with no plugin configured it still reacts, from its species quips,
 * to failures, test results, long turns, commits and subagents. It answers with the same
 * contract as any plugin (`{"reaction", "priority"}`), so the runner treats it like one. These
 * quips are the fallback: the user's own plugin or delegate answering the same event takes
 * their place on screen. Which kinds it speaks to follows the chattiness (chattiness.ts).
 * Species are not imported here: the caller supplies `quipFor`.
 */
import { priorityOfKinds, type EventKind } from '../protocol/event-kind.js';
import { DEFAULT_CHATTINESS, quipAllowed, type Chattiness } from './chattiness.js';

export const BUILTIN_PLUGIN_NAME = 'buddy';

export type QuipFor = (kind: EventKind, sessionId: string) => string | undefined;

/**
 * The answer for an event's kinds (most specific first), or undefined to stay quiet. Its
 * priority is the event kind's (failures outrank test results, which outrank small talk).
 */
export function builtinQuipAnswer(
  kinds: readonly EventKind[],
  sessionId: string,
  quipFor: QuipFor,
  level: Chattiness = DEFAULT_CHATTINESS,
  recovery = false,
): { reaction: string; priority: number } | undefined {
  for (const kind of kinds) {
    if (!quipAllowed(level, kind, recovery)) continue;
    const text = quipFor(kind, sessionId);
    if (text && text.trim()) return { reaction: text, priority: priorityOfKinds([kind]) };
  }
  return undefined;
}
