import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/pet/sha256.js';

describe('sha256 by hand (the hatch draw without node:crypto)', () => {
  it("gives node:crypto's bytes for every length across the padding edges, and for any UTF-8", () => {
    const texts = ['', 'abc', 'dev@laptop', 'é🦀 names', 'x'.repeat(1000)];
    for (let length = 50; length <= 130; length += 1) texts.push('a'.repeat(length));
    for (const text of texts)
      expect(sha256(text).toString('hex')).toBe(createHash('sha256').update(text).digest('hex'));
  });
});
