/**
 * Where per-session state lives, and the checks that keep it private: the root and every
 * session directory must be real directories (no symlinks), owned by this user, mode 0700.
 * A session id is never used as a path until it has passed `sessionDirName`.
 */
import { chmodSync, lstatSync, mkdirSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export class UnsafePathError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
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

/**
 * Every name buddy-tui gives a file or folder of its own in the root, and the folders inside
 * those: no session's folder may take one (a session `mod-bridge` would journal into the bridge,
 * and retention would remove the bridge with it). Names with a dot never pass as ids; they are
 * here so the list is whole. test/state/root-names.test.ts holds each module's constant and what
 * real processes write to this list.
 */
export const STATE_ROOT_NAMES: readonly string[] = [
  'inbox', // src/ingest/inbox-order.ts
  'damaged', // inside the inbox
  'statusline', // src/statusline/fast-command.ts, the resident statusline
  'mod-bridge', // src/mod/mod-bridge.ts, and its folders:
  'mods',
  'requests',
  'claimed',
  'responses',
  'toasts',
  'views',
  'pictures.cache', // src/species/picture-cache.ts
  'runner.lock', // src/tui/runner-lock.ts
  'tui.log', // src/tui/tui-log.ts
  'errors.log',
  'delegate-usage.json', // src/delegate/delegate-usage.ts
  'plugins-in-use.json', // src/state/plugins-in-use.ts
  'voice-lines.json', // src/state/voice-lines.ts
];
const RESERVED_NAMES: ReadonlySet<string> = new Set(STATE_ROOT_NAMES);

/** True for a name in the root that is a session's folder (a safe id, not a reserved folder). */
export function isSessionDirName(name: string): boolean {
  return SESSION_ID_PATTERN.test(name) && !RESERVED_NAMES.has(name);
}

/** The directory name for a session id, or undefined when the id could escape the root or is reserved. */
export function sessionDirName(sessionId: unknown): string | undefined {
  return typeof sessionId === 'string' && isSessionDirName(sessionId) ? sessionId : undefined;
}

/** True for the folder the user named in $BUDDY_TUI_STATE_DIR: buddy-tui never changes its mode. */
export function isChosenRoot(path: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.BUDDY_TUI_STATE_DIR) && resolve(path) === resolve(env.BUDDY_TUI_STATE_DIR as string);
}

/** Throws UnsafePathError unless `stats` is a directory of ours that only we can enter. */
export function checkPrivateDir(path: string, stats: Stats, requireMode = true): void {
  if (stats.isSymbolicLink()) throw new UnsafePathError(path, 'is a symbolic link');
  if (!stats.isDirectory()) throw new UnsafePathError(path, 'is not a directory');
  const uid = currentUid();
  if (uid !== undefined && stats.uid !== uid)
    throw new UnsafePathError(path, `is owned by uid ${stats.uid}, not ${uid}`);
  if (requireMode && (stats.mode & 0o077) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(3, '0');
    // A folder the user chose is theirs to change: say so instead of changing it behind their back.
    if (isChosenRoot(path))
      throw new UnsafePathError(
        path,
        `is mode ${mode}, open to others; buddy-tui leaves a folder you chose as it is: run chmod 700 ${path}`,
      );
    // One of ours, readable by others (an old umask): tighten it rather than refuse.
    chmodSync(path, 0o700);
  }
}

/**
 * mkdir -p with mode 0700, one component at a time. Not `recursive: true`: Node's loops forever
 * where mkdir says ENOENT under an existing parent (any path under /proc).
 */
function makeDirs(path: string): void {
  const missing: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    try {
      lstatSync(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(dir) === dir) throw error;
      missing.push(dir);
    }
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Creates (mode 0700) or checks a private directory; never follows a symlink. */
export function ensurePrivateDir(path: string): void {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    makeDirs(path);
    stats = lstatSync(path);
  }
  checkPrivateDir(path, stats);
}

/**
 * `root/parts…` when it is there and it and every folder above it up to the root pass the check
 * of ensurePrivateDir; undefined when one is missing. Creates nothing. Anything that lists or
 * removes in the state root asks this first: through a symlink anywhere in the chain, a listing
 * would see the user's files and a removal would delete them. Throws UnsafePathError.
 */
export function presentPrivateDir(root: string, ...parts: string[]): string | undefined {
  let path = root;
  for (const part of ['', ...parts]) {
    path = join(path, part);
    let stats: Stats;
    try {
      stats = lstatSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    checkPrivateDir(path, stats);
  }
  return path;
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
