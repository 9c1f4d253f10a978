import { describe, expect, it } from 'vitest';
import {
  REACTION_MIN_MS,
  THINKING_MAX_MS,
  reactionLifetimeMs,
  reactionShownAt,
} from '../../src/display/reaction-expiry.js';

describe('reaction expiry: one lifetime for the bubble and the statusline', () => {
  it('lasts its own ttl, at least REACTION_MIN_MS; thinking waits up to THINKING_MAX_MS', () => {
    expect(reactionLifetimeMs({ kind: 'reaction', ttlMs: 10_000 })).toBe(10_000);
    expect(reactionLifetimeMs({ kind: 'warning', ttlMs: 200 })).toBe(REACTION_MIN_MS);
    expect(reactionLifetimeMs({ kind: 'thinking', ttlMs: 5_000 })).toBe(THINKING_MAX_MS);
  });

  it('is shown from shownAt until its lifetime is over; a ttl of 0 is never shown', () => {
    const r = { kind: 'reaction' as const, ttlMs: 10_000 };
    expect(reactionShownAt(r, 1000, 1000)).toBe(true);
    expect(reactionShownAt(r, 1000, 10_999)).toBe(true);
    expect(reactionShownAt(r, 1000, 11_000)).toBe(false);
    expect(reactionShownAt({ kind: 'reaction', ttlMs: 0 }, 1000, 1000)).toBe(false);
  });
});
