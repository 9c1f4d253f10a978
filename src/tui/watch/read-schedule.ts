/**
 * The session watcher's read schedule, without I/O or timers: which file events matter, what
 * each one makes the next store update read, and how much a read may take. The watcher
 * (session-watcher.ts) only does the reading and the timing.
 *
 * - The first scan is history: every session is read whole and nothing is handed on.
 * - After that, a changed journal marks its session; a new session folder, one that went, or an
 *   unknown id makes the update list the root again. A read that stopped at the slice limit is
 *   read again on the next update.
 * - Once the watchers are ready (and when a removed root is made again) everything is read
 *   again: list the root, read every tracked session from where it stopped.
 * - chokidar (inside Foundry's folders) drops a second change of a path within 50 ms, so each
 *   session it touched is read once more shortly after the last event (the recheck). The state
 *   root's own watcher is plain fs.watch, which drops nothing: no recheck there.
 */
import { join, relative, sep } from 'node:path';
import { FOUNDRY_DIR_PREFIX } from '../../state/foundry.js';
import { isSessionDirName, JOURNAL_FILE, REACTIONS_FILE, SESSION_ID_PATTERN } from '../../state/state-root.js';
import { RUNNER_LOCK_FILE } from '../runner-lock.js';

/**
 * A session's backlog is read at most this much per store update: a burst is taken in slices,
 * so its events die young (less heap, a lower peak RSS) and frames keep coming in between.
 */
export const READ_SLICE_BYTES = 256 * 1024;

/** Longer than chokidar's 50 ms per-path change throttle (Foundry's folders). */
export const RECHECK_MS = 80;

/** How a read goes: the first scan (history) or a live update. */
export interface ReadMode {
  /** Bytes a session's read may take. */
  maxBytes: number;
  /** Whether new events go to the plugins (and checkpoints are saved). */
  handOn: boolean;
}

/** History is read whole: it must not reach the plugins slice by slice. */
export const FIRST_SCAN: ReadMode = { maxBytes: Infinity, handOn: false };
export const LIVE_READ: ReadMode = { maxBytes: READ_SLICE_BYTES, handOn: true };

/** What an entry of the state root named in a file event is about (fs.watch names it; null: unknown). */
export type RootEntryTarget = 'lock' | 'relist' | { id: string };

/**
 * A root entry's event: runner.lock, or a session's folder (buddy-tui's own folders and files are
 * not sessions); undefined when it does not matter. The inbox has a watcher of its own
 * (watch-inbox.ts): a spooled event comes back as its journal's change.
 */
export function rootEntryTarget(name: string | null): RootEntryTarget | undefined {
  if (name === null) return 'relist';
  if (name === RUNNER_LOCK_FILE) return 'lock';
  return isSessionDirName(name) ? { id: name } : undefined;
}

/** A session folder's entry: its journal, or its reactions (what the runner said: reaction-follower.ts); checkpoints do not matter. */
export function sessionEntryTarget(name: string | null): 'journal' | 'reactions' | undefined {
  if (name === null || name === JOURNAL_FILE) return 'journal';
  return name === REACTIONS_FILE ? 'reactions' : undefined;
}

/** Classifies an event under the Foundry root (`claude-state-<sid>` folders); undefined when it does not matter. */
export function foundryEventTarget(
  froot: string,
  event: string,
  path: string,
  isTracked: (id: string) => boolean,
): { id: string; listAgain: boolean } | undefined {
  const first = relative(froot, path).split(sep)[0];
  if (!first.startsWith(FOUNDRY_DIR_PREFIX)) return undefined;
  const id = first.slice(FOUNDRY_DIR_PREFIX.length);
  if (!SESSION_ID_PATTERN.test(id)) return undefined;
  // A removed session folder leaves the tabs (as a journal session's does).
  const folderRemoved = event === 'unlinkDir' && path === join(froot, first);
  return { id, listAgain: !isTracked(id) || folderRemoved };
}

/** What the next store update reads. */
export interface PlannedRead {
  /** List the root again first (new sessions are read, vanished ones dropped). */
  relist: boolean;
  /** Tracked sessions to read, in the order they were marked. */
  ids: string[];
}

export interface ReadSchedule {
  /** A session was touched by a file event: read it (or list again); `recheck`: and read it again later. */
  touched(id: string, listAgain: boolean, recheck?: boolean): void;
  /** A session folder came or went: list the root again. */
  listAgain(): void;
  /** The recheck is due: the sessions touched since the last one are read again. */
  recheckDue(): void;
  /** Reads that stopped at the slice limit: read again on the next update. */
  readAgain(ids: Iterable<string>): void;
  /** The watchers are ready, or a root was made again: list again and read every tracked session. */
  everything(trackedIds: Iterable<string>): void;
  /** Takes (and clears) what the next update reads. */
  take(): PlannedRead;
}

export function createReadSchedule(): ReadSchedule {
  const dirty = new Set<string>();
  const rechecks = new Set<string>();
  let relist = false;
  const mark = (ids: Iterable<string>) => {
    for (const id of ids) dirty.add(id);
  };
  return {
    touched(id, listAgain, recheck = false) {
      if (listAgain) relist = true;
      else dirty.add(id);
      if (recheck) rechecks.add(id);
    },
    listAgain() {
      relist = true;
    },
    recheckDue() {
      mark(rechecks);
      rechecks.clear();
    },
    readAgain: mark,
    everything(trackedIds) {
      relist = true;
      mark(trackedIds);
    },
    take() {
      const planned = { relist, ids: [...dirty] };
      relist = false;
      dirty.clear();
      return planned;
    },
  };
}
