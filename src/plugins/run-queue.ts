/**
 * A global cap on plugin runs in flight: the first `limit` start at once, the rest wait in
 * FIFO order. `clear()` drops the waiting ones (they resolve as not run).
 */
export interface RunQueue {
  /** Runs `task` when a slot is free; resolves to undefined when the queue was cleared first. */
  run<T>(task: () => Promise<T>): Promise<T | undefined>;
  clear(): void;
  setLimit(limit: number): void;
  readonly inFlight: number;
  readonly waiting: number;
  /** Highest number of runs that were in flight at once. */
  readonly peak: number;
}

export function createRunQueue(initialLimit: number): RunQueue {
  let limit = Math.max(1, initialLimit);
  let inFlight = 0;
  let peak = 0;
  const waiting: Array<(go: boolean) => void> = [];

  const pump = () => {
    while (inFlight < limit && waiting.length > 0) {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      waiting.shift()!(true);
    }
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T | undefined> {
      const go = await new Promise<boolean>((resolve) => {
        waiting.push(resolve);
        pump();
      });
      if (!go) return undefined;
      try {
        return await task();
      } finally {
        inFlight -= 1;
        pump();
      }
    },
    clear() {
      for (const resolve of waiting.splice(0)) resolve(false);
    },
    setLimit(next: number) {
      limit = Math.max(1, next);
      pump();
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return waiting.length;
    },
    get peak() {
      return peak;
    },
  };
}
