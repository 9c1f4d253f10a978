/**
 * Watches the state root and keeps the store's sessions current. The watchers (watch-root.ts,
 * plain fs.watch on the root and each session folder, so an atomic rename is seen) are only a trigger: journals are read from saved byte offsets by
 * `createJournalTail`, which keeps a partial last line and notices truncation and replacement.
 * All sessions changed by one burst of file events land in ONE store update, at most every
 * `intervalMs`, so the pane renders ≤ ~30 times a second however fast hooks append. What is
 * read when is decided in read-schedule.ts; the sessions are kept in watched-sessions.ts.
 */
import { lifetimeWithin, onAbort } from '../../process/lifetime.js';
import { ignoreReports, reportingAs, type Reporter } from '../../report/reporter.js';
import type { FollowedWatcher } from '../../state/follow-dir.js';
import { foundryRoot } from '../../state/foundry.js';
import type { BuddyStore } from '../store/index.js';
import { createInboxDrainer, type InboxDrainer } from './inbox-drainer.js';
import { createReadSchedule, FIRST_SCAN, LIVE_READ, type ReadSchedule, RECHECK_MS } from './read-schedule.js';
import type { Tracked } from './tracked-session.js';
import { createUpdateThrottle, type UpdateThrottle } from './update-throttle.js';
import { watchFoundryRoot } from './watch-foundry-root.js';
import { watchInbox } from './watch-inbox.js';
import { watchRoot } from './watch-root.js';
import {
  createWatchedSessions,
  type SessionEvents,
  type SessionsRead,
  type WatchedSessions,
} from './watched-sessions.js';
import { HISTORY_BATCH_SESSIONS, splitFirstScan } from './first-scan.js';

export { READ_SLICE_BYTES } from './read-schedule.js';
export type { SessionEvents } from './watched-sessions.js';

export interface SessionWatcherOptions {
  root: string;
  store: BuddyStore;
  env?: NodeJS.ProcessEnv;
  clock?: () => number;
  /** Minimum time between store updates (default 33 ms: ~30 updates/s). */
  intervalMs?: number;
  /** Also show Foundry `claude-state-<sid>` directories (default true). */
  foundry?: boolean;
  /** Events that arrived while running (never the history found at start); the pane's feed's publish (session-events-feed.ts). */
  onEvents?: (batch: SessionEvents[]) => void;
  /** The runner lock file appeared, changed or went away. */
  onLockChange?: () => void;
  /** A session's reactions.jsonl was written (by the runner, or a pane's f/p). */
  onReactions?: (sessionId: string) => void;
  /** A session's checkpoint is saved at most this often while it changes, and on close (default 5 s). */
  checkpointEveryMs?: number;
  /** Problems watching or reading the state root. */
  report?: Reporter;
  /** The owner's lifetime: the watcher closes when it ends. */
  signal?: AbortSignal;
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

/** Runs `run` once, `ms` after the last `trigger()`. */
function debounce(ms: number, run: () => void): { trigger(): void; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    trigger() {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, ms);
    },
    cancel,
  };
}

/** What the file events of the watched roots lead to. */
interface RootsSpec {
  root: string;
  env: NodeJS.ProcessEnv;
  foundry: boolean;
  isTracked(id: string): boolean;
  /** A state-root session to read (or the root to list again). */
  touched(id: string, listAgain: boolean): void;
  /** A Foundry session to read (or list again), and read again shortly after. */
  touchedWithRecheck(id: string, listAgain: boolean): void;
  listAgain(): void;
  inbox: Pick<InboxDrainer, 'kick'>;
  /** A root was made again: read everything again. */
  rescan(): void;
  onLockChange?: () => void;
  onReactions?: (sessionId: string) => void;
  report: Reporter;
}

/** The state root's watcher and, unless turned off, Foundry's. */
function watchRoots(spec: RootsSpec): FollowedWatcher[] {
  const { root, isTracked, touched, listAgain, inbox, rescan, onLockChange, onReactions, report } = spec;
  const watchers = [
    watchRoot({
      root,
      isTracked,
      touched,
      listAgain,
      onLockChange: () => onLockChange?.(),
      onReactions: (id) => onReactions?.(id),
      // A new root has no runner.lock: its runner is told, to write it again.
      onMadeAgain: () => (rescan(), onLockChange?.()),
      report,
    }),
    watchInbox({ root, kick: inbox.kick, report }),
  ];
  if (!spec.foundry) return watchers;
  watchers.push(
    watchFoundryRoot({
      froot: foundryRoot(spec.env),
      isTracked,
      touched: spec.touchedWithRecheck,
      onMadeAgain: rescan,
      report,
    }),
  );
  return watchers;
}

/**
 * The first scan's history: the sessions that changed last are read now (the first frame), the
 * others after it, newest first, a batch per turn of the event loop (first-scan.ts), until the
 * watcher stops. Resolves once all are read.
 */
function scanHistory(
  sessions: WatchedSessions,
  readHistory: (items: Tracked[]) => void,
  stopped: () => boolean,
): Promise<void> {
  const { first, rest } = splitFirstScan(sessions.relist().fresh);
  readHistory(first);
  sessions.deferHistory(rest);
  return new Promise<void>((resolve) => {
    const readBatch = () => {
      const batch = stopped() ? [] : sessions.takeDeferredHistory(HISTORY_BATCH_SESSIONS);
      if (!batch.length) return resolve();
      readHistory(batch);
      // setImmediate, not a microtask: keys, timers and Ink's frames run before the next batch.
      setImmediate(readBatch);
    };
    setImmediate(readBatch);
  });
}

/**
 * Puts one read's states (and the vanished sessions) in the store in ONE update; true when states
 * changed. History goes in at once; a live read's sessions not shown wait for the tick (receiveSessions).
 */
function applyReadToStore(store: BuddyStore, result: SessionsRead, gone: string[], history: boolean): boolean {
  const state = store.getState();
  if (gone.length) state.removeSessions(gone, result.now);
  if (!result.changed.length) return false;
  if (history) state.applySessions(result.changed, result.now, result.count);
  else state.receiveSessions(result.changed, result.now, result.count);
  return true;
}

/**
 * A session's file touched: read it on the next update. For Foundry's folders (chokidar) also
 * once more shortly after the last trigger: chokidar drops (does not delay) a second 'change' for
 * a path within 50 ms of the first, so the last append of a quick pair would wait for the next
 * event. A debounce, not a polling loop. The state root's fs.watch drops nothing.
 */
function touchedWithRecheck(schedule: ReadSchedule, throttle: UpdateThrottle) {
  const recheck = debounce(RECHECK_MS, () => {
    schedule.recheckDue();
    throttle.schedule();
  });
  const touched = (id: string, listAgain: boolean) => {
    schedule.touched(id, listAgain);
    throttle.schedule();
  };
  const touchedRechecked = (id: string, listAgain: boolean) => {
    schedule.touched(id, listAgain, true);
    throttle.schedule();
    recheck.trigger();
  };
  const listAgain = () => {
    schedule.listAgain();
    throttle.schedule();
  };
  return { touched, touchedRechecked, listAgain, recheck };
}

export function startSessionWatcher(options: SessionWatcherOptions): SessionWatcher {
  const { root, store, env = process.env, clock = Date.now, onLockChange } = options;
  const report = options.report ?? ignoreReports;
  const reportError = (where: string, error: unknown) => report({ level: 'error', where, error });
  const sessions = createWatchedSessions({
    root,
    env,
    checkpointEveryMs: options.checkpointEveryMs ?? 5000,
    onEvents: options.onEvents,
    reportError,
  });
  const schedule = createReadSchedule();
  const life = lifetimeWithin(options.signal);
  let updates = 0;

  const applyRead = (result: SessionsRead, gone: string[], history = false) => {
    if (applyReadToStore(store, result, gone, history)) updates += 1;
  };

  /** Reads what the schedule says; true when a read stopped at the slice limit (read on). */
  const update = (): boolean => {
    if (life.signal.aborted) return false;
    try {
      const { items, gone } = sessions.planned(schedule.take());
      const result = sessions.read(items, LIVE_READ, clock());
      schedule.readAgain(result.unfinished);
      applyRead(result, gone);
      return result.unfinished.length > 0;
    } catch (error) {
      reportError('watcher', error);
      return false;
    }
  };
  const throttle = createUpdateThrottle(() => {
    if (update()) throttle.schedule();
  }, options.intervalMs ?? 33);

  const { touched, touchedRechecked, listAgain, recheck } = touchedWithRecheck(schedule, throttle);

  const inbox = createInboxDrainer(root, reportingAs(report, 'inbox'), env, clock, life.signal);
  // A folder removed and made again (`rm -rf` of the root, then the next hook) is watched
  // afresh (see follow-dir.ts); then every session is listed and read again.
  const rescan = () => {
    inbox.kick();
    schedule.everything(sessions.ids());
    throttle.schedule();
  };

  const watchers = watchRoots({
    root,
    env,
    foundry: options.foundry !== false,
    isTracked: sessions.has,
    touched,
    touchedWithRecheck: touchedRechecked,
    listAgain,
    inbox,
    rescan,
    onLockChange,
    onReactions: options.onReactions,
    report,
  });

  // The first scan is history: it goes to the store but not to the plugins. What hooks spooled
  // while no pane ran is part of it. It runs now, before the watchers have walked the root, and
  // only on the sessions that changed last (first-scan.ts): the others are read after the first
  // frame, in batches. Once the watchers are ready, everything is read again from where the scan stopped
  // (what came in between is new: to the plugins) and narrow folds are widened (tracked-session.ts).
  const readHistory = (items: Tracked[]) => {
    try {
      applyRead(sessions.read(items, FIRST_SCAN, clock()), [], true);
    } catch (error) {
      reportError('scan', error);
    }
  };
  inbox.drainNow();
  const restRead = scanHistory(sessions, readHistory, () => life.signal.aborted);
  const firstScan = sessions.endFirstScan();
  const ready = Promise.all([restRead, ...watchers.map((w) => w.ready)]).then(() => {
    if (life.signal.aborted) return;
    sessions.markReaders(firstScan);
    rescan();
  });

  // The inbox stopped first (it registered first); the last checkpoints once nothing watches.
  onAbort(life.signal, async () => {
    throttle.cancel();
    recheck.cancel();
    await Promise.all(watchers.map((w) => w.close()));
    sessions.release(clock());
  });

  return {
    ready,
    updates: () => updates,
    flush: () => throttle.flush(),
    close: life.end,
  };
}
