import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanLinesFromEnd, type LinesFromEnd } from '../../src/state/lines-from-end.js';
import { makeTempDir } from '../support/temp-dir.js';

function linesOf(text: string, scan: LinesFromEnd, stopAfter = Infinity): string[] {
  const file = join(makeTempDir(), 'lines.txt');
  writeFileSync(file, text);
  const fd = openSync(file, 'r');
  const seen: string[] = [];
  try {
    scanLinesFromEnd(fd, scan, (line) => seen.push(line) < stopAfter);
  } finally {
    closeSync(fd);
  }
  return seen;
}

describe('scanLinesFromEnd', () => {
  const text = `first\n${'x'.repeat(50)}\n\n  third  \nlast`;

  it('gives every line newest first, whole across chunk boundaries, skipping empty ones', () => {
    for (const chunkBytes of [3, 7, 64, 4096]) {
      expect(linesOf(text, { maxBytes: 1 << 20, chunkBytes })).toEqual(['last', 'third', 'x'.repeat(50), 'first']);
    }
  });

  it('skips an unterminated last line when asked, also when the file has no newline at all', () => {
    expect(linesOf(text, { maxBytes: 1 << 20, chunkBytes: 5, completeOnly: true })).toEqual([
      'third',
      'x'.repeat(50),
      'first',
    ]);
    expect(linesOf(`${text}\n`, { maxBytes: 1 << 20, chunkBytes: 5, completeOnly: true })[0]).toBe('last');
    expect(linesOf('no newline yet', { maxBytes: 1 << 20, chunkBytes: 4, completeOnly: true })).toEqual([]);
  });

  it('reads no further back than maxBytes and never gives the line it cut', () => {
    // The last 12 bytes: "  third  \nlast" minus its head: "third" is cut, so only "last" is whole.
    expect(linesOf(text, { maxBytes: 12, chunkBytes: 4 })).toEqual(['last']);
  });

  it('stops when the visitor says so', () => {
    expect(linesOf(text, { maxBytes: 1 << 20, chunkBytes: 8 }, 2)).toEqual(['last', 'third']);
  });
});

describe('scanLinesFromEnd spans, floor and select', () => {
  const text = 'alpha\nbeta\n\ngamma\ndelta\n';

  it('gives each line’s byte span, and reads no further back than the floor (which starts a line)', () => {
    const file = join(makeTempDir(), 'spans.txt');
    writeFileSync(file, text);
    const fd = openSync(file, 'r');
    try {
      const seen: Array<[string, number, number]> = [];
      scanLinesFromEnd(
        fd,
        { maxBytes: 1 << 20, chunkBytes: 4, floor: text.indexOf('beta') },
        (line, span) => seen.push([line, span.start, span.end]) > 0,
      );
      expect(seen).toEqual([
        ['delta', 18, 23],
        ['gamma', 12, 17],
        ['beta', 6, 10],
      ]);
      for (const [line, start, end] of seen) expect(text.slice(start, end)).toBe(line);
      const selected: string[] = [];
      scanLinesFromEnd(
        fd,
        {
          maxBytes: 1 << 20,
          chunkBytes: 3,
          end: 17,
          select: (bytes) => bytes.includes('a') && !bytes.includes('gamma'),
        },
        (line) => selected.push(line) > 0,
      );
      expect(selected).toEqual(['beta', 'alpha']);
    } finally {
      closeSync(fd);
    }
  });
});
