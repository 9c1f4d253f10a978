/**
 * Coalesces bursts: `schedule()` may be called for every file event, but `run` happens at most
 * once per `intervalMs` (the first call of a quiet period runs on the next turn of the event
 * loop, so a single event still reaches the screen at once). Keeps React renders ≤ ~30/s.
 */
export interface UpdateThrottle {
  schedule(): void;
  /** Runs now if something is scheduled (used on close and in tests). */
  flush(): void;
  cancel(): void;
}

export function createUpdateThrottle(run: () => void, intervalMs = 33, clock: () => number = Date.now): UpdateThrottle {
  let timer: NodeJS.Timeout | undefined;
  let lastRun = -Infinity;
  const fire = () => {
    timer = undefined;
    lastRun = clock();
    run();
  };
  return {
    schedule() {
      if (timer) return;
      const wait = Math.max(0, lastRun + intervalMs - clock());
      timer = setTimeout(fire, wait);
    },
    flush() {
      if (!timer) return;
      clearTimeout(timer);
      fire();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
