/**
 * Pixels to terminal cells: two pixels a cell with the upper half block (▀), its foreground the
 * top pixel and its background the bottom one (█ when both are alike); a transparent half shows
 * the terminal's own background (▄ or a space). Colours in 24-bit, or the nearest of xterm's 256 or of the 16 ANSI
 * colours. The lines are built once per frame and size; the pane only picks one per tick.
 */

export type PictureColors = 'truecolor' | '256' | '16';

export type Rgb = readonly [number, number, number];

/** A cell as drawn: the glyph, and the colours of its top and bottom pixels (undefined: transparent). */
export interface PictureCell {
  glyph: ' ' | '▀' | '▄' | '█';
  top?: Rgb;
  bottom?: Rgb;
}

/** A pixel at least this opaque is drawn; a fainter one shows the background. */
const OPAQUE_FROM = 128;

/**
 * Channels are snapped to 32 levels: the eye cannot tell them apart in a cell, and it turns the
 * near-equal neighbours a lossy WebP and the resize leave into runs of one colour, which is what
 * a terminal renderer (Ink) pays for: each change of colour costs more than a cell.
 */
const snap = (value: number) => Math.min(255, (value & ~7) + 4);

function pixelAt(rgba: Uint8Array, width: number, x: number, y: number): Rgb | undefined {
  const i = (y * width + x) * 4;
  return rgba[i + 3] >= OPAQUE_FROM ? [snap(rgba[i]), snap(rgba[i + 1]), snap(rgba[i + 2])] : undefined;
}

const same = (a: Rgb, b: Rgb) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** The cells of a frame, row by row; a cell's colours snapped to 32 levels a channel. */
export function cellsOf(rgba: Uint8Array, width: number, height: number): PictureCell[][] {
  const rows: PictureCell[][] = [];
  for (let y = 0; y < height; y += 2) {
    const row: PictureCell[] = [];
    for (let x = 0; x < width; x += 1) {
      const top = pixelAt(rgba, width, x, y);
      const bottom = y + 1 < height ? pixelAt(rgba, width, x, y + 1) : undefined;
      // Both halves alike: a full block in one colour (one colour code instead of two).
      if (top && bottom && same(top, bottom)) row.push({ glyph: '█', top, bottom });
      else if (top && bottom) row.push({ glyph: '▀', top, bottom });
      else if (top) row.push({ glyph: '▀', top });
      else if (bottom) row.push({ glyph: '▄', bottom });
      else row.push({ glyph: ' ' });
    }
    rows.push(row);
  }
  return rows;
}

const CUBE = [0, 95, 135, 175, 215, 255];
const distance = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

/** The nearest of xterm's 256 colours (the 6×6×6 cube or the grey ramp; not the 16, which themes change). */
export function nearest256(color: Rgb): number {
  const step = (value: number) =>
    CUBE.reduce((best, level, i) => (Math.abs(level - value) < Math.abs(CUBE[best] - value) ? i : best), 0);
  const [r, g, b] = color.map(step);
  const cube: Rgb = [CUBE[r], CUBE[g], CUBE[b]];
  const grey = Math.min(23, Math.max(0, Math.round(((color[0] + color[1] + color[2]) / 3 - 8) / 10)));
  const greyLevel = 8 + grey * 10;
  return distance(color, [greyLevel, greyLevel, greyLevel]) < distance(color, cube)
    ? 232 + grey
    : 16 + 36 * r + 6 * g + b;
}

/** xterm's default values of the 16 ANSI colours. */
export const ANSI16: readonly Rgb[] = [
  [0, 0, 0],
  [205, 0, 0],
  [0, 205, 0],
  [205, 205, 0],
  [0, 0, 238],
  [205, 0, 205],
  [0, 205, 205],
  [229, 229, 229],
  [127, 127, 127],
  [255, 0, 0],
  [0, 255, 0],
  [255, 255, 0],
  [92, 92, 255],
  [255, 0, 255],
  [0, 255, 255],
  [255, 255, 255],
];

export function nearest16(color: Rgb): number {
  let best = 0;
  for (let i = 1; i < ANSI16.length; i += 1) if (distance(color, ANSI16[i]) < distance(color, ANSI16[best])) best = i;
  return best;
}

/** The SGR parameters that set a foreground (or background) colour at a colour level. */
export function colorParams(color: Rgb, colors: PictureColors, background: boolean): string {
  if (colors === 'truecolor') return `${background ? 48 : 38};2;${color[0]};${color[1]};${color[2]}`;
  if (colors === '256') return `${background ? 48 : 38};5;${nearest256(color)}`;
  const index = nearest16(color);
  return String((index < 8 ? 30 : 90) + (index % 8) + (background ? 10 : 0));
}

/**
 * One frame's cells as lines with SGR colour codes, each line ending in a reset. A code says only
 * what changes from the cell before (the foreground, the background, or 39/49 back to the
 * terminal's own), so each cell shows the same colours as with a full code at every change, in
 * fewer characters: Ink reads every character of a line again at each frame.
 */
export function linesOf(cells: PictureCell[][], colors: PictureColors): string[] {
  return cells.map((row) => {
    let line = '';
    let fg = '';
    let bg = '';
    for (const cell of row) {
      const top = cell.glyph === '▀' || cell.glyph === '█' ? cell.top : cell.glyph === '▄' ? cell.bottom : undefined;
      const bottom = cell.glyph === '▀' ? cell.bottom : undefined;
      const wantFg = top ? colorParams(top, colors, false) : '';
      const wantBg = bottom ? colorParams(bottom, colors, true) : '';
      const changes: string[] = [];
      if (wantFg !== fg) changes.push(wantFg || '39');
      if (wantBg !== bg) changes.push(wantBg || '49');
      if (changes.length > 0) line += `\x1b[${changes.join(';')}m`;
      fg = wantFg;
      bg = wantBg;
      line += cell.glyph;
    }
    return fg || bg ? `${line}\x1b[0m` : line;
  });
}
