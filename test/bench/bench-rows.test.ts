/**
 * The bench's plumbing that decides what a row says (issue 50): a row with a bar is `ok` when the
 * bar is met and prints its goal beside it; the pane's frame meter pairs each frame's write with
 * the store change that led to it. No timing: the CPU marks are a counter the test steps.
 */
import { createStore } from 'zustand/vanilla';
import { describe, expect, it } from 'vitest';
import { frameMeter } from '../../bench/frame-meter.js';
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

describe('the frame meter', () => {
  it('runs a frame from the last change before a write to that write', () => {
    const store = createStore<{ n: number }>()(() => ({ n: 0 }));
    let cpu = 0;
    const writes: number[] = [];
    const meter = frameMeter(store, writes, () => cpu);
    const change = (at: number) => {
      cpu = at;
      store.setState(({ n }) => ({ n: n + 1 }));
    };
    change(10);
    writes.push(13); // the frame of the change at 10
    change(20);
    change(30); // the later change leads to the frame
    writes.push(34, 35); // one frame in two writes
    writes.push(50); // a write no change led to
    change(60); // a change no frame followed yet
    expect(meter.take()).toEqual([3, 4]);
    writes.push(62);
    expect(meter.take()).toEqual([2]);
    meter.stop();
    change(70);
    writes.push(71);
    expect(meter.take()).toEqual([]);
  });
});
