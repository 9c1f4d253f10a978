import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { clipLine, fastCells, lineCells, loadSlowWidth, needsSlowWidth, textCells } from '../../src/statusline/cells.js';

describe('fast cell table', () => {
  it('agrees with string-width on every code point it claims to know', () => {
    const disagreements: string[] = [];
    let checked = 0;
    for (let codePoint = 0; codePoint <= 0x3ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const fast = fastCells(codePoint);
      if (fast === undefined) continue;
      checked++;
      const reference = stringWidth(String.fromCodePoint(codePoint));
      if (reference !== fast) disagreements.push(`U+${codePoint.toString(16)}: ${fast} vs ${reference}`);
    }
    expect(checked).toBeGreaterThan(40_000);
    expect(disagreements).toEqual([]);
  });

  it('hands anything that can join a cluster to string-width', () => {
    for (const text of ['e\u0301', '👍🏽', '🇫🇷', 'a\u200db', '❤️', '\u00ad', 'x\ufe0f']) {
      expect(needsSlowWidth(text), JSON.stringify(text)).toBe(true);
    }
    expect(needsSlowWidth('Bash x3 · Edit x2 ▰▰▱ 💬 中文')).toBe(false);
  });

  it('over-estimates unknown text until string-width is loaded, then measures it exactly', async () => {
    expect(textCells('👍🏽')).toBeGreaterThanOrEqual(2);
    await loadSlowWidth();
    for (const text of ['👍🏽 ok', '🇫🇷', 'e\u0301té', '中文 and ascii', '❤️']) {
      expect(textCells(text), text).toBe(stringWidth(text));
    }
  });
});

describe('clipLine', () => {
  it('keeps a line that fits as it is', () => {
    expect(clipLine('\u001b[36mhello\u001b[0m', 5)).toBe('\u001b[36mhello\u001b[0m');
  });

  it('cuts by cells with an ellipsis and never inside an escape sequence', () => {
    const line = '\u001b[36mabc\u001b[1;35mdefgh\u001b[0m';
    const clipped = clipLine(line, 6);
    expect(clipped).toBe('\u001b[36mabc\u001b[1;35mde…');
    expect(lineCells(clipped)).toBe(6);
  });

  it('counts wide characters as two cells and does not split them', async () => {
    await loadSlowWidth();
    expect(clipLine('中文中文', 5)).toBe('中文…');
    expect(lineCells(clipLine('a💬b💬c💬', 6))).toBeLessThanOrEqual(6);
    expect(clipLine('👍🏽👍🏽👍🏽', 5)).toBe('👍🏽👍🏽…');
  });

  it('returns nothing for a width of zero or less', () => {
    expect(clipLine('abc', 0)).toBe('');
  });
});
