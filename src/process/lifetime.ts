/**
 * One lifecycle for a process's services, on the model of execa's lib/terminate/cleanup.js. The
 * owner (startTui, the headless runner) makes one lifetime; every service takes its `signal`
 * and registers its teardown with `onAbort`. Ending the lifetime aborts the signal (each teardown
 * runs once, in the order registered) and waits for what the teardowns return: a watcher
 * closing, a plugin child ending. A service that may also be closed on its own (tests, a
 * viewer's runner) makes a lifetime within its owner's: it ends with the owner's, or by itself.
 * What must outlast every teardown (the runner lock, the process's signal handlers) runs `onEnded`.
 * `events.addAbortListener` came in Node 20.5; the package runs on 20.0, hence `onAbort`.
 */
import { setMaxListeners } from 'node:events';

/**
 * A lifetime's signal has a teardown per service by design (the pane's has a dozen): Node's
 * default of 10 listeners printed a MaxListenersExceededWarning over the pane's screen. This many
 * still names a leak (a listener added per event).
 */
const TEARDOWNS_PER_LIFETIME = 100;

/** What the teardowns registered on a signal returned, to wait for when it ends. */
const teardownsRunning = new WeakMap<AbortSignal, Promise<unknown>[]>();
/** What runs once a lifetime's teardowns have all settled. */
const afterEnd = new WeakMap<AbortSignal, (() => void)[]>();

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

/**
 * Runs `teardown` once when `signal` aborts (at once if it has). A promise it returns (or an
 * error it throws) is waited for by `end()` of the signal's lifetime. Returns the unregister.
 */
export function onAbort(signal: AbortSignal, teardown: () => unknown): () => void {
  const run = () => {
    let result: unknown;
    try {
      result = teardown();
    } catch (error) {
      result = Promise.reject(error);
    }
    if (!isThenable(result)) return;
    const running = teardownsRunning.get(signal) ?? [];
    running.push(Promise.resolve(result));
    teardownsRunning.set(signal, running);
  };
  if (signal.aborted) {
    run();
    return () => undefined;
  }
  signal.addEventListener('abort', run, { once: true });
  return () => signal.removeEventListener('abort', run);
}

/**
 * Runs `last` once the lifetime of `signal` has ended and every teardown has settled, in the
 * order registered: what must outlast the services (the runner lock, the process's signal
 * handlers, the alternate screen). Only for a signal of `lifetimeWithin`.
 */
export function onEnded(signal: AbortSignal, last: () => void): void {
  const list = afterEnd.get(signal) ?? [];
  list.push(last);
  afterEnd.set(signal, list);
}

export interface Lifetime {
  readonly signal: AbortSignal;
  /** Ends it (the first call; later ones get the same promise): aborts, then waits for every teardown to settle. */
  end(): Promise<void>;
}

/** A lifetime of its own, or, given its owner's signal, one that also ends with the owner's. */
export function lifetimeWithin(owner?: AbortSignal): Lifetime {
  const controller = new AbortController();
  setMaxListeners(TEARDOWNS_PER_LIFETIME, controller.signal);
  let ended: Promise<void> | undefined;
  const end = (): Promise<void> => {
    ended ??= (async () => {
      controller.abort();
      await Promise.allSettled(teardownsRunning.get(controller.signal) ?? []);
      for (const last of afterEnd.get(controller.signal) ?? []) last();
    })();
    return ended;
  };
  if (owner) onAbort(owner, end);
  return { signal: controller.signal, end };
}
