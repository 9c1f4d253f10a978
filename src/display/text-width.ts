/**
 * Width in terminal cells and cutting to a width, by grapheme cluster (a family 👨‍👩‍👧, a flag
 * or a skin tone is never split, a wide character is never left straddling the edge, and an
 * escape sequence is never cut). The one implementation both displays use.
 *
 * `string-width` is the reference, but loading it costs tens of milliseconds (its
 * `Intl.Segmenter` and `\p{RGI_Emoji}` regex), which is most of the statusline's budget. So
 * code points whose width never depends on their neighbours are measured from a small table
 * here (test/display/text-width.test.ts checks every one of them against string-width), and
 * `string-width` is only needed for text with anything else in it: the statusline loads it
 * lazily (`prepareWidths`), the pane up front (`exact-width.ts`).
 */

import { graphemes } from '../text/graphemes.js';

type WidthFunction = (text: string) => number;
let slowWidth: WidthFunction | undefined;

/**
 * [first, last, cells] ranges of code points that always form a cluster of their own (no
 * combining marks, joiners, variation selectors, modifiers or regional indicators) and are
 * never zero-width. Sorted, non-overlapping.
 */
const FAST_RANGES: ReadonlyArray<readonly [number, number, 1 | 2]> = [
  [0x20, 0x7e, 1],
  [0xa0, 0xac, 1], // U+00AD soft hyphen is default-ignorable
  [0xae, 0x2ff, 1],
  [0x370, 0x377, 1],
  [0x37a, 0x37f, 1],
  [0x384, 0x38a, 1],
  [0x38c, 0x38c, 1],
  [0x38e, 0x3a1, 1],
  [0x3a3, 0x482, 1],
  [0x48a, 0x52f, 1],
  [0x1d00, 0x1dbf, 1],
  [0x1e00, 0x1f15, 1],
  [0x2010, 0x2027, 1],
  [0x2030, 0x205e, 1],
  // U+2100..U+2BFF: letterlike, arrows, maths, technical, box drawing, blocks, shapes, symbols,
  // dingbats, braille (generated from string-width, one range per run of equal width).
  [0x2100, 0x2319, 1],
  [0x231a, 0x231b, 2],
  [0x231c, 0x2328, 1],
  [0x2329, 0x232a, 2],
  [0x232b, 0x23e8, 1],
  [0x23e9, 0x23ec, 2],
  [0x23ed, 0x23ef, 1],
  [0x23f0, 0x23f0, 2],
  [0x23f1, 0x23f2, 1],
  [0x23f3, 0x23f3, 2],
  [0x23f4, 0x25fc, 1],
  [0x25fd, 0x25fe, 2],
  [0x25ff, 0x2613, 1],
  [0x2614, 0x2615, 2],
  [0x2616, 0x262f, 1],
  [0x2630, 0x2637, 2],
  [0x2638, 0x2647, 1],
  [0x2648, 0x2653, 2],
  [0x2654, 0x267e, 1],
  [0x267f, 0x267f, 2],
  [0x2680, 0x2689, 1],
  [0x268a, 0x268f, 2],
  [0x2690, 0x2692, 1],
  [0x2693, 0x2693, 2],
  [0x2694, 0x26a0, 1],
  [0x26a1, 0x26a1, 2],
  [0x26a2, 0x26a9, 1],
  [0x26aa, 0x26ab, 2],
  [0x26ac, 0x26bc, 1],
  [0x26bd, 0x26be, 2],
  [0x26bf, 0x26c3, 1],
  [0x26c4, 0x26c5, 2],
  [0x26c6, 0x26cd, 1],
  [0x26ce, 0x26ce, 2],
  [0x26cf, 0x26d3, 1],
  [0x26d4, 0x26d4, 2],
  [0x26d5, 0x26e9, 1],
  [0x26ea, 0x26ea, 2],
  [0x26eb, 0x26f1, 1],
  [0x26f2, 0x26f3, 2],
  [0x26f4, 0x26f4, 1],
  [0x26f5, 0x26f5, 2],
  [0x26f6, 0x26f9, 1],
  [0x26fa, 0x26fa, 2],
  [0x26fb, 0x26fc, 1],
  [0x26fd, 0x26fd, 2],
  [0x26fe, 0x2704, 1],
  [0x2705, 0x2705, 2],
  [0x2706, 0x2709, 1],
  [0x270a, 0x270b, 2],
  [0x270c, 0x2727, 1],
  [0x2728, 0x2728, 2],
  [0x2729, 0x274b, 1],
  [0x274c, 0x274c, 2],
  [0x274d, 0x274d, 1],
  [0x274e, 0x274e, 2],
  [0x274f, 0x2752, 1],
  [0x2753, 0x2755, 2],
  [0x2756, 0x2756, 1],
  [0x2757, 0x2757, 2],
  [0x2758, 0x2794, 1],
  [0x2795, 0x2797, 2],
  [0x2798, 0x27af, 1],
  [0x27b0, 0x27b0, 2],
  [0x27b1, 0x27be, 1],
  [0x27bf, 0x27bf, 2],
  [0x27c0, 0x2b1a, 1],
  [0x2b1b, 0x2b1c, 2],
  [0x2b1d, 0x2b4f, 1],
  [0x2b50, 0x2b50, 2],
  [0x2b51, 0x2b54, 1],
  [0x2b55, 0x2b55, 2],
  [0x2b56, 0x2bff, 1],
  [0x3041, 0x3096, 2],
  [0x30a1, 0x30fa, 2],
  [0x4e00, 0x9fff, 2],
  [0xac00, 0xd7a3, 2],
  [0xe000, 0xf8ff, 1], // private use: powerline and nerd-font glyphs
  [0xff01, 0xff60, 2],
  [0x1f4ac, 0x1f4ac, 2], // 💬, the queue badge
];

/** The cells of a code point that always stands alone, else undefined (ask string-width). */
export function fastCells(codePoint: number): 1 | 2 | undefined {
  let low = 0;
  let high = FAST_RANGES.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last, cells] = FAST_RANGES[middle];
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return cells;
  }
  return undefined;
}

/** Width of plain text (no escape sequences) from the table alone, or undefined. */
function fastTextCells(text: string): number | undefined {
  let cells = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x20 && unit <= 0x7e) {
      cells += 1;
      continue;
    }
    const codePoint = text.codePointAt(i) as number;
    if (codePoint > 0xffff) i++;
    const width = fastCells(codePoint);
    if (width === undefined) return undefined;
    cells += width;
  }
  return cells;
}

/** True when measuring `text` needs string-width; call `loadSlowWidth` first then. */
export function needsSlowWidth(text: string): boolean {
  return fastTextCells(stripEscapes(text)) === undefined;
}

/** Loads string-width (once). Cheap to call again. */
export async function loadSlowWidth(): Promise<void> {
  if (slowWidth) return;
  const module = await import('string-width');
  slowWidth = module.default;
}

/** Hands over string-width already loaded, for callers that measure synchronously (exact-width.ts). */
export function provideStringWidth(measure: WidthFunction): void {
  slowWidth = measure;
}

/** Loads string-width when any of the texts needs it. */
export async function prepareWidths(texts: Iterable<string>): Promise<void> {
  if (slowWidth) return;
  for (const text of texts) {
    if (needsSlowWidth(text)) return loadSlowWidth();
  }
}

/**
 * Cells of plain text. Without string-width loaded, a code point outside the table counts as
 * 2 cells: an over-estimate clips a little early, it never overflows the line.
 */
export function displayWidth(text: string): number {
  const fast = fastTextCells(text);
  if (fast !== undefined) return fast;
  if (slowWidth) return slowWidth(text);
  let cells = 0;
  for (const char of text) cells += fastCells(char.codePointAt(0) as number) ?? 2;
  return cells;
}

/** Grapheme clusters of plain text: code points on the fast path (each stands alone there). */
function clusters(text: string): string[] {
  return fastTextCells(text) !== undefined ? Array.from(text) : graphemes(text);
}

/** CSI (`ESC [ ... final`), OSC (`ESC ] ... BEL|ESC \`) and two-byte escapes. */
const ESCAPE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;

export function stripEscapes(text: string): string {
  return text.includes('\u001b') ? text.replace(ESCAPE, '') : text;
}

/** Visible cells of a line that may hold escape sequences. */
export function visibleWidth(line: string): number {
  return displayWidth(stripEscapes(line));
}

/** Splits a line into escape sequences and text runs, in order. */
function tokens(line: string): Array<{ escape: boolean; text: string }> {
  const out: Array<{ escape: boolean; text: string }> = [];
  let at = 0;
  ESCAPE.lastIndex = 0;
  for (let match = ESCAPE.exec(line); match; match = ESCAPE.exec(line)) {
    if (match.index > at) out.push({ escape: false, text: line.slice(at, match.index) });
    out.push({ escape: true, text: match[0] });
    at = match.index + match[0].length;
  }
  if (at < line.length) out.push({ escape: false, text: line.slice(at) });
  return out;
}

/**
 * Cuts a line to at most `maxCells` visible cells, between grapheme clusters, ending with
 * `ellipsis` when it was cut. Escape sequences are kept whole (those after the cut are
 * dropped); a wide character that would straddle the edge is left out rather than split.
 */
export function truncate(line: string, maxCells: number, ellipsis = '…'): string {
  if (maxCells <= 0) return '';
  if (visibleWidth(line) <= maxCells) return line;
  const ellipsisCells = displayWidth(ellipsis);
  const budget = Math.max(0, maxCells - ellipsisCells);
  let used = 0;
  let out = '';
  for (const token of tokens(line)) {
    if (token.escape) {
      out += token.text;
      continue;
    }
    for (const cluster of clusters(token.text)) {
      const cells = displayWidth(cluster);
      if (used + cells > budget) return ellipsisCells <= maxCells ? out + ellipsis : out;
      used += cells;
      out += cluster;
    }
  }
  return out;
}

/** Pads `text` with spaces to exactly `width` cells (cutting it first when too wide). */
export function padTo(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - visibleWidth(cut)));
}
