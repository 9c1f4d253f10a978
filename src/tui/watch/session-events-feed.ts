/**
 * Where the new journal events the watcher reads go: the watcher publishes each batch here, and
 * each consumer (the pet, the runner's plugins, the stage drawn, the resident statuslines, the
 * headless runner's idle clock) subscribes itself where it is made, so no part of the pane passes
 * a batch on by hand. Listeners hear a batch in the order they subscribed; a subscription ends
 * with its unsubscribe, its own signal, or the feed's lifetime, after which nothing is heard.
 */
import { onAbort } from '../../process/lifetime.js';
import type { SessionEvents } from './watched-sessions.js';

export type { SessionEvents } from './watched-sessions.js';

export type SessionEventsListener = (batch: SessionEvents[]) => void;

export interface SessionEventsFeed {
  /** Hands `batch` to every listener, in the order they subscribed (nothing once the feed ended). */
  publish(batch: SessionEvents[]): void;
  /** `listener` hears each batch until the returned unsubscribe runs or `until` (the subscriber's lifetime) aborts. */
  subscribe(listener: SessionEventsListener, until?: AbortSignal): () => void;
}

/** A feed within the owner's lifetime (`signal`): its end drops every listener. */
export function createSessionEventsFeed(signal: AbortSignal): SessionEventsFeed {
  // Keyed by subscription, so one function subscribed twice is heard twice and unsubscribed once each.
  const listeners = new Map<symbol, SessionEventsListener>();
  onAbort(signal, () => listeners.clear());
  return {
    publish(batch) {
      if (signal.aborted) return;
      for (const listener of [...listeners.values()]) listener(batch);
    },
    subscribe(listener, until) {
      if (signal.aborted || until?.aborted) return () => undefined;
      const key = Symbol('subscription');
      listeners.set(key, listener);
      const stopListening = until ? onAbort(until, () => listeners.delete(key)) : () => undefined;
      return () => {
        listeners.delete(key);
        stopListening();
      };
    },
  };
}
