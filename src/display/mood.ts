/**
 * What a session alone says about the buddy's mood: the one rule both displays use, with or
 * without a pet (src/pet/mood.ts puts the pet's needs around it). Pure and zod-free: the
 * statusline bundle imports it. `now` is an argument.
 */
import { awaitsAnswer, lastFailure } from '../state/selectors.js';
import type { SessionState } from '../state/session-state.js';

/** The moods a session can set by itself (each one a sprite state, see src/species/sprite-state.ts). */
export type SessionMood = 'alert' | 'error' | 'working' | 'thinking' | 'idle' | 'sleep';

export const SESSION_MOOD_RULES = {
  /** Error face this long after a failure (a user's interrupt is no failure). */
  errorMs: 15_000,
  /** A session with no event for this long no longer counts as working or thinking. */
  staleSessionMs: 10 * 60_000,
} as const;

const within = (at: number | undefined, now: number, ms: number): boolean =>
  at !== undefined && now - at >= 0 && now - at < ms;

/** True for a tool failure (not an interrupt) in the last SESSION_MOOD_RULES.errorMs. */
export function failedRecently(session: SessionState | undefined, now: number): boolean {
  const failure = session && lastFailure(session);
  return failure !== undefined && !failure.isInterrupt && within(failure.at, now, SESSION_MOOD_RULES.errorMs);
}

/**
 * What a live session is doing, as a mood: working while a tool runs, thinking while a prompt
 * is pending; undefined when it is ended, stale or idle (then the pet, or idle, decides).
 */
export function activityMood(session: SessionState | undefined, now: number): 'working' | 'thinking' | undefined {
  if (!session || session.endedAt !== undefined || !within(session.lastEventAt, now, SESSION_MOOD_RULES.staleSessionMs))
    return undefined;
  if (Object.keys(session.toolsRunning).length > 0) return 'working';
  if (session.pendingPrompts > 0) return 'thinking';
  return undefined;
}

/**
 * Alert while Claude waits for the user's answer (a permission or a question) in a live session;
 * it comes before every other mood. An idle wait (the turn is over) is no alert: the buddy may sleep.
 */
export function awaitingMood(session: SessionState | undefined): 'alert' | undefined {
  return session && session.endedAt === undefined && awaitsAnswer(session) ? 'alert' : undefined;
}

/** The mood before a pet is hatched (or when pet.json cannot be read): the session alone. */
export function sessionMood(session: SessionState | undefined, now: number): SessionMood {
  const alert = awaitingMood(session);
  if (alert) return alert;
  if (failedRecently(session, now)) return 'error';
  if (session?.endedAt !== undefined) return 'sleep';
  return activityMood(session, now) ?? 'idle';
}
