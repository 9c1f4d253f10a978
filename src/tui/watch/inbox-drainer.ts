/**
 * The pane's drain of `<root>/inbox`: the session watcher kicks it on every file event in the
 * inbox; one drain runs per burst. While files wait (a hook still writing) or another drainer
 * holds the lock, it looks again shortly after: the file's last write may come as a change
 * event chokidar drops (it throttles a path's changes to one per 50 ms).
 */
import { drainInbox } from '../../ingest/drain-inbox.js';
import type { KeyMemory } from '../../ingest/journal-event.js';
import { lifetimeWithin, onAbort } from '../../process/lifetime.js';
import type { Reporter } from '../../report/reporter.js';

const AGAIN_MS = 250;

export interface InboxDrainer {
  /** Drains soon (once for a burst of kicks). */
  kick(): void;
  /** Drains now; for the first scan, so what was spooled while no pane ran is read with the history. */
  drainNow(): void;
  /** Stops draining (as the owner's signal ending does). */
  close(): void;
}

export function createInboxDrainer(
  root: string,
  report: Reporter,
  env: NodeJS.ProcessEnv,
  clock: () => number = Date.now,
  signal?: AbortSignal,
): InboxDrainer {
  const life = lifetimeWithin(signal);
  let scheduled: NodeJS.Immediate | undefined;
  let again: NodeJS.Timeout | undefined;
  onAbort(life.signal, () => {
    if (scheduled) clearImmediate(scheduled);
    if (again) clearTimeout(again);
  });

  // Kept across drains: a journal only this pane appended to is not read again for its keys.
  const keys: KeyMemory = new Map();
  const drainNow = () => {
    scheduled = undefined;
    if (life.signal.aborted) return;
    try {
      const result = drainInbox(root, { now: clock(), report, env, keys });
      if ((result.waiting > 0 || result.busy) && !again) {
        again = setTimeout(() => {
          again = undefined;
          kick();
        }, AGAIN_MS);
        again.unref();
      }
    } catch (error) {
      report({ level: 'error', where: 'inbox', error });
    }
  };
  const kick = () => {
    if (!life.signal.aborted) scheduled ??= setImmediate(drainNow);
  };
  return {
    kick,
    drainNow,
    close: () => void life.end(),
  };
}
