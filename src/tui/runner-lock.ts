/**
 * Only one buddy-tui runs plugins, writes reactions and persists the pet: the holder of
 * `<state-root>/runner.lock` (its pid inside). A lock whose pid is dead is taken over; any
 * other instance is a viewer.
 */
import { existsSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { createLockFile } from '../process/lock-file.js';
import { isPidAlive } from '../process/pid-alive.js';

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

function readHolder(path: string): number | undefined {
  try {
    const parsed = JSON.parse(readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.state })) as { pid?: unknown };
    return typeof parsed.pid === 'number' ? parsed.pid : undefined;
  } catch {
    return undefined;
  }
}

const UNREADABLE_STALE_MS = 5_000;

function isStale(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > UNREADABLE_STALE_MS;
  } catch {
    return true;
  }
}

function tryCreate(path: string, pid: number): boolean {
  return createLockFile(path, JSON.stringify({ pid, startedAt: Date.now() }));
}

export function acquireRunnerLock(root: string, pid: number = process.pid): RunnerLock {
  const path = join(root, RUNNER_LOCK_FILE);
  let held = false;
  let holder: number | undefined;

  const attempt = (): boolean => {
    if (held) {
      // A removed state root (rm -rf) took the file with it: write it again once the root is back.
      try {
        if (!existsSync(path)) tryCreate(path, pid);
      } catch {
        // The root is not back yet; its return calls this again.
      }
      return true;
    }
    for (let round = 0; round < 2; round += 1) {
      if (tryCreate(path, pid)) {
        held = true;
        holder = pid;
        return true;
      }
      holder = readHolder(path);
      if (holder === pid) {
        held = true;
        return true;
      }
      // A live holder keeps it. An unreadable lock may be mid-write by a live process: it is
      // only taken over once it is old (its writer died between create and write).
      if (holder === undefined ? !isStale(path) : isPidAlive(holder)) return false;
      try {
        unlinkSync(path);
      } catch {
        // Another instance took it over first; the next round sees its pid.
      }
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
      if (readHolder(path) === pid) {
        try {
          unlinkSync(path);
        } catch {
          // Already gone.
        }
      }
    },
  };
}
