/**
 * Ink's `Output.get()` turns every cell of every row back into text at every frame
 * (`styledCharsToString`, a diff of colour codes a cell), though most rows of the pane are the
 * same as the frame before. This builds a frame as Ink 6.8's does, from the same operations and
 * with the same caches, and keeps each row's text keyed by what was written into it: the styled
 * characters Ink's caches hand out are the same arrays while a line is the same, so a row written
 * with the same arrays at the same columns is the same text. Horizontal clips (`overflowX`, which
 * the pane does not use) are left to Ink's own `get` (ink-output-cache.ts).
 */
import { type StyledChar, ansiCodesToString, diffAnsiCodes } from '@alcalzone/ansi-tokenize';

export interface InkOutputCaches {
  getStyledChars(line: string): StyledChar[];
  getStringWidth(text: string): number;
}

interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}

export type InkOperation =
  | { type: 'write'; x: number; y: number; text: string; transformers: Array<(line: string, index: number) => string> }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

/** One write into a row: the styled characters (an array from Ink's caches) from column `x`. */
interface Segment {
  x: number;
  chars: StyledChar[];
}

const BLANK: StyledChar = { type: 'char', value: ' ', fullWidth: false, styles: [] };

/** Whether any write is clipped horizontally (Ink cuts those lines with slice-ansi; we leave them to it). */
export function clipsHorizontally(operations: InkOperation[]): boolean {
  return operations.some(
    (op) => op.type === 'clip' && typeof op.clip.x1 === 'number' && typeof op.clip.x2 === 'number',
  );
}

/** The segments written into each of `height` rows, placed as Ink places them. */
function segmentsByRow(operations: InkOperation[], height: number, caches: InkOutputCaches): Segment[][] {
  const rows: Segment[][] = Array.from({ length: height }, () => []);
  const clips: Clip[] = [];
  for (const op of operations) {
    if (op.type === 'clip') clips.push(op.clip);
    else if (op.type === 'unclip') clips.pop();
    else {
      let { y } = op;
      let lines = op.text.split('\n');
      const clip = clips.at(-1);
      if (clip && typeof clip.y1 === 'number' && typeof clip.y2 === 'number') {
        if (y + lines.length < clip.y1 || y > clip.y2) continue;
        const from = y < clip.y1 ? clip.y1 - y : 0;
        const to = y + lines.length > clip.y2 ? clip.y2 - y : lines.length;
        lines = lines.slice(from, to);
        if (y < clip.y1) y = clip.y1;
      }
      // Ink stops at the first line outside its rows (one above the top hides them all).
      for (const [index, text] of lines.entries()) {
        const row = rows[y + index];
        if (!row) break;
        let line = text;
        for (const transform of op.transformers) line = transform(line, index);
        row.push({ x: op.x, chars: caches.getStyledChars(line) });
      }
    }
  }
  return rows;
}

/** The row's text as Ink makes it: the cells in a row of `width` blanks, wide characters padded. */
function rowText(segments: Segment[], width: number, caches: InkOutputCaches): string {
  const cells: StyledChar[] = new Array(width).fill(BLANK);
  for (const { x, chars } of segments) {
    let offsetX = x;
    for (const char of chars) {
      cells[offsetX] = char;
      const charWidth = Math.max(1, caches.getStringWidth(char.value));
      for (let i = 1; i < charWidth; i += 1) {
        cells[offsetX + i] = { type: 'char', value: '', fullWidth: false, styles: char.styles };
      }
      offsetX += charWidth;
    }
  }
  return cellsToString(cells.filter((cell) => cell !== undefined)).trimEnd();
}

type Styles = StyledChar['styles'];

/** Whether two cells' styles are the same codes in the same order: no codes between them. */
function sameStyles(a: Styles, b: Styles): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
  return true;
}

/**
 * ansi-tokenize's `styledCharsToString`, to the same text, without its diff of two cells' styles
 * where they are the same (most cells: the diff made three Sets a cell, most of the pane's garbage).
 */
function cellsToString(cells: StyledChar[]): string {
  let text = '';
  let styles: Styles = [];
  for (const cell of cells) {
    if (!sameStyles(styles, cell.styles)) text += ansiCodesToString(diffAnsiCodes(styles, cell.styles));
    text += cell.value;
    styles = cell.styles;
  }
  return styles.length ? text + ansiCodesToString(diffAnsiCodes(styles, [])) : text;
}

/** Ink's frame, each row's text kept across frames (bounded) under the identity of what it holds. */
export class RowTexts {
  private readonly texts = new Map<string, string>();
  private readonly ids = new WeakMap<StyledChar[], number>();
  private nextId = 0;

  constructor(private readonly maxRows: number) {}

  /** The frame `Output.get()` would return for these operations. */
  frame(operations: InkOperation[], width: number, height: number, caches: InkOutputCaches) {
    if (this.texts.size > this.maxRows) this.texts.clear();
    const rows = segmentsByRow(operations, height, caches).map((segments) => {
      if (segments.length === 0) return '';
      const key = `${width}|${segments.map((s) => `${s.x}:${this.idOf(s.chars)}`).join(',')}`;
      let text = this.texts.get(key);
      if (text === undefined) {
        text = rowText(segments, width, caches);
        this.texts.set(key, text);
      }
      return text;
    });
    return { output: rows.join('\n'), height };
  }

  private idOf(chars: StyledChar[]): number {
    let id = this.ids.get(chars);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(chars, id);
    }
    return id;
  }
}
