/**
 * The sessions the pane's watcher follows: listed from the state root (and Foundry), read by
 * `readTrackedSession` (tracked-session.ts), marked for retention while this pane reads them,
 * and checkpointed and unmarked when it stops.
 */
import type { JournalEvent } from '../../protocol/hook-event.js';
import type { JournalPosition } from '../../state/journal.js';
import { listSessions, type SessionEntry } from '../../state/reader.js';
import { markReader, unmarkReader } from '../../state/retention.js';
import type { SessionState } from '../../state/session-state.js';
import type { PlannedRead, ReadMode } from './read-schedule.js';
import { readTrackedSession, saveTrackedCheckpoint, type Tracked } from './tracked-session.js';

/** New events of one session, handed on as it is read (its state reaches the store right after). */
export interface SessionEvents {
  sessionId: string;
  events: JournalEvent[];
  state: SessionState;
  /** Where in the journal `state` was folded to (the resident statusline renders from it at that size). */
  journal?: JournalPosition;
}

export interface WatchedSessionsOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  /** A session's checkpoint is saved at most this often while it changes. */
  checkpointEveryMs: number;
  /** New events of one session, in a live read. */
  onEvents?: (batch: SessionEvents[]) => void;
  reportError(where: string, error: unknown): void;
}

/** What one read of some sessions found. */
export interface SessionsRead {
  changed: SessionState[];
  /** Events read in all. */
  count: number;
  now: number;
  /** Sessions whose read stopped at the slice limit. */
  unfinished: string[];
}

export interface WatchedSessions {
  has(id: string): boolean;
  get(id: string): Tracked | undefined;
  ids(): IterableIterator<string>;
  /** Lists the root again: new sessions are tracked (and returned), vanished ones dropped. */
  relist(): { fresh: Tracked[]; gone: string[] };
  /** The sessions a planned read covers: the fresh ones of a new listing first, then the marked ones. */
  planned(plan: PlannedRead): { items: Tracked[]; gone: string[] };
  /** First-scan sessions read as history after the first frame, in this order: no update reads them before. */
  deferHistory(items: Tracked[]): void;
  /** The next `count` deferred sessions still tracked (no longer deferred); none when all are read. */
  takeDeferredHistory(count: number): Tracked[];
  /** Reads the given sessions as `mode` says. */
  read(items: Tracked[], mode: ReadMode, now: number): SessionsRead;
  /** The first scan is done: sessions found from now on are marked at once; returns the first scan's. */
  endFirstScan(): SessionEntry[];
  /** Marks the first scan's sessions still tracked, once the first frame is out (a file each: 0.15 s for 200). */
  markReaders(entries: readonly SessionEntry[]): void;
  /** Saves every journal session's checkpoint and unmarks it. */
  release(now: number): void;
}

export function createWatchedSessions(options: WatchedSessionsOptions): WatchedSessions {
  const { root, env } = options;
  const tracked = new Map<string, Tracked>();
  /** Sessions of the first scan still to be read as history (after the first frame), newest first. */
  const historyLater = new Map<string, Tracked>();
  /** Sessions of the first scan, marked once the first frame is out. */
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

  const relist = () => {
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

  const read = (items: Tracked[], mode: ReadMode, now: number) => readSessions(items, mode, now, options);

  const planned = (plan: PlannedRead) => {
    const listed = plan.relist ? relist() : { fresh: [], gone: [] };
    const items: Tracked[] = [...listed.fresh];
    for (const id of plan.ids) {
      const item = tracked.get(id);
      if (item && !items.includes(item) && !historyLater.has(id)) items.push(item);
    }
    return { items, gone: listed.gone };
  };

  return {
    deferHistory(items) {
      for (const item of items) historyLater.set(item.entry.id, item);
    },
    takeDeferredHistory(count) {
      const items: Tracked[] = [];
      for (const [id, item] of historyLater) {
        if (items.length >= count) break;
        historyLater.delete(id);
        // A session gone (or listed again as a new one) since the first scan is not read as history.
        if (tracked.get(id) === item) items.push(item);
      }
      return items;
    },
    has: (id) => tracked.has(id),
    get: (id) => tracked.get(id),
    ids: () => tracked.keys(),
    relist,
    planned,
    read,
    endFirstScan() {
      const firstScan = unmarked ?? [];
      unmarked = undefined;
      return firstScan;
    },
    markReaders(entries) {
      for (const entry of entries) if (tracked.get(entry.id)?.entry === entry) markReader(entry.dir);
    },
    release(now) {
      for (const item of tracked.values()) {
        if (item.entry.origin !== 'journal') continue;
        saveTrackedCheckpoint(item, now, 0);
        unmarkReader(item.entry.dir);
      }
    },
  };
}

/**
 * Each session's new events are handed on as soon as it is read (so a burst never holds every
 * session's events in memory at once); the caller puts all their states in the store in ONE update.
 */
function readSessions(
  items: Tracked[],
  mode: ReadMode,
  now: number,
  { checkpointEveryMs, onEvents, reportError }: WatchedSessionsOptions,
): SessionsRead {
  const changed: SessionState[] = [];
  const unfinished: string[] = [];
  let count = 0;
  for (const item of items) {
    let events: JournalEvent[];
    try {
      const result = readTrackedSession(item, now, mode.maxBytes, !mode.handOn);
      if (result.more) unfinished.push(item.entry.id);
      events = result.events;
      if (mode.handOn) saveTrackedCheckpoint(item, now, checkpointEveryMs);
    } catch (error) {
      // One session that cannot be read never hides the others.
      reportError(`session ${item.entry.id}`, error);
      continue;
    }
    count += events.length;
    if (!item.state) continue;
    changed.push(item.state);
    if (mode.handOn && events.length)
      onEvents?.([{ sessionId: item.entry.id, events, state: item.state, journal: item.tail?.position() }]);
  }
  return { changed, count, now, unfinished };
}
