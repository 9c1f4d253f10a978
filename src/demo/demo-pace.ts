/**
 * The demo's pace: after each replayed event the replay waits until the pane has read it, the
 * plugins and the delegate have answered, and what they said is on screen rather than waiting
 * behind another bubble; a bubble makes way for the next after a reading time. So each loop
 * tells its story in order (fail, fix, green celebration, review, commit) and no reaction goes
 * stale, however slow the machine. Real sessions never wait for the buddy and keep the bubble
 * queue's own rules; only the demo owns its events and can hold them.
 */
import type { TuiHandle } from '../tui/start-tui.js';
import { yieldToWaiting } from '../tui/store/bubble-queue.js';
import { sleep } from './demo-replay.js';

/** How long a bubble stays before the next one may take its place, before the speed factor. */
export const DEMO_READ_MS = 3_500;
const POLL_MS = 50;
/** Longer than the reaction sink's flush (33 ms), so what was answered has reached the queue. */
const FLUSH_WAIT_MS = 100;
/** Hang guards: a pane that never reads an event, or an answer that never comes, costs this wait, never the demo. */
const READ_GUARD_MS = 5_000;
const ANSWER_GUARD_MS = 15_000;
const SHOW_GUARD_MS = 30_000;

export type DemoPane = Pick<TuiHandle, 'store' | 'services'>;

export interface DemoPaceOptions {
  speed: number;
  signal?: AbortSignal;
  clock?: () => number;
}

/** Returns the wait to run after each replayed event. */
export function createDemoPace(pane: DemoPane, options: DemoPaceOptions): () => Promise<void> {
  const { signal } = options;
  const clock = options.clock ?? Date.now;
  const readMs = DEMO_READ_MS / options.speed;
  let applied = pane.store.getState().eventsApplied;

  const waitFor = async (done: () => boolean, guardMs: number) => {
    const deadline = clock() + guardMs;
    while (!done() && clock() < deadline && !signal?.aborted) await sleep(POLL_MS, signal);
  };
  const runnerIdle = () => {
    const stats = pane.services.runner()?.stats();
    return !stats || stats.inFlight + stats.waiting === 0;
  };
  const delegateIdle = async () => {
    const delegate = pane.services.delegate();
    if (!delegate) return;
    let idle = false;
    void delegate.idle().then(() => (idle = true));
    await waitFor(() => idle, ANSWER_GUARD_MS);
  };
  /** True when nothing waits behind the bubble on screen; lets the next one on once this one was read. */
  const allShown = () => {
    const { bubbles } = pane.store.getState();
    if (bubbles.waiting.length === 0) return true;
    const next = yieldToWaiting(bubbles, clock(), readMs);
    if (next !== bubbles) pane.store.setState({ bubbles: next });
    return next.waiting.length === 0;
  };

  return async () => {
    await waitFor(() => pane.store.getState().eventsApplied > applied, READ_GUARD_MS);
    applied = pane.store.getState().eventsApplied;
    await waitFor(runnerIdle, ANSWER_GUARD_MS);
    await delegateIdle();
    await sleep(FLUSH_WAIT_MS, signal);
    await waitFor(allShown, SHOW_GUARD_MS);
  };
}
