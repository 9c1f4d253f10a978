/**
 * A frame's CPU for pane-cost.ts: from the store change that leads to a frame to the frame's
 * first write on the sink. The pane's zustand store tells its subscribers of a change once the
 * new state is set, and React draws the change after that, so a subscriber of the bench's own
 * marks where a frame's work begins; the sink marks where it ends.
 */
import type { StoreApi } from 'zustand/vanilla';

export const processCpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

export interface FrameMeter {
  /** The frames closed since the last take, as CPU ms each. */
  take(): number[];
  stop(): void;
}

/**
 * `writes` is the sink's CPU mark at each write, appended as they happen. A frame runs from the
 * last change before a write to that write; a write with no change since the last write (a
 * frame written in more than one piece, or a redraw nothing asked for) adds no frame.
 */
export function frameMeter<State>(store: StoreApi<State>, writes: number[], cpuMs = processCpuMs): FrameMeter {
  const frames: number[] = [];
  let change: number | undefined;
  let seen = writes.length;
  const settle = (): void => {
    if (writes.length > seen && change !== undefined) {
      frames.push(writes[seen] - change);
      change = undefined;
    }
    seen = writes.length;
  };
  const unsubscribe = store.subscribe(() => {
    // A write since the last change closes that change's frame before this change opens one.
    settle();
    change = cpuMs();
  });
  return {
    take() {
      settle();
      return frames.splice(0);
    },
    stop: unsubscribe,
  };
}
