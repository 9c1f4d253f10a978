/**
 * The store's part about the overview: `o`, the arrow cursor, Enter. Open full, the overview is
 * the overlay 'overview' (overlay-slice.ts); what it shows and when is pure, in ../overview.ts.
 */
import { visibleSessions } from './visible-sessions.js';
import { overviewCursorId, overviewMode } from './overview.js';
import type { GetState, OverviewSlice, SetState } from './types.js';

export function createOverviewSlice(set: SetState, get: GetState): OverviewSlice {
  return {
    overviewDock: 'auto',
    overviewCursor: undefined,

    toggleOverview() {
      const state = get();
      if (overviewMode(state) === 'none') state.setOverlay('overview');
      else if (state.overlay === 'overview') state.setOverlay('none');
      else set({ overviewDock: 'closed' });
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
      if (state.overlay === 'overview') state.setOverlay('none');
      set({ overviewDock: 'closed', overviewCursor: undefined });
    },
  };
}
