import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import {
  displayWidth,
  fastCells,
  loadSlowWidth,
  needsSlowWidth,
  truncate,
  visibleWidth,
} from '../../src/display/text-width.js';

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
    expect(displayWidth('👍🏽')).toBeGreaterThanOrEqual(2);
    await loadSlowWidth();
    for (const text of ['👍🏽 ok', '🇫🇷', 'e\u0301té', '中文 and ascii', '❤️']) {
      expect(displayWidth(text), text).toBe(stringWidth(text));
    }
  });
});

describe('truncate', () => {
  it('keeps a line that fits as it is', () => {
    expect(truncate('\u001b[36mhello\u001b[0m', 5)).toBe('\u001b[36mhello\u001b[0m');
  });

  it('cuts by cells with an ellipsis and never inside an escape sequence', () => {
    const line = '\u001b[36mabc\u001b[1;35mdefgh\u001b[0m';
    const clipped = truncate(line, 6);
    expect(clipped).toBe('\u001b[36mabc\u001b[1;35mde…');
    expect(visibleWidth(clipped)).toBe(6);
  });

  it('counts wide characters as two cells and does not split them', async () => {
    await loadSlowWidth();
    expect(truncate('中文中文', 5)).toBe('中文…');
    expect(visibleWidth(truncate('a💬b💬c💬', 6))).toBeLessThanOrEqual(6);
    expect(truncate('👍🏽👍🏽👍🏽', 5)).toBe('👍🏽👍🏽…');
  });

  it('returns nothing for a width of zero or less', () => {
    expect(truncate('abc', 0)).toBe('');
  });
});

describe('the buddy never needs string-width', () => {
  it('measures every built-in species face and eye style from the fast table', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { EYE_STYLES } = await import('../../src/pet/hatch.js');
    const { DEFAULT_FACES } = await import('../../src/species/face.js');
    const dir = new URL('../../species/', import.meta.url);
    const glyphs: string[] = [...EYE_STYLES, ...Object.values(DEFAULT_FACES), '▰▱◆▸│·…💬✗'];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json') && name !== 'species.schema.json')) {
      const species = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as {
        face?: Record<string, string>;
        eyes?: Record<string, string>;
      };
      glyphs.push(...Object.values(species.face ?? {}), ...Object.values(species.eyes ?? {}));
    }
    expect(glyphs.length).toBeGreaterThan(20);
    expect(glyphs.filter(needsSlowWidth)).toEqual([]);
  });
});
