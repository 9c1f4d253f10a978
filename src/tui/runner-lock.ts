/**
 * Only one buddy-tui runs plugins, writes reactions and persists the pet: the holder of
 * `<state-root>/runner.lock`, which names its pid and when that process started. A holder is
 * live only while a process with that pid runs and started then (a pid reused by another
 * program is no holder). A lock whose holder is not live, or anything but a regular file in its
 * place, is taken over; any other instance is a viewer, and re-tries (see pane-parts.ts).
 */
import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { breakStaleLock, createLockFile, type LockLook, lookAtLock } from '../process/lock-file.js';
import { isPidAlive } from '../process/pid-alive.js';
import { processStartStamp } from '../process/process-start.js';

export const RUNNER_LOCK_FILE = 'runner.lock';

export interface RunnerLock {
  readonly path: string;
  /** True when this process holds the lock. */
  held(): boolean;
  /** The pid holding it (this process when held), if known. */
  holderPid(): number | undefined;
  /** Tries again (after the holder went away); returns held(). The holder writes a lock file that went away again. */
  retry(): boolean;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

interface LockRecord {
  pid: number;
  /** processStartStamp of the holder when it wrote the lock; absent in locks of older versions. */
  start?: string;
}

const MAX_BYTES = SMALL_FILE_LIMITS.state;
/** An unreadable lock may be mid-write by a live process: it is taken over only once this old. */
const UNREADABLE_STALE_MS = 5_000;
/** A holder found live is trusted this long while its pid runs and its lock is unchanged (on macOS the check spawns `ps`). */
const TRUSTED_MS = 10_000;

function parseRecord(look: LockLook | undefined): LockRecord | undefined {
  if (!look?.regular || look.text === undefined) return undefined;
  try {
    const { pid, start } = JSON.parse(look.text) as { pid?: unknown; start?: unknown };
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
    return { pid, start: typeof start === 'string' ? start : undefined };
  } catch {
    return undefined;
  }
}

/** The process that wrote the record still runs: same pid, same start (so a buddy-tui runner). */
function isLiveHolder(record: LockRecord): boolean {
  return record.start !== undefined && isPidAlive(record.pid) && processStartStamp(record.pid) === record.start;
}

/** The pid of the live buddy-tui runner holding `<root>/runner.lock`, if one does. */
export function runnerLockHolder(root: string): number | undefined {
  const record = parseRecord(lookAtLock(join(root, RUNNER_LOCK_FILE), MAX_BYTES));
  return record && isLiveHolder(record) ? record.pid : undefined;
}

export function acquireRunnerLock(root: string, pid: number = process.pid): RunnerLock {
  const path = join(root, RUNNER_LOCK_FILE);
  const start = processStartStamp(pid);
  const tryCreate = () => createLockFile(path, JSON.stringify({ pid, start, startedAt: Date.now() }));
  let held = false;
  let holder: number | undefined;
  let trusted: { signature: string; until: number } | undefined;

  const isStale = (look: LockLook, record: LockRecord | undefined): boolean => {
    if (!look.regular) return true;
    if (!record) return Math.abs(Date.now() - look.mtimeMs) > UNREADABLE_STALE_MS;
    if (trusted?.signature === look.signature && Date.now() < trusted.until) return !isPidAlive(record.pid);
    const live = isLiveHolder(record);
    trusted = live ? { signature: look.signature, until: Date.now() + TRUSTED_MS } : undefined;
    return !live;
  };

  const attempt = (): boolean => {
    if (held) {
      // A removed state root (rm -rf) took the file with it: write it again once the root is back.
      try {
        if (!existsSync(path)) tryCreate();
      } catch {
        // The root is not back yet; its return calls this again.
      }
      return true;
    }
    for (let round = 0; round < 3; round += 1) {
      if (tryCreate()) {
        held = true;
        holder = pid;
        return true;
      }
      const look = lookAtLock(path, MAX_BYTES);
      if (!look) continue;
      const record = parseRecord(look);
      holder = record?.pid;
      if (record?.pid === pid && record.start === start) {
        held = true;
        return true;
      }
      if (!isStale(look, record)) return false;
      // A directory, FIFO or symlink here, or a dead holder's file: out of the way, then create.
      breakStaleLock(path, look, MAX_BYTES);
    }
    return false;
  };
  attempt();

  return {
    path,
    held: () => held,
    holderPid: () => holder,
    retry: attempt,
    release() {
      if (!held) return;
      held = false;
      const record = parseRecord(lookAtLock(path, MAX_BYTES));
      if (record?.pid !== pid || record.start !== start) return;
      try {
        unlinkSync(path);
      } catch {
        // Already gone.
      }
    },
  };
}
