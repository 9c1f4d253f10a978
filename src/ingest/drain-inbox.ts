/**
 * The drain: moves spooled events from `<root>/inbox` into the per-session journals, oldest
 * first, one drainer at a time. Every buddy-tui process that reads (the pane, the statusline,
 * `status`, the Node hook) calls it first. Zod-free and small: the statusline bundle loads it.
 *
 * Nothing is lost or doubled: a file is unlinked only after its line is appended, and the line
 * carries `"inbox":"<name>@<mtimeMs>"`, so a drain that died between the two is recognised by
 * the next one. A file that is not whole JSON yet waits (with everything after it of its
 * session) until GRACE_MS; after that it is moved to `inbox/damaged/` and reported, never deleted.
 */
import { closeSync, existsSync, lstatSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeHostEvent } from '../hosts/host-adapter.js';
import { ignoreReports, type Reporter } from '../report/reporter.js';
import { appendLine, openForRead, serializeEventLine } from '../state/journal.js';
import { scanLinesFromEnd } from '../state/lines-from-end.js';
import { pruneSessions, retentionMsFromSettings } from '../state/retention.js';
import { errorLogReporter } from '../state/error-log.js';
import { JOURNAL_FILE, UnsafePathError, checkPrivateDir, ensurePrivateDir, ensureSessionDir, isPrivateDir, sessionDirName, stateRootPath } from '../state/state-root.js';
import { DRAIN_LOCK_FILE, takeDrainLock } from './drain-lock.js';
import { readInboxFile } from './inbox-file.js';
import { DAMAGED_DIR, INBOX_DIR, compareInboxFiles, parseInboxName, type InboxFile } from './inbox-order.js';
import { isHookPayload } from './payload-edges.js';

/** How long a file may stay incomplete: far past the hook's own 5 s timeout. */
export const GRACE_MS = 60_000;

export interface DrainOptions {
  /** The clock (injected by tests); default Date.now(). */
  now?: number;
  /** Where problems go (the error log, the pane's log). */
  report?: Reporter;
  /** For the retention setting on a drained SessionStart. */
  env?: NodeJS.ProcessEnv;
}

export interface DrainResult {
  /** Events journaled by this drain. */
  drained: number;
  /** Spooled files left for a later drain (incomplete, or held behind an incomplete one). */
  waiting: number;
  /** Another drainer holds the lock: it does the work. */
  busy: boolean;
}

/** Names in the inbox that are not ours, reported once per process. */
const strangersReported = new Set<string>();

/** The journal's recent `inbox` keys: enough lines to cover a drain that raced this one. */
const KEY_SCAN_BYTES = 256 * 1024;
const KEY_PATTERN = /"inbox":"([^"]+)"/;

function recentInboxKeys(journal: string): Set<string> {
  const keys = new Set<string>();
  const fd = openForRead(journal);
  if (fd === undefined) return keys;
  try {
    let lines = 0;
    scanLinesFromEnd(fd, { maxBytes: KEY_SCAN_BYTES, chunkBytes: 16 * 1024 }, (line) => {
      const key = KEY_PATTERN.exec(line)?.[1];
      if (key) keys.add(key);
      return (lines += 1) < 64;
    });
  } finally {
    closeSync(fd);
  }
  return keys;
}

/** The inbox's spooled files with their times, oldest first; other names reported once. */
function listInbox(inbox: string, report: Reporter): InboxFile[] {
  const files: InboxFile[] = [];
  for (const name of readdirSync(inbox)) {
    const parsed = parseInboxName(name);
    if (!parsed) {
      if (name !== DAMAGED_DIR && name !== DRAIN_LOCK_FILE && !strangersReported.has(name)) {
        strangersReported.add(name);
        report({ level: 'warning', where: 'inbox', message: `${join(inbox, name)}: not a spooled event, left alone` });
      }
      continue;
    }
    try {
      const stats = lstatSync(join(inbox, name));
      files.push({ ...parsed, mtimeMs: stats.mtimeMs, size: stats.size });
    } catch {
      // Drained by another process meanwhile.
    }
  }
  return files.sort(compareInboxFiles);
}

/** Moves a file that will never be an event to `damaged/` under a name of its own. */
function moveToDamaged(inbox: string, file: InboxFile, why: string, report: Reporter): void {
  const damaged = join(inbox, DAMAGED_DIR);
  ensurePrivateDir(damaged);
  let target = join(damaged, `${file.name}@${Math.floor(file.mtimeMs)}`);
  for (let n = 1; existsSync(target); n += 1) target = join(damaged, `${file.name}@${Math.floor(file.mtimeMs)}.${n}`);
  renameSync(join(inbox, file.name), target);
  report({ level: 'error', where: 'inbox', message: `${join(inbox, file.name)} (${file.size} bytes) ${why}: moved to ${target}` });
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
  checkPrivateDir(root, lstatSync(root));
  checkPrivateDir(inbox, stats);
  return inbox;
}

export function drainInbox(root: string, options: DrainOptions = {}): DrainResult {
  const report = options.report ?? ignoreReports;
  const now = options.now ?? Date.now();
  const result: DrainResult = { drained: 0, waiting: 0, busy: false };
  let inbox: string | undefined;
  try {
    inbox = soundInbox(root);
  } catch (error) {
    report({ level: 'error', where: 'inbox', error });
    return result;
  }
  if (!inbox) return result;
  // An empty inbox (the usual case) costs one readdir and no lock.
  let files = listInbox(inbox, report);
  if (!files.length) return result;
  const release = takeDrainLock(inbox, now);
  if (!release) return { ...result, waiting: files.length, busy: true };
  let sawSessionStart = false;
  try {
    // Listed again under the lock: a drainer that held it before may have taken some.
    files = listInbox(inbox, report);
    const held = new Set<string>();
    // Each journal's recent keys, read again only when someone else appended since we looked.
    const keys = new Map<string, RecentKeys>();
    let holdAll = false;
    for (const [index, file] of files.entries()) {
      if (holdAll) {
        result.waiting += files.length - index;
        break;
      }
      const outcome = drainFile(root, inbox, file, now, { held, keys }, report);
      if (outcome === 'drained-start') sawSessionStart = true;
      if (outcome === 'drained' || outcome === 'drained-start') result.drained += 1;
      else if (outcome === 'wait') result.waiting += 1;
      else if (outcome === 'hold-all') {
        result.waiting += 1;
        holdAll = true;
      } else if (outcome === 'stop') {
        result.waiting += files.length - index;
        break;
      }
    }
  } finally {
    release();
  }
  // A new session is the moment to clear out expired ones (as the Node hook does).
  if (sawSessionStart) pruneSessions(root, { now, retentionMs: retentionMsFromSettings(options.env ?? process.env) });
  return result;
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

type Outcome = 'drained' | 'drained-start' | 'wait' | 'hold-all' | 'damaged' | 'gone' | 'stop';

interface DrainMemory {
  /** Sessions with an incomplete file: their later files wait. */
  held: Set<string>;
  /** Journal path -> the `inbox` keys of its recent lines, and its size when they were read. */
  keys: Map<string, RecentKeys>;
}

interface RecentKeys {
  keys: Set<string>;
  size: number;
}

const sizeOf = (path: string): number => {
  try {
    return lstatSync(path).size;
  } catch {
    return 0;
  }
};

/** The journal's recent keys: the remembered ones while only this drain appended, else read again. */
function recentKeysOf(journal: string, memory: Map<string, RecentKeys>): RecentKeys {
  const size = sizeOf(journal);
  let recent = memory.get(journal);
  if (!recent || recent.size !== size) memory.set(journal, (recent = { keys: recentInboxKeys(journal), size }));
  return recent;
}

function drainFile(root: string, inbox: string, file: InboxFile, now: number, { held, keys }: DrainMemory, report: Reporter): Outcome {
  const path = join(inbox, file.name);
  try {
    const read = readInboxFile(path);
    if (read.kind === 'gone') return 'gone';
    if (read.kind === 'foreign') return moveToDamaged(inbox, file, read.why, report), 'damaged';
    if (read.kind === 'partial') {
      if (now - file.mtimeMs >= 0 && now - file.mtimeMs < GRACE_MS) {
        // Still being written: it and everything after it of its session wait for it.
        if (read.sessionId === undefined) return 'hold-all';
        held.add(read.sessionId);
        return 'wait';
      }
      return moveToDamaged(inbox, { ...file, size: read.size }, `never became a whole JSON event in ${GRACE_MS / 1000} s`, report), 'damaged';
    }
    // The host's adapter says which session and event it is (a host may name them its own way).
    const event = normalizeHostEvent(file.host, read.payload);
    if (isHookPayload(event) && held.has(event.session_id)) return 'wait';
    if (!isHookPayload(event)) return moveToDamaged(inbox, file, 'is JSON without session_id/hook_event_name', report), 'damaged';
    if (!sessionDirName(event.session_id)) {
      return moveToDamaged(inbox, file, `names an unsafe session_id ${JSON.stringify(event.session_id.slice(0, 80))}`, report), 'damaged';
    }
    const key = `${file.name}@${file.mtimeMs}`;
    const journal = join(ensureSessionDir(root, event.session_id), JOURNAL_FILE);
    const recent = recentKeysOf(journal, keys);
    // Already journaled by a drain that died (or raced this one) before the unlink.
    if (!recent.keys.has(key)) {
      appendLine(journal, serializeEventLine({ ...event, ts: Math.floor(file.mtimeMs), inbox: key }));
      recent.keys.add(key);
      recent.size = sizeOf(journal);
    }
    unlinkSync(path);
    return event.hook_event_name === 'SessionStart' ? 'drained-start' : 'drained';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    if (error instanceof UnsafePathError) {
      // Its session directory is not ours to write (a symlink, another user's): never journaled there.
      try {
        moveToDamaged(inbox, file, `cannot be journaled: ${error.message}`, report);
        return 'damaged';
      } catch {
        // Reported below.
      }
    }
    // A full disk, an unwritable folder: stop here so the order holds, and try again next drain.
    report({ level: 'error', where: 'inbox', message: `draining ${path}`, error });
    return 'stop';
  }
}
