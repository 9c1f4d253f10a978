/**
 * Display width in terminal cells, and clipping to a width without ever cutting an escape
 * sequence.
 *
 * `string-width` is the reference, but loading it costs tens of milliseconds (its
 * `Intl.Segmenter` and `\p{RGI_Emoji}` regex), which is most of the statusline's budget. So
 * code points whose width never depends on their neighbours are measured from a small table
 * here (test/statusline/cells.test.ts checks every one of them against string-width), and
 * `string-width` is only loaded, lazily, for text with anything else in it.
 */

type WidthFunction = (text: string) => number;
let slowWidth: WidthFunction | undefined;
let segmenter: Intl.Segmenter | undefined;

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
  [0x2190, 0x21ff, 1],
  [0x2500, 0x25fc, 1],
  [0x25fd, 0x25fe, 2],
  [0x25ff, 0x25ff, 1],
  [0x2800, 0x28ff, 1], // braille, for spinners
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
export function textCells(text: string): number {
  const fast = fastTextCells(text);
  if (fast !== undefined) return fast;
  if (slowWidth) return slowWidth(text);
  let cells = 0;
  for (const char of text) cells += fastCells(char.codePointAt(0) as number) ?? 2;
  return cells;
}

/** Grapheme clusters of plain text: code points on the fast path, Intl.Segmenter otherwise. */
function clusters(text: string): string[] {
  if (fastTextCells(text) !== undefined || !slowWidth) return Array.from(text);
  segmenter ??= new Intl.Segmenter();
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** CSI (`ESC [ ... final`), OSC (`ESC ] ... BEL|ESC \`) and two-byte escapes. */
const ESCAPE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;

export function stripEscapes(text: string): string {
  return text.includes('\u001b') ? text.replace(ESCAPE, '') : text;
}

/** Visible cells of a line that may hold escape sequences. */
export function lineCells(line: string): number {
  return textCells(stripEscapes(line));
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
 * Cuts a line to at most `maxCells` visible cells, ending with `ellipsis` when it was cut.
 * Escape sequences are kept whole (those after the cut are dropped); a wide character that
 * would straddle the edge is left out rather than split.
 */
export function clipLine(line: string, maxCells: number, ellipsis = '…'): string {
  if (maxCells <= 0) return '';
  if (lineCells(line) <= maxCells) return line;
  const ellipsisCells = textCells(ellipsis);
  const budget = Math.max(0, maxCells - ellipsisCells);
  let used = 0;
  let out = '';
  for (const token of tokens(line)) {
    if (token.escape) {
      out += token.text;
      continue;
    }
    for (const cluster of clusters(token.text)) {
      const cells = textCells(cluster);
      if (used + cells > budget) return ellipsisCells <= maxCells ? out + ellipsis : out;
      used += cells;
      out += cluster;
    }
  }
  return out;
}

/** Cuts plain text (no escapes) to `maxCells`, with an ellipsis when cut. */
export function clipText(text: string, maxCells: number, ellipsis = '…'): string {
  return clipLine(text, maxCells, ellipsis);
}
