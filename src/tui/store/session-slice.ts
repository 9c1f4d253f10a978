/**
 * The store's part about sessions: what the reader folded, and which one is shown (the user's
 * pick while it is visible, else the most recently active one). What the watcher reads goes
 * through receiveSessions: the selected session's change shows at once, another's waits for the
 * next tick (advance folds it in), so five working sessions cost a frame a tick, not one an event.
 */
import { keyedRecord } from '../../state/keyed-record.js';
import { toSafeSession } from '../../state/safe-session.js';
import { mostRecentSession } from '../../state/session-visibility.js';
import { visibleSessions } from './visible-sessions.js';
import type { SafeSessionState } from '../../state/safe-session.js';
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

/** The sessions with the held ones (and `states`) folded in, and none held any more. */
export function foldHeld(
  state: Pick<BuddyState, 'sessions' | 'heldSessions'>,
  states: SafeSessionState[] = [],
): Pick<BuddyState, 'sessions' | 'heldSessions'> {
  const held = Object.values(state.heldSessions);
  if (held.length === 0 && states.length === 0) return { sessions: state.sessions, heldSessions: state.heldSessions };
  const sessions = keyedRecord(state.sessions);
  for (const session of [...held, ...states]) sessions[session.sessionId] = session;
  return { sessions, heldSessions: keyedRecord() };
}

/** Whether a read session's change shows at once: the one shown, or any while none is. */
const showsAtOnce = (state: Pick<BuddyState, 'selectedId' | 'sessions'>, sessionId: string): boolean =>
  state.selectedId === undefined || !(state.selectedId in state.sessions) || sessionId === state.selectedId;

export function createSessionSlice(set: SetState, get: GetState): SessionSlice {
  const applySafe = (states: SafeSessionState[], now: number, eventCount: number) =>
    set((state) => {
      const sessions = keyedRecord(state.sessions);
      for (const session of states) sessions[session.sessionId] = session;
      const next = { ...state, sessions, now: Math.max(state.now, now) };
      return {
        sessions,
        now: next.now,
        eventsApplied: state.eventsApplied + eventCount,
        ...reselect(next, next.now),
      };
    });
  return {
    sessions: keyedRecord(),
    heldSessions: keyedRecord(),
    selectedId: undefined,
    userSelected: false,

    receiveSessions(states, now, eventCount = 0) {
      const state = get();
      const safe = states.map(toSafeSession);
      const atOnce = safe.filter((session) => showsAtOnce(state, session.sessionId));
      // A change drawn at once near the tick brings the tick forward: both in the tick's one frame.
      const tickExtras = atOnce.length ? state.earlyTick?.(now) : undefined;
      const later = tickExtras ? safe : safe.filter((session) => !showsAtOnce(state, session.sessionId));
      if (later.length) {
        const heldSessions = keyedRecord(state.heldSessions);
        for (const session of later) heldSessions[session.sessionId] = session;
        // No component reads these: held, they draw nothing until the tick folds them in.
        const counted = atOnce.length && !tickExtras ? {} : { eventsApplied: state.eventsApplied + eventCount };
        set({ heldSessions, ...counted });
      }
      if (tickExtras) get().advance(Math.max(get().now, now), tickExtras);
      else if (atOnce.length) applySafe(atOnce, now, eventCount);
    },

    setEarlyTick(earlyTick) {
      set({ earlyTick });
    },

    applySessions(states, now, eventCount = 0) {
      if (states.length === 0 && eventCount === 0) return;
      applySafe(states.map(toSafeSession), now, eventCount);
    },

    removeSessions(ids, now) {
      const { sessions: known, heldSessions: held } = get();
      if (!ids.some((id) => id in known || id in held)) return;
      set((state) => {
        const sessions = keyedRecord(state.sessions);
        const heldSessions = keyedRecord(state.heldSessions);
        for (const id of ids) {
          delete sessions[id];
          delete heldSessions[id];
        }
        return { sessions, heldSessions, ...reselect({ ...state, sessions }, now) };
      });
    },

    select(id) {
      if (!(id in get().sessions)) return;
      // The user's pick shows as it is now, held changes and all.
      set((state) => ({ ...foldHeld(state), selectedId: id, userSelected: true }));
    },

    selectRelative(step) {
      const { sessions, selectedId, now } = get();
      const visible = visibleSessions(sessions, now);
      if (visible.length === 0) return;
      const at = visible.findIndex((session) => session.sessionId === selectedId);
      const next = ((((at < 0 ? 0 : at) + step) % visible.length) + visible.length) % visible.length;
      set((state) => ({ ...foldHeld(state), selectedId: visible[next].sessionId, userSelected: true }));
    },

    selectIndex(index) {
      const visible = visibleSessions(get().sessions, get().now);
      const target = visible[index];
      if (target) set((state) => ({ ...foldHeld(state), selectedId: target.sessionId, userSelected: true }));
    },
  };
}
