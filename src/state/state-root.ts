/**
 * Where per-session state lives, and the checks that keep it private: the root and every
 * session directory must be real directories (no symlinks), owned by this user, mode 0700.
 * A session id is never used as a path until it has passed `sessionDirName`.
 */
import { chmodSync, lstatSync, mkdirSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export class UnsafePathError extends Error {
  constructor(readonly path: string, reason: string) {
    super(`${path}: ${reason}`);
    this.name = 'UnsafePathError';
  }
}

function currentUid(): number | undefined {
  return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/** `$BUDDY_TUI_STATE_DIR`, else `$XDG_RUNTIME_DIR/buddy-tui`, else `<tmpdir>/buddy-tui-<uid>`. */
export function stateRootPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BUDDY_TUI_STATE_DIR) return env.BUDDY_TUI_STATE_DIR;
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'buddy-tui');
  return join(tmpdir(), `buddy-tui-${currentUid() ?? 'user'}`);
}

/** The directory name for a session id, or undefined when the id could escape the root. */
export function sessionDirName(sessionId: unknown): string | undefined {
  return typeof sessionId === 'string' && SESSION_ID_PATTERN.test(sessionId) ? sessionId : undefined;
}

/** Throws UnsafePathError unless `stats` is a directory of ours that only we can enter. */
export function checkPrivateDir(path: string, stats: Stats, requireMode = true): void {
  if (stats.isSymbolicLink()) throw new UnsafePathError(path, 'is a symbolic link');
  if (!stats.isDirectory()) throw new UnsafePathError(path, 'is not a directory');
  const uid = currentUid();
  if (uid !== undefined && stats.uid !== uid) throw new UnsafePathError(path, `is owned by uid ${stats.uid}, not ${uid}`);
  if (requireMode && (stats.mode & 0o077) !== 0) {
    // Ours, but readable by others (an old umask): tighten it rather than refuse.
    chmodSync(path, 0o700);
  }
}

/** Creates (mode 0700) or checks a private directory; never follows a symlink. */
export function ensurePrivateDir(path: string): void {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(path, { recursive: true, mode: 0o700 });
    stats = lstatSync(path);
  }
  checkPrivateDir(path, stats);
}

/** Checks an existing private directory without creating it; returns false when it is missing. */
export function isPrivateDir(path: string): boolean {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    return false;
  }
  checkPrivateDir(path, stats, false);
  return true;
}

/** The session directory inside the root, created and checked. Throws on an unsafe id or path. */
export function ensureSessionDir(root: string, sessionId: string): string {
  const name = sessionDirName(sessionId);
  if (!name) throw new UnsafePathError(String(sessionId).slice(0, 80), 'is not a valid session id');
  ensurePrivateDir(root);
  const dir = join(root, name);
  ensurePrivateDir(dir);
  return dir;
}

export const JOURNAL_FILE = 'events.jsonl';
export const CHECKPOINT_FILE = 'state.json';
export const REACTIONS_FILE = 'reactions.jsonl';
export const ERROR_LOG_FILE = 'errors.log';
