/**
 * Reading and writing a settings file safely: symlinks followed (dotfile managers keep
 * settings.json as a link), a timestamped backup before a change, and compare-then-rename so
 * a file that changed since it was read is never clobbered.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { atomicWriteFileSync } from '../state/atomic-write.js';

export interface SettingsSnapshot {
  /** The path as given. */
  path: string;
  /** The file really written (the link target when `path` is a symlink). */
  realPath: string;
  /** The exact text read, or undefined when the file does not exist. */
  text: string | undefined;
  mode: number;
}

export class SettingsChangedError extends Error {
  constructor(readonly file: string) {
    super(`${file} changed while buddy-tui was editing it; nothing was written. Run the command again.`);
    this.name = 'SettingsChangedError';
  }
}

function currentText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function readSettingsSnapshot(path: string): SettingsSnapshot {
  const realPath = existsSync(path) ? realpathSync(path) : path;
  const text = currentText(realPath);
  const mode = text === undefined ? 0o600 : statSync(realPath).mode & 0o777;
  return { path, realPath, text, mode };
}

/** `settings.json.buddy-tui-backup-20261130T023100Z` (UTC, to the second; a counter on clashes). */
export function backupPath(realPath: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let candidate = `${realPath}.buddy-tui-backup-${stamp}`;
  for (let n = 2; existsSync(candidate); n += 1) candidate = `${realPath}.buddy-tui-backup-${stamp}-${n}`;
  return candidate;
}

/**
 * Replaces the file with `next` (or deletes it when `next` is undefined), provided it still
 * holds exactly what the snapshot read. Returns the backup path when one was written.
 */
export function writeSettings(snapshot: SettingsSnapshot, next: string | undefined, now: Date = new Date()): string | undefined {
  const unchanged = (): void => {
    if (currentText(snapshot.realPath) !== snapshot.text) throw new SettingsChangedError(snapshot.path);
  };
  unchanged();
  let backup: string | undefined;
  if (snapshot.text !== undefined) {
    backup = backupPath(snapshot.realPath, now);
    atomicWriteFileSync(backup, snapshot.text, snapshot.mode);
  }
  if (next === undefined) {
    unchanged();
    unlinkSync(snapshot.realPath);
    return backup;
  }
  mkdirSync(dirname(snapshot.realPath), { recursive: true });
  atomicWriteFileSync(snapshot.realPath, next, snapshot.mode, { beforeRename: unchanged });
  return backup;
}
