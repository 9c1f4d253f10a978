import { describe, expect, it } from 'vitest';
import { toolsByUse } from '../../src/display/tool-order.js';

describe('tool order: the one the pane and the statusline show', () => {
  it('most used first, then by code point (not the locale: "Z" before "a", "É" after "z")', () => {
    const counts: Array<[string, number]> = [
      ['edit', 1],
      ['Read', 1],
      ['Bash', 3],
      ['Édit', 1],
      ['Zed', 1],
      ['Grep', 3],
    ];
    expect(toolsByUse(counts)).toEqual([
      ['Bash', 3],
      ['Grep', 3],
      ['Read', 1],
      ['Zed', 1],
      ['edit', 1],
      ['Édit', 1],
    ]);
    // A sorted copy: the input is left as it was.
    expect(counts[0]).toEqual(['edit', 1]);
  });
});
