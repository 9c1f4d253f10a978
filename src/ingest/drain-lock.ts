/**
 * One drainer at a time: `<root>/inbox/.drain.lock`, created O_EXCL with the holder's pid inside.
 * A lock whose pid is dead, or that is older than DRAIN_LOCK_STALE_MS (a drain takes
 * milliseconds), is taken over. Two drainers that take over the same stale lock at once can both
 * run; the journal-key check in journal-event.ts keeps that from doubling an event.
 * Anything under the lock's name that is not a regular file (a folder, a FIFO, a symlink) was
 * never a lock of ours: it is read without blocking or following, and moved out of the way.
 * The holder keeps its lock's descriptor open until it releases it: a lock taken over as stale
 * was unlinked (no link left on the descriptor), so the holder removes its own lock only, with
 * no read of the file again (issue 50: a drain per spooled event).
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
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { isPidAlive } from '../process/pid-alive.js';

export const DRAIN_LOCK_FILE = '.drain.lock';
export const DRAIN_LOCK_STALE_MS = 30_000;

/** A pid and a newline: more than this is not a lock of ours. */
const LOCK_MAX_BYTES = 32;

/** The lock created (O_EXCL, never through a symlink) with the pid in it; its descriptor, kept open; undefined when it exists. */
function tryCreate(path: string, pid: number): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  try {
    writeSync(fd, `${pid}\n`);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** Removes the lock this drainer holds, unless it was taken over as stale (unlinked: no link left). */
function release(path: string, fd: number): void {
  try {
    if (fstatSync(fd).nlink > 0) unlinkSync(path);
  } catch {
    // Removed with the root meanwhile.
  } finally {
    closeSync(fd);
  }
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
    const fd = tryCreate(path, pid);
    if (fd !== undefined) return () => release(path, fd);
    if (round > 0 || !isStale(path, now)) return undefined;
    breakLock(path);
  }
  return undefined;
}
