/**
 * One drainer at a time: `<root>/inbox/.drain.lock`, created O_EXCL with the holder's pid inside.
 * A lock whose pid is dead, or that is older than DRAIN_LOCK_STALE_MS (a drain takes
 * milliseconds), is taken over. Two drainers that take over the same stale lock at once can both
 * run; the journal-key check in journal-event.ts keeps that from doubling an event.
 * Anything under the lock's name that is not a regular file (a folder, a FIFO, a symlink) was
 * never a lock of ours: it is read without blocking or following, and moved out of the way.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  rmdirSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { createLockFile } from '../process/lock-file.js';
import { isPidAlive } from '../process/pid-alive.js';

export const DRAIN_LOCK_FILE = '.drain.lock';
export const DRAIN_LOCK_STALE_MS = 30_000;

/** A pid and a newline: more than this is not a lock of ours. */
const LOCK_MAX_BYTES = 32;

function tryCreate(path: string, pid: number): boolean {
  return createLockFile(path, `${pid}\n`);
}

/** The holder's pid; 'foreign' when the name is not a regular file; undefined when unreadable. */
function holderOf(path: string): number | 'foreign' | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ELOOP' ? 'foreign' : undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > LOCK_MAX_BYTES) return 'foreign';
    const buffer = Buffer.alloc(LOCK_MAX_BYTES);
    const read = readSync(fd, buffer, 0, LOCK_MAX_BYTES, 0);
    const pid = Number.parseInt(buffer.subarray(0, read).toString('latin1'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function isStale(path: string, now: number): boolean {
  let mtimeMs: number;
  try {
    mtimeMs = lstatSync(path).mtimeMs;
  } catch {
    return true; // gone: the next create decides
  }
  const holder = holderOf(path);
  if (holder === 'foreign') return true;
  // A lock still being written has no pid yet: only its age can make it stale.
  if (holder !== undefined && !isPidAlive(holder)) return true;
  return Math.abs(now - mtimeMs) > DRAIN_LOCK_STALE_MS;
}

/** Removes a stale lock; a folder under its name is removed when empty, else moved aside. */
function breakLock(path: string): void {
  try {
    if (!lstatSync(path).isDirectory()) return unlinkSync(path);
    try {
      rmdirSync(path);
    } catch {
      renameSync(path, `${path}.not-a-lock.${Date.now()}`);
    }
  } catch {
    // Another drainer removed it first; the create below decides.
  }
}

/** Takes the lock; returns its release, or undefined when another live drainer holds it. */
export function takeDrainLock(
  inbox: string,
  now: number = Date.now(),
  pid: number = process.pid,
): (() => void) | undefined {
  const path = join(inbox, DRAIN_LOCK_FILE);
  for (let round = 0; round < 2; round += 1) {
    if (tryCreate(path, pid)) {
      return () => {
        try {
          if (holderOf(path) === pid) unlinkSync(path);
        } catch {
          // Taken over as stale meanwhile, or removed with the root.
        }
      };
    }
    if (round > 0 || !isStale(path, now)) return undefined;
    breakLock(path);
  }
  return undefined;
}
