/**
 * The mood a session alone suggests, for when no pet is loaded: busy, just failed, finished,
 * asleep. Pure: `now` is an argument.
 */
import { awaitsAnswer, isProcessingPrompt, lastFailure } from '../state/selectors.js';
import type { SessionState } from '../state/session-state.js';

/** A failure keeps the buddy upset this long. */
export const FAILURE_MOOD_MS = 15_000;

export function sessionMood(session: SessionState | undefined, now: number): string {
  if (!session) return 'idle';
  if (session.endedAt !== undefined) return 'sleep';
  if (awaitsAnswer(session)) return 'alert';
  const failure = lastFailure(session);
  if (failure && now - failure.at < FAILURE_MOOD_MS && !failure.isInterrupt) return 'error';
  if (Object.keys(session.toolsRunning).length > 0) return 'working';
  if (isProcessingPrompt(session)) return 'thinking';
  return 'idle';
}
