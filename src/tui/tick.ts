/**
 * The animation tick of the pane and the headless runner: a chain of timeouts whose pace each
 * step decides (see tick-pace.ts), ended by the owner's lifetime.
 */
import { onAbort } from '../process/lifetime.js';

export interface TickOptions {
  /** Delay of the first tick. */
  firstMs: number;
  /** One tick; returns the delay of the next, or undefined to stop ticking. */
  step(): number | undefined;
  signal: AbortSignal;
}

export interface Tick {
  /** Whether the next tick is due later than `ms` from now (never once ended). */
  dueLaterThan(ms: number): boolean;
  /** Whether the next tick is due within `ms` from now (never once ended). */
  dueWithin(ms: number): boolean;
  /** Ticks after `delay` instead of when planned. */
  reschedule(delay: number): void;
}

export function startTick(options: TickOptions): Tick {
  let timer: NodeJS.Timeout | undefined;
  let due = 0;
  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    due = Date.now() + delay;
    timer = setTimeout(() => {
      timer = undefined;
      const next = options.step();
      if (next !== undefined && !options.signal.aborted) schedule(next);
    }, delay);
  };
  onAbort(options.signal, () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  });
  schedule(options.firstMs);
  return {
    dueLaterThan: (ms) => timer !== undefined && due - Date.now() > ms,
    dueWithin: (ms) => timer !== undefined && due - Date.now() <= ms,
    reschedule: schedule,
  };
}
