/**
 * A lock file that names its holder: created with O_EXCL (so exactly one creator wins), never
 * through a symlink, readable only by us. Who may break a stale one is each lock's own rule;
 * how to break one safely is here.
 */
import {
  type BigIntStats,
  closeSync,
  constants,
  linkSync,
  lstatSync,
  openSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { readSmallFile } from '../files/read-small-file.js';

/** Creates `path` holding `content`; false when it exists already (someone else holds it). */
export function createLockFile(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** What is at a lock's path, seen without following a symlink or opening anything but a regular file. */
export interface LockLook {
  /** Tells this file from one created later at the same path (the inode alone may be reused). */
  readonly signature: string;
  /** A regular file; anything else (directory, FIFO, symlink, socket) is no lock. */
  readonly regular: boolean;
  readonly directory: boolean;
  readonly mtimeMs: number;
  /** A regular file's text, when it is one under `maxBytes`. */
  readonly text?: string;
}

/** Looks at `path` (lstat, then a read that never blocks); undefined when nothing is there. */
export function lookAtLock(path: string, maxBytes: number): LockLook | undefined {
  let stats: BigIntStats;
  try {
    stats = lstatSync(path, { bigint: true });
  } catch {
    return undefined;
  }
  const signature = `${stats.ino}:${stats.mtimeNs}:${stats.size}:${stats.mode}`;
  const mtimeMs = Number(stats.mtimeMs);
  if (!stats.isFile()) return { signature, regular: false, directory: stats.isDirectory(), mtimeMs };
  try {
    return { signature, regular: true, directory: false, mtimeMs, text: readSmallFile(path, { maxBytes }) };
  } catch {
    return { signature, regular: true, directory: false, mtimeMs };
  }
}

/**
 * Takes a lock judged stale (`judged`, from lookAtLock) out of the way. It is renamed aside first
 * (atomic, following nothing) and checked there: if a new holder's lock was created in between,
 * that is what moved, and it is put back. Otherwise a file, FIFO, symlink or empty directory is
 * deleted; a directory with something in it stays aside, as `<path>.aside-<pid>-<ms>`.
 */
export function breakStaleLock(path: string, judged: LockLook, maxBytes: number): void {
  const aside = `${path}.aside-${process.pid}-${Date.now()}`;
  try {
    renameSync(path, aside);
  } catch {
    // Gone already, or no right to move it: the caller's next look decides.
    return;
  }
  const moved = lookAtLock(aside, maxBytes);
  if (!moved) return;
  if (moved.regular && (moved.signature !== judged.signature || moved.text !== judged.text)) {
    try {
      linkSync(aside, path);
    } catch {
      // Yet another process created a lock meanwhile: it holds, this one is dropped.
    }
  }
  try {
    if (moved.directory) rmdirSync(aside);
    else unlinkSync(aside);
  } catch {
    // A directory with files in it stays aside, its contents kept.
  }
}
