import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { padTo, truncate } from '../../src/display/exact-width.js';
import { wrapText } from '../../src/display/wrap-text.js';
import { graphemes } from '../../src/text/graphemes.js';

const FAMILY = '👨‍👩‍👧';
const FLAG = '🇫🇷';
const THUMB = '👍🏽';
const WHOLE = new Set([FAMILY, FLAG, THUMB, '…']);
const onlyWhole = (text: string) => graphemes(text).every((cluster) => cluster.length === 1 || WHOLE.has(cluster));

describe("the pane's text shaping cuts between grapheme clusters", () => {
  it('truncate never leaves half a joined emoji', () => {
    for (const emoji of [FAMILY, FLAG, THUMB]) {
      for (let width = 1; width <= 9; width += 1) {
        const cut = truncate(`a${emoji.repeat(5)}`, width);
        expect(stringWidth(cut)).toBeLessThanOrEqual(width);
        expect(onlyWhole(cut), `${JSON.stringify(cut)} at ${width}`).toBe(true);
      }
    }
  });

  it('padTo fills to the exact width', () => {
    for (let width = 1; width <= 9; width += 1) expect(stringWidth(padTo(FLAG.repeat(6), width))).toBe(width);
  });

  it('wrapText breaks a long word of emoji between clusters and keeps every one', () => {
    for (const emoji of [FAMILY, FLAG, THUMB]) {
      for (const width of [2, 3, 5, 8]) {
        const lines = wrapText(emoji.repeat(7), width);
        expect(lines.every((line) => stringWidth(line) <= width && onlyWhole(line))).toBe(true);
        expect(lines.join('')).toBe(emoji.repeat(7));
      }
    }
  });

  it('wrapText moves on when a wide cluster is wider than the line', () => {
    expect(wrapText(`${FLAG}${FLAG}`, 1)).toEqual([FLAG, FLAG]);
    expect(wrapText(`ab ${FLAG}`, 3)).toEqual(['ab', FLAG]);
  });
});
