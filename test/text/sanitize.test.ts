import { describe, expect, it } from 'vitest';
import { MAY_BE_INVISIBLE, sanitizeText } from '../../src/text/sanitize.js';
import { graphemes, sliceGraphemes } from '../../src/text/graphemes.js';

const FAMILY = '👨‍👩‍👧';
const FLAG = '🇫🇷';
const THUMB = '👍🏽';
const SCOTLAND = '🏴󠁧󠁢󠁳󠁣󠁴󠁿';
const HEART = '❤️';
// Nothing that starts or is an escape sequence, a C0/C1 control or a default-ignorable code point
// (apart from the ones emoji sequences are made of, checked separately).
const UNSAFE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0]/u;

describe('sanitizeText: escape sequences and controls', () => {
  it.each([
    ['OSC 52 clipboard write', 'a\x1b]52;c;aGVsbG8=\x07b', 'ab'],
    ['OSC 0 title with spaces', 'a\x1b]0;any title here\x1b\\b', 'ab'],
    ['CSI clear screen', 'a\x1b[2Jb\x1b[1;1H', 'ab'],
    ['8-bit CSI (C1)', 'a\u009b2Jb', 'ab'],
    ['8-bit OSC (C1) with its payload', 'a\u009d0;title\u009cb', 'ab'],
    ['BEL and other C0 controls', 'a\x07b\x00c\x7f', 'abc'],
  ])('%s', (_, input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });
});

describe('sanitizeText: invisible and separator characters', () => {
  it('drops zero-width spaces, BOMs, word joiners and soft hyphens', () => {
    expect(sanitizeText('a\u200bb\ufeffc\u2060d\u00ade')).toBe('abcde');
  });

  it('drops runs of zero-width joiners that join nothing', () => {
    expect(sanitizeText(`x${'\u200d'.repeat(50)}y`)).toBe('xy');
  });

  it('drops bidi overrides, isolates and marks that could reorder text', () => {
    expect(sanitizeText('safe \u202etxt.exe\u202c \u2066x\u2069 \u200eq\u200f \u061cz')).toBe('safe txt.exe x q z');
  });

  it('drops blank fillers and hidden tag characters', () => {
    expect(sanitizeText('a\u3164b\u115fc')).toBe('abc');
    // "hi" smuggled as tag characters after visible text.
    expect(sanitizeText('ok\u{E0068}\u{E0069}')).toBe('ok');
  });

  it('turns line and paragraph separators into line breaks, or spaces on one line', () => {
    expect(sanitizeText('one\u2028two\u2029three', { keepNewlines: true })).toBe('one\ntwo\nthree');
    expect(sanitizeText('one\u2028two\u2029three')).toBe('one two three');
  });

  it('keeps what emoji and scripts are made of', () => {
    for (const emoji of [FAMILY, FLAG, THUMB, SCOTLAND, HEART, '👩‍⚕️', '❤️‍🔥']) {
      expect(sanitizeText(`a ${emoji} b`)).toBe(`a ${emoji} b`);
    }
    // A zero-width non-joiner between Persian letters changes how they join: kept.
    expect(sanitizeText('می\u200cخواهم')).toBe('می\u200cخواهم');
    expect(sanitizeText('x\u200c ')).toBe('x ');
  });

  it('leaves nothing unsafe in a mix of everything', () => {
    const evil = `\u202e${'\u200b'.repeat(9)}\x1b]52;c;eA==\x07hello\u2028\u009b31m${FAMILY}\u3164\x1b[2J`;
    const clean = sanitizeText(evil, { keepNewlines: true });
    expect(clean).not.toMatch(UNSAFE);
    expect(clean).toBe(`hello\n${FAMILY}`);
  });
});

describe('sanitizeText: length cap', () => {
  it('cuts between grapheme clusters, never inside a joined emoji', () => {
    const text = FAMILY.repeat(10);
    for (let max = 2; max < 30; max += 1) {
      const cut = sanitizeText(text, { maxLength: max });
      expect(cut.endsWith('…')).toBe(true);
      expect(graphemes(cut.slice(0, -1)).every((cluster) => cluster === FAMILY)).toBe(true);
      expect(cut.length).toBeLessThanOrEqual(max);
    }
  });

  it('gives printable ASCII back as it is, cut at the cap like any text', () => {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    expect(sanitizeText(printable)).toBe(printable);
    expect(sanitizeText('abcdefgh', { maxLength: 5 })).toBe('abcd…');
    expect(sanitizeText('abcdefgh', { maxLength: 0 })).toBe('…');
    // One byte that is not printable ASCII takes the full path.
    expect(sanitizeText('ab\tc\u001b[31md', { maxLength: 40 })).toBe('ab  cd');
  });

  it('looks for invisible characters only where one can be: the prefilter covers every default-ignorable code point', () => {
    const ignorable = /\p{Default_Ignorable_Code_Point}/u;
    const missed: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (ignorable.test(char) && !MAY_BE_INVISIBLE.test(char)) missed.push(code.toString(16));
    }
    expect(missed).toEqual([]);
    // And so the outcome is the pattern's: a zero-width space inside non-ASCII text still goes.
    expect(sanitizeText('(◉\u200B_◉)')).toBe('(◉_◉)');
  });

  it('keeps text under the cap whole', () => {
    expect(sanitizeText(`${FLAG}${THUMB}`, { maxLength: 40 })).toBe(`${FLAG}${THUMB}`);
  });
});

describe('graphemes', () => {
  it('splits into what a reader counts as characters', () => {
    expect(graphemes(`a${FAMILY}${FLAG}${THUMB}e\u0301`)).toEqual(['a', FAMILY, FLAG, THUMB, 'e\u0301']);
    expect(graphemes('ascii')).toEqual(['a', 's', 'c', 'i', 'i']);
  });

  it('slices whole clusters within a UTF-16 budget', () => {
    expect(sliceGraphemes(`${FLAG}${FLAG}`, 5)).toBe(FLAG);
    expect(sliceGraphemes('abc', 5)).toBe('abc');
  });
});
