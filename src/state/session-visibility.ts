/**
 * Which sessions are worth showing at a moment (live ones and recently ended ones) and which of
 * them is the most recent: pure rules over session states, shared by the store and the pane.
 */
import type { SessionState } from './session-state.js';

/** Ended sessions stay in the tabs (marked) this long. */
export const RECENTLY_ENDED_MS = 30 * 60_000;
/** A session with no event for this long and no SessionEnd is taken as abandoned. */
export const ABANDONED_MS = 6 * 60 * 60_000;

/** The sessions worth a tab at `now`: live ones and recently ended ones, oldest first. */
export function visibleSessions<S extends SessionState>(sessions: Record<string, S>, now: number): S[] {
  return Object.values(sessions)
    .filter((session) => {
      if (session.eventCount === 0) return false;
      if (session.endedAt !== undefined) return now - session.endedAt <= RECENTLY_ENDED_MS;
      return now - (session.lastEventAt ?? 0) <= ABANDONED_MS;
    })
    .sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0) || a.sessionId.localeCompare(b.sessionId));
}

/** The most recently active session, live ones before ended ones. */
export function mostRecentSession<S extends SessionState>(sessions: readonly S[]): S | undefined {
  let best: S | undefined;
  for (const session of sessions) {
    if (!best) best = session;
    else {
      const liveBest = best.endedAt === undefined;
      const live = session.endedAt === undefined;
      if (live !== liveBest) {
        if (live) best = session;
      } else if ((session.lastEventAt ?? 0) >= (best.lastEventAt ?? 0)) best = session;
    }
  }
  return best;
}
