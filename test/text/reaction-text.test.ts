/**
 * A reaction's text is made safe one way (toReactionText), and the type says so: a raw string
 * is not a Reaction's text, so whatever shows a reaction trusts it without sanitising again.
 */
import { describe, expect, it } from 'vitest';
import type { Reaction } from '../../src/protocol/reaction.js';
import { REACTION_TEXT_MAX, toReactionText } from '../../src/text/safe-text.js';

describe('toReactionText', () => {
  it('strips escape sequences and controls, keeps line breaks, trims, and cuts at the one limit', () => {
    expect(toReactionText('  \u001b[31mred\u001b[0m\r\nline two\u0007 \n')).toBe('red\nline two');
    const long = toReactionText('z'.repeat(REACTION_TEXT_MAX * 3));
    expect(long).toHaveLength(REACTION_TEXT_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(toReactionText(undefined)).toBe('');
  });

  it('is the only way into Reaction.text', () => {
    const base = { id: 'r', sessionId: 's', kind: 'reaction', source: 'p', priority: 0, ttlMs: 1, ts: 0 } as const;
    const made: Reaction = { ...base, text: toReactionText('fine') };
    // @ts-expect-error a raw string is not safe text
    const raw: Reaction = { ...base, text: 'raw \u001b[2J' };
    expect([made.text, raw.text]).toEqual(['fine', 'raw \u001b[2J']);
  });
});
