/**
 * Ink measures and tokenizes every line of text it draws (string width, ANSI tokens into styled
 * characters) in `Output.get()`, with caches that live on the Output — and Ink makes a new
 * Output for every frame. The pane's lines hardly change from one frame to the next (the sprite
 * swaps a few lines, a timer ticks), so the profile of a pane with 5 working sessions spent
 * most of a frame redoing yesterday's measurements (docs/architecture.md, "The pane's frame").
 * This keeps one set of those caches across frames, bounded, and each row's text too (ink-rows.ts).
 *
 * Ink has no place for either, so it is patched (patches/ink@6.8.0.patch, applied by npm's prepare
 * step; the build refuses to bundle an unpatched Ink): its Output takes `sharedCaches` and a
 * `renderFrame` that may stand in for `get()`. Without the patch this throws rather than let the
 * pane draw at several times the cost unnoticed.
 */
import Output from '../../../node_modules/ink/build/output.js';
import { type InkOperation, type InkOutputCaches, RowTexts, clipsHorizontally } from './ink-rows.js';

/** Entries kept across frames before the caches start over (a screen is ~30 lines). */
const MAX_ENTRIES = 4000;
/** Row texts kept across frames before they start over. */
const MAX_ROWS = 2000;

interface OutputCaches extends InkOutputCaches {
  widths: Map<string, number>;
  blockWidths: Map<string, number>;
  styledChars: Map<string, unknown>;
}

interface OutputFrame {
  caches: OutputCaches;
  operations: InkOperation[];
  width: number;
  height: number;
}

/** The two static hooks patches/ink@6.8.0.patch adds to Ink's Output. */
interface PatchedOutput {
  sharedCaches?: OutputCaches;
  renderFrame?: (output: OutputFrame) => unknown;
}

/** Installs the shared caches and the row cache once per process; throws when Ink is not patched. */
export function shareInkOutputCaches(): void {
  const patched = Output as unknown as PatchedOutput;
  if (!('renderFrame' in patched) || !('sharedCaches' in patched))
    throw new Error("Ink's Output is not patched (patches/ink@6.8.0.patch): run npm ci, or npm run build");
  if (patched.renderFrame) return;
  const shared = (new Output({ width: 0, height: 0 }) as unknown as OutputFrame).caches;
  const rows = new RowTexts(MAX_ROWS);
  patched.sharedCaches = shared;
  patched.renderFrame = (output) => {
    if (shared.widths.size + shared.styledChars.size + shared.blockWidths.size > MAX_ENTRIES) {
      shared.widths.clear();
      shared.styledChars.clear();
      shared.blockWidths.clear();
    }
    // Horizontal clips are cut by Ink's own get (slice-ansi): undefined hands the frame back to it.
    if (clipsHorizontally(output.operations)) return undefined;
    return rows.frame(output.operations, output.width, output.height, shared);
  };
}
