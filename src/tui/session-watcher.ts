/**
 * Watches the state root and keeps the store's sessions current. chokidar (directories, so an
 * atomic rename is seen) is only a trigger: journals are read from saved byte offsets by
 * `createJournalTail`, which keeps a partial last line and notices truncation and replacement.
 * All sessions changed by one burst of file events land in ONE store update, at most every
 * `intervalMs`, so the pane renders ≤ ~30 times a second however fast hooks append.
 */
import { join, relative, sep } from 'node:path';
import { watch } from 'chokidar';
import type { JournalEvent } from '../protocol/hook-event.js';
import { ignoreReports, reportingAs, type Reporter } from '../report/reporter.js';
import { followWatcher, type FollowedWatcher } from '../state/follow-dir.js';
import { foundryRoot, FOUNDRY_DIR_PREFIX } from '../state/foundry.js';
import { listSessions, type SessionEntry } from '../state/reader.js';
import { markReader, unmarkReader } from '../state/retention.js';
import type { SessionState } from '../state/session-state.js';
import { SESSION_ID_PATTERN } from '../state/state-root.js';
import type { BuddyStore } from './store/index.js';
import { INBOX_DIR } from '../ingest/inbox-order.js';
import { createInboxDrainer } from './inbox-drainer.js';
import { RUNNER_LOCK_FILE } from './runner-lock.js';
import { readTrackedSession, saveTrackedCheckpoint, type Tracked } from './tracked-session.js';
import { createUpdateThrottle } from './update-throttle.js';
import { splitFirstScan } from './first-scan.js';
import { foundryWatchOptions, rootWatchOptions } from './watch-options.js';

/** New events of one session, handed on as it is read (its state reaches the store right after). */
export interface SessionEvents {
  sessionId: string;
  events: JournalEvent[];
  state: SessionState;
}

export interface SessionWatcherOptions {
  root: string;
  store: BuddyStore;
  env?: NodeJS.ProcessEnv;
  clock?: () => number;
  /** Minimum time between store updates (default 33 ms: ~30 updates/s). */
  intervalMs?: number;
  /** Also show Foundry `claude-state-<sid>` directories (default true). */
  foundry?: boolean;
  /** Events that arrived while running (never the history found at start). */
  onEvents?: (batch: SessionEvents[]) => void;
  /** The runner lock file appeared, changed or went away. */
  onLockChange?: () => void;
  /** A session's checkpoint is saved at most this often while it changes, and on close (default 5 s). */
  checkpointEveryMs?: number;
  /** Problems watching or reading the state root. */
  report?: Reporter;
}

export interface SessionWatcher {
  /** Resolves when the watchers are ready and the first scan is in the store. */
  ready: Promise<void>;
  /** Store updates made so far (for the render-throttle test and the benchmark). */
  updates(): number;
  /** Applies pending changes now instead of waiting for the throttle. */
  flush(): void;
  close(): Promise<void>;
}

/**
 * A session's backlog is read at most this much per store update: a burst is taken in slices,
 * so its events die young (less heap, a lower peak RSS) and frames keep coming in between.
 */
export const READ_SLICE_BYTES = 256 * 1024;

/** Longer than chokidar's 50 ms per-path change throttle. */
const RECHECK_MS = 80;

export function createSessionWatcher(options: SessionWatcherOptions): SessionWatcher {
  const { root, store, env = process.env, clock = Date.now, onEvents, onLockChange, checkpointEveryMs = 5000 } = options;
  const report = options.report ?? ignoreReports;
  const reportError = (where: string, error: unknown) => report({ level: 'error', where, error });
  const tracked = new Map<string, Tracked>();
  const dirty = new Set<string>();
  let relist = false;
  let closed = false;
  let updates = 0;

  /** Sessions whose last read stopped at the slice limit: read again on the next update. */
  const unfinished = new Set<string>();
  /** Sessions of the first scan still to be read as history (right after the first frame): no update reads them. */
  const historyLater = new Set<string>();

  const readTracked = (item: Tracked, now: number, maxBytes: number, history: boolean): JournalEvent[] => {
    const { events, more } = readTrackedSession(item, now, maxBytes, history);
    if (more) unfinished.add(item.entry.id);
    return events;
  };

  /** Sessions of the first scan, marked once the first frame is out (a file each: 0.15 s for 200). */
  let unmarked: SessionEntry[] | undefined = [];
  const track = (entry: SessionEntry): Tracked => {
    const item: Tracked = { entry };
    tracked.set(entry.id, item);
    // Retention leaves a session alone while a live reader has it marked.
    if (entry.origin === 'journal') {
      if (unmarked) unmarked.push(entry);
      else markReader(entry.dir);
    }
    return item;
  };

  /**
   * Reads the given sessions. Each session's new events are handed on as soon as it is read
   * (so a burst never holds every session's events in memory at once); the states of all of
   * them go to the store afterwards in ONE update.
   */
  const readAll = (items: Tracked[], handOn: boolean) => {
    const now = clock();
    const changed: SessionState[] = [];
    let count = 0;
    for (const item of items) {
      let events: JournalEvent[];
      try {
        // History (the first scan) is read whole: it must not reach the plugins slice by slice.
        events = readTracked(item, now, handOn ? READ_SLICE_BYTES : Infinity, !handOn);
        if (handOn) saveTrackedCheckpoint(item, now, checkpointEveryMs);
      } catch (error) {
        // One session that cannot be read never hides the others.
        reportError(`session ${item.entry.id}`, error);
        continue;
      }
      count += events.length;
      if (!item.state) continue;
      changed.push(item.state);
      if (handOn && events.length) onEvents?.([{ sessionId: item.entry.id, events, state: item.state }]);
    }
    return { changed, count, now };
  };

  /** Lists the root again: new sessions are read, vanished ones dropped. */
  const relistSessions = (): { fresh: Tracked[]; gone: string[] } => {
    const seen = new Set<string>();
    const fresh: Tracked[] = [];
    for (const entry of listSessions(root, env)) {
      seen.add(entry.id);
      if (!tracked.has(entry.id)) fresh.push(track(entry));
    }
    const gone = [...tracked.keys()].filter((id) => !seen.has(id));
    for (const id of gone) tracked.delete(id);
    return { fresh, gone };
  };

  const update = () => {
    if (closed) return;
    try {
      const items: Tracked[] = [];
      let gone: string[] = [];
      if (relist) {
        relist = false;
        const listed = relistSessions();
        items.push(...listed.fresh);
        gone = listed.gone;
      }
      for (const id of dirty) {
        const item = tracked.get(id);
        if (item && !items.includes(item) && !historyLater.has(id)) items.push(item);
      }
      dirty.clear();
      const result = readAll(items, true);
      if (unfinished.size) {
        for (const id of unfinished) dirty.add(id);
        unfinished.clear();
        throttle.schedule();
      }
      const state = store.getState();
      if (gone.length) state.removeSessions(gone, result.now);
      if (result.changed.length) {
        state.applySessions(result.changed, result.now, result.count);
        updates += 1;
      }
    } catch (error) {
      reportError('watcher', error);
    }
  };
  const throttle = createUpdateThrottle(update, options.intervalMs ?? 33);

  // chokidar drops (does not delay) a second 'change' for a path within 50 ms of the first, so
  // the last append of a quick pair would wait for the next event. One re-read shortly after
  // the last trigger catches it: a debounce, not a polling loop.
  const recheckIds = new Set<string>();
  let recheckTimer: NodeJS.Timeout | undefined;
  const recheckLater = (id: string) => {
    recheckIds.add(id);
    if (recheckTimer) clearTimeout(recheckTimer);
    recheckTimer = setTimeout(() => {
      recheckTimer = undefined;
      for (const recheck of recheckIds) dirty.add(recheck);
      recheckIds.clear();
      throttle.schedule();
    }, RECHECK_MS);
  };

  const onRootEvent = (event: string, path: string) => {
    const rel = relative(root, path);
    if (!rel) return;
    const parts = rel.split(sep);
    if (parts.length === 1 && parts[0] === RUNNER_LOCK_FILE) {
      onLockChange?.();
      return;
    }
    // A hook spooled an event: the drain moves it into its journal, whose change brings it here.
    if (parts[0] === INBOX_DIR) return inbox.kick();
    const id = parts[0];
    if (!SESSION_ID_PATTERN.test(id)) return;
    if (event === 'addDir' || event === 'unlinkDir' || !tracked.has(id)) relist = true;
    else dirty.add(id);
    throttle.schedule();
    recheckLater(id);
  };

  // A folder removed and made again (`rm -rf` of the root, then the next hook) is watched
  // afresh (see follow-dir.ts); then every session is listed and read again.
  const rescan = () => {
    inbox.kick();
    relist = true;
    for (const id of tracked.keys()) dirty.add(id);
    throttle.schedule();
  };
  const inbox = createInboxDrainer(root, reportingAs(report, 'inbox'), env, clock);
  const watchers: FollowedWatcher[] = [];
  const rootOptions = rootWatchOptions(root);
  const openRoot = () => watch(root, rootOptions).on('all', onRootEvent).on('error', (error) => reportError('watch', error));
  // A new root has no runner.lock: its runner is told, to write it again.
  watchers.push(followWatcher(root, openRoot, () => (rescan(), onLockChange?.()), reportingAs(report, 'watch')));

  if (options.foundry !== false) {
    const froot = foundryRoot(env);
    const foundryOptions = foundryWatchOptions(froot);
    const onFoundryEvent = (event: string, path: string) => {
      const first = relative(froot, path).split(sep)[0];
      const id = first.slice(FOUNDRY_DIR_PREFIX.length);
      if (!SESSION_ID_PATTERN.test(id)) return;
      // A removed session folder leaves the tabs (as a journal session's does).
      if (tracked.has(id) && !(event === 'unlinkDir' && path === join(froot, first))) dirty.add(id);
      else relist = true;
      throttle.schedule();
      recheckLater(id);
    };
    const openFoundry = () => watch(froot, foundryOptions).on('all', onFoundryEvent).on('error', (error) => reportError('watch', error));
    watchers.push(followWatcher(froot, openFoundry, rescan, reportingAs(report, 'watch')));
  }

  // The first scan is history: it goes to the store but not to the plugins. What hooks spooled
  // while no pane ran is part of it. It runs now, before the watchers have walked the root, and
  // only on the sessions that changed last (first-scan.ts): the others are read right after the
  // first frame. Once the watchers are ready, everything is read again from where the scan stopped
  // (what came in between is new: to the plugins) and narrow folds are widened (tracked-session.ts).
  const readHistory = (items: Tracked[]) => {
    try {
      const result = readAll(items, false);
      if (result.changed.length) {
        store.getState().applySessions(result.changed, result.now, result.count);
        updates += 1;
      }
    } catch (error) {
      reportError('scan', error);
    }
  };
  inbox.drainNow();
  const { first, rest } = splitFirstScan(relistSessions().fresh);
  readHistory(first);
  for (const item of rest) historyLater.add(item.entry.id);
  const firstScan = unmarked;
  unmarked = undefined;
  const restRead = new Promise<void>((resolve) => {
    setImmediate(() => {
      if (!closed) readHistory(rest.filter((item) => tracked.get(item.entry.id) === item));
      historyLater.clear();
      resolve();
    });
  });
  const ready = Promise.all([restRead, ...watchers.map((w) => w.ready)]).then(() => {
    if (closed) return;
    for (const entry of firstScan) if (tracked.get(entry.id)?.entry === entry) markReader(entry.dir);
    rescan();
  });

  return {
    ready,
    updates: () => updates,
    flush: () => throttle.flush(),
    async close() {
      closed = true;
      inbox.close();
      throttle.cancel();
      if (recheckTimer) clearTimeout(recheckTimer);
      await Promise.all(watchers.map((w) => w.close()));
      const now = clock();
      for (const item of tracked.values()) {
        if (item.entry.origin !== 'journal') continue;
        saveTrackedCheckpoint(item, now, 0);
        unmarkReader(item.entry.dir);
      }
    },
  };
}
