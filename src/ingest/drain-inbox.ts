/**
 * The drain: moves spooled events from `<root>/inbox` into the per-session journals, the first
 * claimed first (inbox-order.ts), one drainer at a time. Every buddy-tui process that reads (the
 * pane, the statusline, `status`, the Node hook) calls it first. Zod-free and small: the statusline bundle loads it.
 *
 * Nothing is lost or doubled: a file is unlinked only after its line is appended, and the line
 * carries `"inbox":"<name>@<mtimeMs>"`, so a drain that died between the two is recognised by
 * the next one. A file that is not whole JSON yet waits (with the later files of its session)
 * while the shell that claimed it still runs (drain-file.ts); once that shell is gone, a file
 * that is not a whole event is moved to `inbox/damaged/` and reported, never deleted, and tried
 * again when it changes (damaged.ts). The clock plays no part in that judgement.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ignoreReports, type Reporter } from '../report/reporter.js';
import { retentionMsFromSettings } from '../config/retention-setting.js';
import { pruneSessions } from '../state/retention.js';
import { errorLogReporter } from '../state/error-log.js';
import { checkPrivateDir, isPrivateDir, stateRootPath } from '../state/state-root.js';
import { hasChangedDamaged, retryDamaged, type RetryResult } from './damaged.js';
import { drainFile, type DrainMemory } from './drain-file.js';
import { DrainJournals, type KeyMemory } from './journal-event.js';
import { DRAIN_LOCK_FILE, takeDrainLock } from './drain-lock.js';
import { orderByEventTime } from './event-time-order.js';
import { ROOT_REFUSED_FILE, clearRootRefused, markRootRefused } from './root-refusal.js';
import {
  DAMAGED_DIR,
  INBOX_DIR,
  claimedAtMs,
  compareInboxFiles,
  parseInboxName,
  type InboxFile,
  type InboxName,
} from './inbox-order.js';

export { UNKNOWN_SESSION } from './drain-file.js';

export interface DrainOptions {
  /** The clock (injected by tests); default Date.now(). Used for retention only. */
  now?: number;
  /** Where problems go (the error log, the pane's log). */
  report?: Reporter;
  /** For the retention setting on a drained SessionStart. */
  env?: NodeJS.ProcessEnv;
  /** Filled with the sessions whose files wait (UNKNOWN_SESSION: a file of a session not known yet). */
  heldSessions?: Set<string>;
  /**
   * The journals' recent keys, kept by a caller that drains again and again (the pane): a journal
   * only this drainer appended to since is not read again (journal-event.ts). Default: this drain's own.
   */
  keys?: KeyMemory;
}

export interface DrainResult {
  /** Events journaled by this drain. */
  drained: number;
  /** Spooled files left for a later drain (still being written, or held behind one). */
  waiting: number;
  /** Another drainer holds the lock: it does the work. */
  busy: boolean;
}

/** Names in the inbox that are not ours, reported once per process. */
const strangersReported = new Set<string>();

interface Listing {
  /** The spooled files' names, not yet timed (timedFiles does that under the lock). */
  names: InboxName[];
  /** `damaged/` is there: its files may have changed since they were set aside. */
  damaged: boolean;
  /** `.root-refused` is there (root-refusal.ts): the root is sound now, so it goes. */
  refused: boolean;
}

/** The inbox's spooled files by name (one readdir, no stat); other names reported once. */
function listInbox(inbox: string, report: Reporter): Listing {
  const listing: Listing = { names: [], damaged: false, refused: false };
  for (const name of readdirSync(inbox)) {
    const parsed = parseInboxName(name);
    if (parsed) listing.names.push(parsed);
    else if (name === DAMAGED_DIR) listing.damaged = true;
    else if (name === ROOT_REFUSED_FILE) listing.refused = true;
    else if (name !== DRAIN_LOCK_FILE && !name.startsWith('.') && !strangersReported.has(name)) {
      strangersReported.add(name);
      report({ level: 'warning', where: 'inbox', message: `${join(inbox, name)}: not a spooled event, left alone` });
    }
  }
  return listing;
}

/**
 * The listed files with their times, oldest first. Looked at under the lock, so a file another
 * drainer took between the listing and the lock is simply not there (no throw: it is no error).
 */
function timedFiles(inbox: string, names: InboxName[]): InboxFile[] {
  const files: InboxFile[] = [];
  for (const parsed of names) {
    const stats = lstatSync(join(inbox, parsed.name), { throwIfNoEntry: false });
    if (stats) files.push({ ...parsed, claimedMs: claimedAtMs(stats), mtimeMs: stats.mtimeMs, size: stats.size });
  }
  files.sort(compareInboxFiles);
  return orderByEventTime(inbox, files);
}

/** The inbox when it is there and sound; undefined when missing (nothing to do). Throws when unsafe. */
function soundInbox(root: string): string | undefined {
  const inbox = join(root, INBOX_DIR);
  let stats;
  try {
    stats = lstatSync(inbox);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    checkPrivateDir(root, lstatSync(root));
  } catch (error) {
    // The spool cannot see a folder's mode: tell it, so it hands events to the Node hook.
    markRootRefused(root, inbox, (error as Error).message);
    throw error;
  }
  checkPrivateDir(inbox, stats);
  return inbox;
}

/** Drains the listed files in order; returns whether a SessionStart was among them. */
function drainListed(
  root: string,
  inbox: string,
  files: InboxFile[],
  memory: DrainMemory,
  result: DrainResult,
  report: Reporter,
): boolean {
  let sawSessionStart = false;
  for (const [index, file] of files.entries()) {
    const outcome = drainFile(root, inbox, file, memory, report);
    if (outcome === 'drained-start') sawSessionStart = true;
    if (outcome === 'drained' || outcome === 'drained-start') result.drained += 1;
    else if (outcome === 'wait') result.waiting += 1;
    else if (outcome === 'hold-all' || outcome === 'stop') {
      // A file still being written whose session is not known yet (drain-file.ts noted it as
      // held), or a journal that cannot be written (a full disk): nothing after it may pass it.
      result.waiting += files.length - index;
      break;
    }
  }
  return sawSessionStart;
}

export function drainInbox(root: string, options: DrainOptions = {}): DrainResult {
  const report = options.report ?? ignoreReports;
  const result: DrainResult = { drained: 0, waiting: 0, busy: false };
  let inbox: string | undefined;
  try {
    inbox = soundInbox(root);
  } catch (error) {
    report({ level: 'error', where: 'inbox', error });
    return result;
  }
  if (!inbox) return result;
  // One readdir per drain; an empty inbox (the usual case) costs that and no lock.
  const listing = listInbox(inbox, report);
  // Seen in the listing, not unlinked blindly: an unlink that fails throws, at every drain.
  if (listing.refused) clearRootRefused(inbox);
  const retry = listing.damaged && hasChangedDamaged(inbox);
  if (!listing.names.length && !retry) return result;
  const release = takeDrainLock(inbox, options.now ?? Date.now());
  if (!release) return { ...result, waiting: listing.names.length, busy: true };
  const memory: DrainMemory = {
    held: options.heldSessions ?? new Set(),
    keys: options.keys ?? new Map(),
    journals: new DrainJournals(root),
  };
  let sawSessionStart = false;
  try {
    // Files spooled since the listing were claimed after every listed one: their own kick drains them.
    const files = timedFiles(inbox, listing.names);
    sawSessionStart = drainListed(root, inbox, files, memory, result, report);
    if (retry) result.drained += retryDamaged(root, inbox, memory.keys, report, true).journaled;
  } finally {
    memory.journals?.close();
    release();
  }
  // A new session is the moment to clear out expired ones (as the Node hook does).
  if (sawSessionStart)
    pruneSessions(root, {
      now: options.now ?? Date.now(),
      retentionMs: retentionMsFromSettings(options.env ?? process.env),
    });
  return result;
}

/** `buddy-tui doctor --retry-damaged`: every set-aside file tried again under the drain lock. */
export function retryAllDamaged(root: string, report: Reporter = ignoreReports): RetryResult | 'busy' | undefined {
  const inbox = soundInbox(root);
  if (!inbox) return undefined;
  clearRootRefused(inbox);
  const release = takeDrainLock(inbox);
  if (!release) return 'busy';
  try {
    return retryDamaged(root, inbox, new Map(), report, false);
  } finally {
    release();
  }
}

/**
 * The drain a reader (the statusline, `status`) makes before it reads: only in a root that
 * exists and is ours (a reader never creates one), problems to its errors.log. Never throws.
 */
export function drainBeforeRead(env: NodeJS.ProcessEnv = process.env, now?: number): DrainResult | undefined {
  const root = stateRootPath(env);
  try {
    if (!isPrivateDir(root)) return undefined;
    return drainInbox(root, { now, env, report: errorLogReporter(root, env) });
  } catch {
    return undefined;
  }
}
