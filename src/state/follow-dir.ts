/**
 * Notices a watched folder being made again after it was removed (`rm -rf` of the state root,
 * then the next hook creates it). A watcher on the folder itself stays on the deleted inode
 * and never hears of the new one, so this watches the folder's parent (or, while that is gone
 * too, its nearest existing ancestor): one fs.watch, events for other names skipped without a
 * stat, no polling. `onReturn` runs each time the folder exists again as a new inode; the
 * caller then watches it afresh.
 */
import { existsSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, relative, sep } from 'node:path';
import { ignoreReports, type Reporter } from '../report/reporter.js';
import { lifetimeWithin, onAbort } from '../process/lifetime.js';

/** The folder itself if it exists, else its closest existing ancestor. */
export function nearestExisting(dir: string): string {
  let current = dir;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

export interface DirFollower {
  close(): void;
}

export function followDir(
  dir: string,
  onReturn: () => void,
  report: Reporter = ignoreReports,
  signal?: AbortSignal,
): DirFollower {
  const reportError = (error: unknown) => report({ level: 'error', where: 'follow folder', error });
  let present = isDir(dir);
  /** A rename of `dir` itself was seen: it may be a new folder even if one was there before. */
  let renamed = false;
  let aim: string | undefined;
  let handle: FSWatcher | undefined;
  let scheduled: NodeJS.Immediate | undefined;
  const life = lifetimeWithin(signal);
  onAbort(life.signal, () => {
    if (scheduled) clearImmediate(scheduled);
    handle?.close();
    handle = undefined;
  });

  const check = () => {
    scheduled = undefined;
    if (life.signal.aborted) return;
    // Its inode number proves nothing (a new folder may get the old one's): a rename event for
    // it, or its absence before, does.
    const exists = isDir(dir);
    const back = exists && (!present || renamed);
    present = exists;
    renamed = false;
    if (back) {
      try {
        onReturn();
      } catch (error) {
        reportError(error);
      }
    }
    const target = nearestExisting(dirname(dir));
    if (target !== aim) reaim(target);
  };
  // The removal and the creation come as a burst of events: one look after it.
  const checkSoon = () => (scheduled ??= setImmediate(check));

  const reaim = (target: string) => {
    handle?.close();
    handle = undefined;
    aim = target;
    // The name under `target` on the way to `dir`: the only entry whose events matter.
    const next = relative(target, dir).split(sep)[0];
    const self = basename(target);
    const isParent = target === dirname(dir);
    try {
      // Not persistent: following a folder never keeps the process alive on its own.
      handle = watch(target, { persistent: false }, (event, name) => {
        if (name !== null && name !== next && name !== self) return;
        if (isParent && event === 'rename' && name !== self) renamed = true;
        checkSoon();
      });
      handle.on('error', () => {
        // The ancestor itself went away: aim again from what exists now.
        aim = undefined;
        checkSoon();
      });
    } catch (error) {
      reportError(error);
      return;
    }
    // It may have changed before the watch started.
    checkSoon();
  };

  check();
  return {
    close: () => void life.end(),
  };
}

/** A watcher on a folder as opened once: a chokidar watcher's, or the Foundry root's own. */
export interface OpenedWatcher {
  /** Resolves once it watches (chokidar's 'ready'). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface FollowedWatcher {
  /** The first watcher's 'ready'. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * A watcher on `dir` that follows the folder: when it is made again, the old watcher is closed,
 * `open` watches the new one, and `onBack` runs once that is ready (to read again whatever
 * changed while nothing watched).
 */
export function followWatcher(
  dir: string,
  open: () => OpenedWatcher,
  onBack: () => void,
  report: Reporter,
  signal?: AbortSignal,
): FollowedWatcher {
  let current = open();
  const life = lifetimeWithin(signal);
  // The follower ends with this watcher (its lifetime is within this one).
  followDir(
    dir,
    () => {
      if (life.signal.aborted) return;
      void current.close();
      current = open();
      void current.ready.then(() => {
        if (!life.signal.aborted) onBack();
      });
    },
    report,
    life.signal,
  );
  onAbort(life.signal, () => current.close());
  return {
    ready: current.ready,
    close: life.end,
  };
}
