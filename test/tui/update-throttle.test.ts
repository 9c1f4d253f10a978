import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUpdateThrottle } from '../../src/tui/watch/update-throttle.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('update throttle', () => {
  it('runs at most ~30 times a second however often it is asked', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const throttle = createUpdateThrottle(
      () => (runs += 1),
      33,
      () => Date.now(),
    );
    for (let ms = 0; ms < 1000; ms += 1) {
      for (let i = 0; i < 10; i += 1) throttle.schedule();
      await vi.advanceTimersByTimeAsync(1);
    }
    const runsInASecond = runs;
    await vi.advanceTimersByTimeAsync(100);
    // One run at once, then one per 33 ms.
    expect(runsInASecond).toBeGreaterThanOrEqual(29);
    expect(runsInASecond).toBeLessThanOrEqual(Math.ceil(1000 / 33) + 1);
    expect(runs - runsInASecond).toBeLessThanOrEqual(1);
  });

  it('a single request after a quiet period runs on the next turn', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const throttle = createUpdateThrottle(
      () => (runs += 1),
      33,
      () => Date.now(),
    );
    await vi.advanceTimersByTimeAsync(1000);
    throttle.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
  });

  it('flush runs what is pending; cancel drops it', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const throttle = createUpdateThrottle(
      () => (runs += 1),
      33,
      () => Date.now(),
    );
    throttle.schedule();
    throttle.flush();
    expect(runs).toBe(1);
    throttle.schedule();
    throttle.cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
  });
});
