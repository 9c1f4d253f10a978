/**
 * Ink measures and tokenizes every line of text it draws (string width, ANSI tokens into styled
 * characters) in `Output.get()`, with caches that live on the Output — and Ink makes a new
 * Output for every frame. The pane's lines hardly change from one frame to the next (the sprite
 * swaps a few lines, a timer ticks), so the profile of a pane with 5 working sessions spent
 * most of a frame redoing yesterday's measurements (docs/architecture.md, "The pane's frame").
 * This keeps one set of those caches across frames, bounded, and each row's text too (ink-rows.ts).
 * Ink is pinned (6.8.0, bundled into dist/); if a later Ink changes the shape, the patch does
 * nothing rather than break drawing.
 */
import Output from '../../node_modules/ink/build/output.js';
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

type OutputWithCaches = {
  caches: OutputCaches;
  operations: InkOperation[];
  width: number;
  height: number;
  get(): unknown;
};

let installed = false;

/** Installs the shared caches once per process; returns whether Ink had the expected shape. */
export function shareInkOutputCaches(): boolean {
  if (installed) return true;
  const prototype = Output.prototype as unknown as OutputWithCaches;
  const probe = new Output({ width: 0, height: 0 }) as unknown as OutputWithCaches;
  const shared = probe.caches;
  if (
    typeof prototype.get !== 'function' ||
    !(shared?.widths instanceof Map) ||
    !(shared.styledChars instanceof Map) ||
    !(shared.blockWidths instanceof Map) ||
    !Array.isArray(probe.operations) ||
    typeof shared.getStyledChars !== 'function' ||
    typeof shared.getStringWidth !== 'function'
  )
    return false;
  const originalGet = prototype.get;
  const rows = new RowTexts(MAX_ROWS);
  prototype.get = function get(this: OutputWithCaches) {
    if (shared.widths.size + shared.styledChars.size + shared.blockWidths.size > MAX_ENTRIES) {
      shared.widths.clear();
      shared.styledChars.clear();
      shared.blockWidths.clear();
    }
    this.caches = shared;
    if (clipsHorizontally(this.operations)) return originalGet.call(this);
    return rows.frame(this.operations, this.width, this.height, shared);
  };
  installed = true;
  return true;
}
