/**
 * The pane's drain of `<root>/inbox`: the inbox's watcher kicks it on every file event there,
 * with the file's name; one drain runs per burst of kicks. A burst whose names are all gone from
 * the inbox is no drain: those are the events of files already drained (the write that finished
 * a file, the drain's own unlink), which came after the drain that took them (issue 50: two
 * drains per spooled event before). While files wait (a hook still writing) or another drainer
 * holds the lock, it looks again shortly after, whatever the names.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { drainInbox } from '../../ingest/drain-inbox.js';
import { INBOX_DIR } from '../../ingest/inbox-order.js';
import type { KeyMemory } from '../../ingest/journal-event.js';
import { lifetimeWithin, onAbort } from '../../process/lifetime.js';
import type { Reporter } from '../../report/reporter.js';

const AGAIN_MS = 250;

export interface InboxDrainer {
  /** Drains soon (once for a burst of kicks); `name`: the inbox entry that changed, when known. */
  kick(name?: string | null): void;
  /** Drains now; for the first scan, so what was spooled while no pane ran is read with the history. */
  drainNow(): void;
  /** Stops draining (as the owner's signal ending does). */
  close(): void;
}

/** The names kicked since the last drain; `any`: a kick that named nothing, so the drain must run. */
interface Kicks {
  any: boolean;
  names: Set<string>;
}

/** Whether one of the kicked names is in the inbox (lstat without a throw when it is not). */
function anyPresent(inbox: string, names: Set<string>): boolean {
  for (const name of names) if (lstatSync(join(inbox, name), { throwIfNoEntry: false })) return true;
  return false;
}

export function createInboxDrainer(
  root: string,
  report: Reporter,
  env: NodeJS.ProcessEnv,
  clock: () => number = Date.now,
  signal?: AbortSignal,
): InboxDrainer {
  const life = lifetimeWithin(signal);
  const inbox = join(root, INBOX_DIR);
  let scheduled: NodeJS.Immediate | undefined;
  let again: NodeJS.Timeout | undefined;
  let kicks: Kicks = { any: false, names: new Set() };
  onAbort(life.signal, () => {
    if (scheduled) clearImmediate(scheduled);
    if (again) clearTimeout(again);
  });

  // Kept across drains: a journal only this pane appended to is not read again for its keys.
  const keys: KeyMemory = new Map();
  const drainNow = () => {
    scheduled = undefined;
    kicks = { any: false, names: new Set() };
    if (life.signal.aborted) return;
    try {
      const result = drainInbox(root, { now: clock(), report, env, keys });
      const looksAgain = result.waiting > 0 || result.busy;
      if (looksAgain && !again) {
        again = setTimeout(() => {
          again = undefined;
          kick();
        }, AGAIN_MS);
        again.unref();
      } else if (!looksAgain && again) {
        // Nothing waits any more: the look again would find nothing.
        clearTimeout(again);
        again = undefined;
      }
    } catch (error) {
      report({ level: 'error', where: 'inbox', error });
    }
  };
  const drainKicked = () => {
    const { any, names } = kicks;
    if (!any && !anyPresent(inbox, names)) {
      scheduled = undefined;
      kicks = { any: false, names: new Set() };
      return;
    }
    drainNow();
  };
  const kick = (name?: string | null) => {
    if (life.signal.aborted) return;
    if (typeof name === 'string') kicks.names.add(name);
    else kicks.any = true;
    scheduled ??= setImmediate(drainKicked);
  };
  return {
    kick,
    drainNow,
    close: () => void life.end(),
  };
}
