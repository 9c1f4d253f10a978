/**
 * The store's part about sessions: what the reader folded, and which one is shown (the user's
 * pick while it is visible, else the most recently active one).
 */
import { keyedRecord } from '../../state/keyed-record.js';
import { toSafeSession } from '../../state/safe-session.js';
import { mostRecentSession, visibleSessions } from '../../state/session-visibility.js';
import type { BuddyState, GetState, SessionSlice, SetState } from './types.js';

/** The selection after sessions changed: keep the user's pick while it is visible. */
export function reselect(
  state: Pick<BuddyState, 'sessions' | 'selectedId' | 'userSelected'>,
  now: number,
): Pick<BuddyState, 'selectedId' | 'userSelected'> {
  const visible = visibleSessions(state.sessions, now);
  if (state.userSelected && visible.some((session) => session.sessionId === state.selectedId)) {
    return { selectedId: state.selectedId, userSelected: true };
  }
  return { selectedId: mostRecentSession(visible)?.sessionId, userSelected: false };
}

export function createSessionSlice(set: SetState, get: GetState): SessionSlice {
  return {
    sessions: keyedRecord(),
    selectedId: undefined,
    userSelected: false,

    applySessions(states, now, eventCount = 0) {
      if (states.length === 0 && eventCount === 0) return;
      set((state) => {
        const sessions = keyedRecord(state.sessions);
        for (const session of states) sessions[session.sessionId] = toSafeSession(session);
        const next = { ...state, sessions, now: Math.max(state.now, now) };
        return {
          sessions,
          now: next.now,
          eventsApplied: state.eventsApplied + eventCount,
          ...reselect(next, next.now),
        };
      });
    },

    removeSessions(ids, now) {
      if (!ids.some((id) => id in get().sessions)) return;
      set((state) => {
        const sessions = keyedRecord(state.sessions);
        for (const id of ids) delete sessions[id];
        return { sessions, ...reselect({ ...state, sessions }, now) };
      });
    },

    select(id) {
      if (!(id in get().sessions)) return;
      set({ selectedId: id, userSelected: true });
    },

    selectRelative(step) {
      const { sessions, selectedId, now } = get();
      const visible = visibleSessions(sessions, now);
      if (visible.length === 0) return;
      const at = visible.findIndex((session) => session.sessionId === selectedId);
      const next = ((((at < 0 ? 0 : at) + step) % visible.length) + visible.length) % visible.length;
      set({ selectedId: visible[next].sessionId, userSelected: true });
    },

    selectIndex(index) {
      const visible = visibleSessions(get().sessions, get().now);
      const target = visible[index];
      if (target) set({ selectedId: target.sessionId, userSelected: true });
    },
  };
}
