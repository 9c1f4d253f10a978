/**
 * The bench's plumbing that decides what a row says (issue 50): a row with a bar is `ok` when the
 * bar is met and prints its goal beside it.
 */
import { describe, expect, it } from 'vitest';
import { formatRow, verdict } from '../../bench/measure.js';

describe('bench rows', () => {
  it('prints the bar beside the goal, and says when the goal is met too', () => {
    const row = { area: 'pane', name: 'quiet', value: '0.20%', bar: '<= 0.5%', goal: '<= 0.3%' };
    expect(verdict({ ...row, ok: true, goalMet: false })).toBe('ok   (bar <= 0.5%, goal <= 0.3%)');
    expect(verdict({ ...row, ok: true, goalMet: true })).toBe('ok   (bar <= 0.5%, goal <= 0.3%; goal met)');
    expect(verdict({ ...row, ok: false, goalMet: false })).toBe('MISS (bar <= 0.5%, goal <= 0.3%)');
    expect(formatRow({ ...row, ok: false })).toBe('quiet: 0.20%  MISS (bar <= 0.5%, goal <= 0.3%)');
  });

  it('keeps the goal-only and the plain rows as they were', () => {
    expect(verdict({ area: 'a', name: 'n', value: 'v', goal: '<= 3 ms', ok: true })).toBe('ok   (goal <= 3 ms)');
    expect(formatRow({ area: 'a', name: 'n', value: 'v' })).toBe('n: v');
  });
});
