/**
 * The store's part about overlays: one value says which view has the pane's body (help, the
 * reactions history, the overview...), so two can never be open together.
 */
import type { GetState, OverlaySlice, SetState } from './types.js';

export function createOverlaySlice(set: SetState, get: GetState): OverlaySlice {
  return {
    overlay: 'none',

    setOverlay(overlay) {
      const { overlay: open, selectedId } = get();
      if (open === overlay) return;
      set({
        overlay,
        // The user closed the overview (by whatever way): it stays closed, docked too, until `o`.
        ...(open === 'overview' ? { overviewDock: 'closed' as const, overviewCursor: undefined } : {}),
        // The overview opens with its cursor on the session shown.
        ...(overlay === 'overview' ? { overviewCursor: selectedId } : {}),
      });
    },

    toggleOverlay(overlay) {
      get().setOverlay(get().overlay === overlay ? 'none' : overlay);
    },
  };
}
