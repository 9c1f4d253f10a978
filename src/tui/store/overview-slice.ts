/**
 * The store's part about the overview: the choice (`o`), the arrow cursor, Enter. What the
 * overview shows and when is pure, in ../overview.ts.
 */
import { visibleSessions } from '../../state/session-visibility.js';
import { overviewCursorId, overviewMode } from '../overview.js';
import type { GetState, OverviewSlice, SetState } from './types.js';

export function createOverviewSlice(set: SetState, get: GetState): OverviewSlice {
  return {
    overviewChoice: 'auto',
    overviewCursor: undefined,

    toggleOverview() {
      const state = get();
      // Opening starts the cursor on the session shown.
      if (overviewMode(state) === 'none') set({ overviewChoice: 'open', overviewCursor: state.selectedId });
      else set({ overviewChoice: 'closed' });
    },

    moveOverviewCursor(step) {
      const state = get();
      const ids = visibleSessions(state.sessions, state.now).map((session) => session.sessionId);
      if (ids.length === 0) return;
      const at = Math.max(0, ids.indexOf(overviewCursorId(state) ?? ''));
      set({ overviewCursor: ids[Math.min(ids.length - 1, Math.max(0, at + step))] });
    },

    openOverviewCursor() {
      const state = get();
      const id = overviewCursorId(state);
      if (id !== undefined) state.select(id);
      set({ overviewChoice: 'closed', overviewCursor: undefined });
    },
  };
}
