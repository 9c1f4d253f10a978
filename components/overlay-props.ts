/**
 * What every overlay view takes (overlays.ts's table): in a file of its own so a view in its own
 * file can take it without importing the table that imports the view back (an import cycle).
 */
import type { BuddyStore } from '../src/tui/store/index.js';

export interface OverlayProps {
  store: BuddyStore;
  width: number;
  maxLines: number;
}
