/**
 * Width-aware text shaping for the pane: measure in display cells (emoji and CJK are two
 * columns), wrap on words, cut with an ellipsis, always between grapheme clusters so a joined
 * emoji (👨‍👩‍👧, 🇫🇷, 👍🏽) is never split. Pure, so every component draws the same way.
 */
import { cellWidth } from '../src/species/cell-width.js';
import { graphemes } from '../src/text/graphemes.js';

export const displayWidth = cellWidth;

/** Cuts `text` to at most `width` columns, ending in "…" when cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (cellWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const cluster of graphemes(text)) {
    const w = cellWidth(cluster);
    if (used + w > width - 1) break;
    out += cluster;
    used += w;
  }
  return `${out}…`;
}

/** Pads `text` with spaces to exactly `width` columns (cutting it first when too wide). */
export function padTo(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - cellWidth(cut)));
}

/**
 * Word-wraps to `width` columns and at most `maxLines` lines; the last line ends in "…" when
 * text was left over. Words longer than a line are broken.
 */
export function wrapText(text: string, width: number, maxLines = Infinity): string[] {
  if (width <= 0 || maxLines <= 0) return [];
  const lines: string[] = [];
  let overflow = false;
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const rawWord of paragraph.split(/ +/)) {
      let word = rawWord;
      while (cellWidth(word) > width) {
        // Break a long word: fill the current line, then carry the rest.
        const room = line ? width - cellWidth(line) - 1 : width;
        if (room <= 0) {
          lines.push(line);
          line = '';
          continue;
        }
        let head = '';
        let headWidth = 0;
        for (const cluster of graphemes(word)) {
          const w = cellWidth(cluster);
          if (headWidth + w > room) break;
          head += cluster;
          headWidth += w;
        }
        if (!head) {
          // Not even one cluster fits beside the line: start a new one. A cluster wider than a
          // whole line goes alone (the drawer cuts it), so this always moves on.
          if (line) {
            lines.push(line);
            line = '';
            continue;
          }
          head = graphemes(word)[0];
        }
        lines.push(line ? `${line} ${head}` : head);
        line = '';
        word = word.slice(head.length);
      }
      if (!word) continue;
      if (!line) line = word;
      else if (cellWidth(line) + 1 + cellWidth(word) <= width) line += ` ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length > maxLines) {
    overflow = true;
    lines.length = maxLines;
  }
  if (overflow) {
    const last = lines[maxLines - 1];
    lines[maxLines - 1] = cellWidth(last) + 1 <= width ? `${last}…` : `${truncate(last, width - 1)}…`;
  }
  return lines;
}
