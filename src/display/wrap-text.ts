/**
 * Word-wrapping for the pane's speech bubble: measured in display cells, words longer than a
 * line broken between grapheme clusters so a joined emoji (👨‍👩‍👧, 🇫🇷, 👍🏽) is never split.
 */
import { displayWidth, truncate } from './exact-width.js';
import { graphemes } from '../text/graphemes.js';

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
      while (displayWidth(word) > width) {
        // Break a long word: fill the current line, then carry the rest.
        const room = line ? width - displayWidth(line) - 1 : width;
        if (room <= 0) {
          lines.push(line);
          line = '';
          continue;
        }
        let head = '';
        let headWidth = 0;
        for (const cluster of graphemes(word)) {
          const w = displayWidth(cluster);
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
      else if (displayWidth(line) + 1 + displayWidth(word) <= width) line += ` ${word}`;
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
    lines[maxLines - 1] = displayWidth(last) + 1 <= width ? `${last}…` : `${truncate(last, width - 1)}…`;
  }
  return lines;
}
