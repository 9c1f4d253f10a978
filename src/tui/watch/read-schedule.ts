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
 * - chokidar drops a second change of a path within 50 ms, so each touched session is read
 *   once more shortly after the last event (the recheck).
 */
import { basename, join, relative, sep } from 'node:path';
import { FOUNDRY_DIR_PREFIX } from '../../state/foundry.js';
import { JOURNAL_FILE, REACTIONS_FILE, SESSION_ID_PATTERN } from '../../state/state-root.js';
import { INBOX_DIR } from '../../ingest/inbox-order.js';
import { RUNNER_LOCK_FILE } from '../runner-lock.js';

/**
 * A session's backlog is read at most this much per store update: a burst is taken in slices,
 * so its events die young (less heap, a lower peak RSS) and frames keep coming in between.
 */
export const READ_SLICE_BYTES = 256 * 1024;

/** Longer than chokidar's 50 ms per-path change throttle. */
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

/** What a file event under the state root is about. */
export type RootTarget =
  | { kind: 'lock' }
  | { kind: 'reactions'; id: string }
  | { kind: 'session'; id: string; listAgain: boolean };

/** Classifies an event under the state root; undefined when it does not matter. */
export function rootEventTarget(
  root: string,
  event: string,
  path: string,
  isTracked: (id: string) => boolean,
): RootTarget | undefined {
  const rel = relative(root, path);
  if (!rel) return undefined;
  const parts = rel.split(sep);
  if (parts.length === 1 && parts[0] === RUNNER_LOCK_FILE) return { kind: 'lock' };
  if (parts[0] === INBOX_DIR) return undefined;
  const id = parts[0];
  if (!SESSION_ID_PATTERN.test(id)) return undefined;
  // What the runner said: a viewer shows it (reaction-follower.ts); the journal is not read for it.
  if (parts.length === 2 && parts[1] === REACTIONS_FILE)
    return event === 'unlink' ? undefined : { kind: 'reactions', id };
  return { kind: 'session', id, listAgain: event === 'addDir' || event === 'unlinkDir' || !isTracked(id) };
}

/**
 * Only directories, journals, reaction logs and the lock matter; checkpoints do not. The inbox has
 * a watcher of its own (watch-inbox.ts): a spooled event comes back here as its journal's change.
 */
export function rootIgnored(root: string, path: string, isFile: boolean | undefined): boolean {
  const rel = relative(root, path);
  if (!rel) return false;
  const parts = rel.split(sep);
  if (parts[0] === INBOX_DIR) return true;
  if (parts.length === 1) return !(SESSION_ID_PATTERN.test(parts[0]) || parts[0] === RUNNER_LOCK_FILE);
  return isFile === true && basename(path) !== JOURNAL_FILE && basename(path) !== REACTIONS_FILE;
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
  /** A session was touched by a file event: read it (or list again), and recheck it later. */
  touched(id: string, listAgain: boolean): void;
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
    touched(id, listAgain) {
      if (listAgain) relist = true;
      else dirty.add(id);
      rechecks.add(id);
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
