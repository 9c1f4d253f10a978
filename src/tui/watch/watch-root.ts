/**
 * The state root's watcher: plain fs.watch, one on the root and one on each session folder, whose
 * events are sorted by name before any work. chokidar, here before, statted every changed journal,
 * listed a session folder again at each checkpoint's rename and watched buddy-tui's own folders
 * (the resident statusline's, the mod's bridge) as if they were sessions: about a fifth of the
 * pane's main thread and most of libuv's pool with 5 working sessions (issue 50). A name that does
 * not matter costs a string compare. Sessions found at start are watched without being reported
 * (as `ignoreInitial` did); a session folder made, removed or replaced later is watched afresh and
 * lists the root again; a symbolic link is never followed. Followed: a root removed and made again
 * is watched afresh (follow-dir.ts), after which `onMadeAgain` runs.
 */
import { lstatSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { reportingAs, type Reporter } from '../../report/reporter.js';
import { followWatcher, type FollowedWatcher, type OpenedWatcher } from '../../state/follow-dir.js';
import { isSessionDirName } from '../../state/state-root.js';
import { rootEntryTarget, sessionEntryTarget } from './read-schedule.js';

type Listener = (event: string, name: string | null) => void;
/** fs.watch, or (tests) a stand-in; `persistent` as fs.watch's option. */
export type WatchFolder = (dir: string, persistent: boolean, listener: Listener) => FSWatcher;

export interface StateRootSpec {
  root: string;
  isTracked(id: string): boolean;
  /** A session's journal changed: read it (or, for one not tracked yet, list the root again). */
  touched(id: string, listAgain: boolean): void;
  /** A session folder came, went or was replaced: list the root again. */
  listAgain(): void;
  /** runner.lock came, changed or went. */
  onLockChange(): void;
  /** A session's reactions.jsonl was written. */
  onReactions(id: string): void;
  /** The root was made again and is watched afresh. */
  onMadeAgain(): void;
  report: Reporter;
  watchFolder?: WatchFolder;
}

const defaultWatch: WatchFolder = (dir, persistent, listener) => watch(dir, { persistent }, listener);

const isRealFolder = (path: string): boolean => {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The watches on the session folders, by id. */
function sessionFolders(spec: StateRootSpec, watchFolder: WatchFolder) {
  const folders = new Map<string, FSWatcher>();
  let refusedReported = false;
  const unwatch = (id: string) => {
    folders.get(id)?.close();
    folders.delete(id);
  };
  const onEntry = (id: string, event: string, name: string | null) => {
    const target = sessionEntryTarget(name);
    if (target === 'journal') spec.touched(id, !spec.isTracked(id));
    // A removed reactions.jsonl says nothing new (as chokidar's 'unlink' was skipped).
    else if (target === 'reactions' && (event === 'change' || isFile(join(spec.root, id, name!)))) spec.onReactions(id);
  };
  const watchOne = (id: string) => {
    try {
      const handle = watchFolder(join(spec.root, id), false, (event, name) => onEntry(id, event, name));
      // The folder went (or cannot be watched any more): look at what is there now.
      handle.on('error', () => (unwatch(id), sync(id, false)));
      folders.set(id, handle);
    } catch (error) {
      // Out of inotify watches (ENOSPC), say: told once; the folder is still read when listed.
      if (!refusedReported) spec.report({ level: 'error', where: 'watch', error });
      refusedReported = true;
    }
  };
  /** Watches what is at `id` now; true when that changed (a folder came or went, or was replaced). */
  const sync = (id: string, replaced: boolean): boolean => {
    const present = isRealFolder(join(spec.root, id));
    const had = folders.has(id);
    if (had && (!present || replaced)) unwatch(id);
    if (present && !folders.has(id)) watchOne(id);
    return had !== present || (present && replaced);
  };
  const watchAll = () => {
    let names: string[] = [];
    try {
      names = readdirSync(spec.root);
    } catch {
      // No root yet: the follower sees it made and opens this again.
    }
    for (const name of names) if (isSessionDirName(name)) sync(name, false);
  };
  const close = () => {
    for (const id of [...folders.keys()]) unwatch(id);
  };
  return { sync, watchAll, close };
}

const isFile = (path: string): boolean => {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
};

/** One opening of the root: its own watch and its session folders'. */
function openRoot(spec: StateRootSpec, watchFolder: WatchFolder): OpenedWatcher {
  const folders = sessionFolders(spec, watchFolder);
  let handle: FSWatcher | undefined;
  const onRootEntry: Listener = (event, name) => {
    const target = rootEntryTarget(name);
    if (target === 'lock') spec.onLockChange();
    else if (target === 'relist') {
      folders.watchAll();
      spec.listAgain();
    } else if (target !== undefined && (folders.sync(target.id, event === 'rename') || !spec.isTracked(target.id)))
      spec.listAgain();
  };
  try {
    // Persistent: the state root's watcher keeps the pane alive.
    handle = watchFolder(spec.root, true, onRootEntry);
    handle.on('error', (error) => spec.report({ level: 'error', where: 'watch', error }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') spec.report({ level: 'error', where: 'watch', error });
  }
  folders.watchAll();
  return {
    ready: Promise.resolve(),
    close: async () => {
      handle?.close();
      folders.close();
    },
  };
}

export function watchRoot(spec: StateRootSpec): FollowedWatcher {
  const watchFolder = spec.watchFolder ?? defaultWatch;
  return followWatcher(
    spec.root,
    () => openRoot(spec, watchFolder),
    spec.onMadeAgain,
    reportingAs(spec.report, 'watch'),
  );
}
