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
/**
 * A name just made (the spool's `true >f`) is written by its `cat` a moment later, which comes
 * as a change: its drain waits that long for it rather than find the file empty and judge its
 * writer (issue 50: about a third of the spooled events were drained empty first). A file put in
 * place whole (a host plugin's link) has no change to come: it is drained this much later.
 */
const SETTLE_MS = 10;

export interface InboxDrainer {
  /**
   * Drains soon (once for a burst of kicks); `name`: the inbox entry that changed, when known;
   * `event`: fs.watch's, where 'rename' is a name made or removed, 'change' a write.
   */
  kick(name?: string | null, event?: string): void;
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
  let settle: NodeJS.Timeout | undefined;
  let again: NodeJS.Timeout | undefined;
  let kicks: Kicks = { any: false, names: new Set() };
  onAbort(life.signal, () => {
    if (scheduled) clearImmediate(scheduled);
    if (settle) clearTimeout(settle);
    if (again) clearTimeout(again);
  });

  // Kept across drains: a journal only this pane appended to is not read again for its keys.
  const keys: KeyMemory = new Map();
  const drainNow = () => {
    scheduled = undefined;
    if (settle) clearTimeout(settle);
    settle = undefined;
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
      settle = undefined;
      kicks = { any: false, names: new Set() };
      return;
    }
    drainNow();
  };
  const kick = (name?: string | null, event?: string) => {
    if (life.signal.aborted) return;
    if (typeof name === 'string') kicks.names.add(name);
    else kicks.any = true;
    if (scheduled) return;
    if (event === 'rename' && typeof name === 'string') {
      settle ??= setTimeout(drainKicked, SETTLE_MS);
      return;
    }
    if (settle) clearTimeout(settle);
    settle = undefined;
    scheduled = setImmediate(drainKicked);
  };
  return {
    kick,
    drainNow,
    close: () => void life.end(),
  };
}
