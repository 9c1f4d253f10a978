/**
 * One drainer at a time: `<root>/inbox/.drain.lock`, created O_EXCL with the holder's pid inside.
 * A lock whose pid is dead, or that is older than DRAIN_LOCK_STALE_MS (a drain takes
 * milliseconds), is taken over. Two drainers that take over the same stale lock at once can both
 * run; the journal-key check in drain-inbox.ts keeps that from doubling an event.
 */
import { lstatSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createLockFile } from '../process/lock-file.js';
import { isPidAlive } from '../process/pid-alive.js';

export const DRAIN_LOCK_FILE = '.drain.lock';
export const DRAIN_LOCK_STALE_MS = 30_000;

function tryCreate(path: string, pid: number): boolean {
  return createLockFile(path, `${pid}\n`);
}

function holderOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
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
  // A lock still being written has no pid yet: only its age can make it stale.
  if (holder !== undefined && !isPidAlive(holder)) return true;
  return now - mtimeMs > DRAIN_LOCK_STALE_MS;
}

/** Takes the lock; returns its release, or undefined when another live drainer holds it. */
export function takeDrainLock(inbox: string, now: number = Date.now(), pid: number = process.pid): (() => void) | undefined {
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
    try {
      unlinkSync(path);
    } catch {
      // Another drainer removed it first; the create below decides.
    }
  }
  return undefined;
}
