/**
 * Reading and writing a settings file safely: symlinks followed and kept (dotfile managers keep
 * settings.json as a link; a dangling link gets its target created), a timestamped backup before
 * a change, and compare-then-rename so a file that changed since it was read is never clobbered.
 * Every file-system failure becomes a one-line SettingsFileError with its fix, and a failed write
 * leaves nothing behind (no backup, no temp file).
 */
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  realpathSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { atomicWriteFileSync } from '../state/atomic-write.js';
import { SettingsFileError } from './settings-json.js';
import { pruneOlderBackups } from './backup-prune.js';

export interface SettingsSnapshot {
  /** The path as given. */
  path: string;
  /** The file really written (the link target when `path` is a symlink, even a dangling one). */
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

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** The file a (chain of) symlink(s) points to, also when the last one dangles. */
function linkTarget(path: string): string {
  let current = resolve(path);
  for (let hops = 0; hops < 40; hops += 1) {
    let isLink: boolean;
    try {
      isLink = lstatSync(current).isSymbolicLink();
    } catch (error) {
      if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return current;
      throw error;
    }
    if (!isLink) return current;
    current = resolve(dirname(current), readlinkSync(current));
  }
  throw new SettingsFileError(path, 'is a loop of symbolic links; point it at a real file and run the command again.');
}

/** The canonical path of the file meant: realpath when it exists, else its resolved folder + name. */
function canonicalTarget(path: string): string {
  const target = linkTarget(path);
  try {
    return realpathSync(target);
  } catch {
    try {
      return join(realpathSync(dirname(target)), basename(target));
    } catch {
      return target; // The folder does not exist yet either: it is created on write.
    }
  }
}

function named(snapshot: Pick<SettingsSnapshot, 'path' | 'realPath'>): string {
  return snapshot.realPath === resolve(snapshot.path)
    ? snapshot.path
    : `${snapshot.path} (a link to ${snapshot.realPath})`;
}

function currentText(path: string): string | undefined {
  try {
    // settings.json may be a link (a dotfiles repo): followed, its target still checked.
    return readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true });
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

export function readSettingsSnapshot(path: string): SettingsSnapshot {
  const realPath = canonicalTarget(path);
  const name = named({ path, realPath });
  let stats;
  try {
    stats = statSync(realPath);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT')
      throw new SettingsFileError(
        name,
        `cannot be read (${codeOf(error) ?? (error as Error).message}); check its permissions and run the command again.`,
      );
  }
  if (stats && !stats.isFile()) {
    throw new SettingsFileError(
      name,
      `is a ${stats.isDirectory() ? 'directory' : 'special file'}, not a settings file; move it away (mv '${realPath}' '${realPath}.old') and run the command again.`,
    );
  }
  let text: string | undefined;
  try {
    text = currentText(realPath);
  } catch (error) {
    throw new SettingsFileError(
      name,
      `cannot be read (${codeOf(error) ?? (error as Error).message}); check its permissions (chmod u+r '${realPath}') and run the command again.`,
    );
  }
  return { path, realPath, text, mode: stats ? stats.mode & 0o777 : 0o600 };
}

/** `settings.json.buddy-tui-backup-20261130T023100Z` (UTC, to the second; a counter on clashes). */
export function backupPath(realPath: string, now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  let candidate = `${realPath}.buddy-tui-backup-${stamp}`;
  for (let n = 2; existsSync(candidate); n += 1) candidate = `${realPath}.buddy-tui-backup-${stamp}-${n}`;
  return candidate;
}

/**
 * Refuses, before anything is written, a file the user protected: no write bit (root could
 * replace it anyway, but a read-only settings file is meant to stay as it is), or a file or
 * folder this user cannot write.
 */
function assertWritable(snapshot: SettingsSnapshot): void {
  const name = named(snapshot);
  if (snapshot.text !== undefined) {
    if ((snapshot.mode & 0o222) === 0) {
      throw new SettingsFileError(
        name,
        `is read-only (mode ${snapshot.mode.toString(8).padStart(4, '0')}); make it writable (chmod u+w '${snapshot.realPath}') and run the command again.`,
      );
    }
    try {
      accessSync(snapshot.realPath, constants.W_OK);
    } catch (error) {
      if (codeOf(error) === 'EPERM') throw writeFailure(snapshot, error); // immutable: Linux says EPERM even to root
      throw new SettingsFileError(
        name,
        `is not writable (${codeOf(error)}); make it writable (chmod u+w '${snapshot.realPath}') and run the command again.`,
      );
    }
  }
  const folder = dirname(snapshot.realPath);
  if (!existsSync(folder)) return;
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw new SettingsFileError(
      name,
      `cannot be replaced: its folder ${folder} is not writable (${codeOf(error)}); make it writable (chmod u+w '${folder}') and run the command again.`,
    );
  }
}

/** A write that failed half way, as one line with its fix. */
function writeFailure(snapshot: SettingsSnapshot, error: unknown): SettingsFileError {
  const code = codeOf(error);
  const name = named(snapshot);
  if (code === 'EPERM') {
    return new SettingsFileError(
      name,
      `cannot be replaced (EPERM): it or its folder is probably immutable or append-only (see \`lsattr -d '${snapshot.realPath}'\`); remove that attribute (sudo chattr -i -a '${snapshot.realPath}') and run the command again.`,
    );
  }
  if (code === 'EROFS')
    return new SettingsFileError(
      name,
      'is on a read-only file system; remount it writable, or point the link at a writable copy, and run the command again.',
    );
  return new SettingsFileError(
    name,
    `could not be written (${code ?? (error as Error).message}); fix that and run the command again.`,
  );
}

/**
 * Replaces the file with `next` (or deletes it when `next` is undefined), provided it still
 * holds exactly what the snapshot read. Returns the backup path when one was written: none of a
 * file that is buddy-tui's own (`ownFile`: it created it and nobody changed it since), and the
 * older backups of the file go once the new one is written (one backup per file).
 */
export function writeSettings(
  snapshot: SettingsSnapshot,
  next: string | undefined,
  now: Date = new Date(),
  options: { ownFile?: boolean } = {},
): string | undefined {
  const unchanged = (): void => {
    if (currentText(snapshot.realPath) !== snapshot.text) throw new SettingsChangedError(snapshot.path);
  };
  unchanged();
  assertWritable(snapshot);
  let backup: string | undefined;
  try {
    if (snapshot.text !== undefined && !options.ownFile) {
      backup = backupPath(snapshot.realPath, now);
      atomicWriteFileSync(backup, snapshot.text, snapshot.mode);
    }
    if (next === undefined) {
      unchanged();
      unlinkSync(snapshot.realPath);
      if (backup !== undefined) pruneOlderBackups(snapshot.realPath, backup);
      return backup;
    }
    mkdirSync(dirname(snapshot.realPath), { recursive: true });
    atomicWriteFileSync(snapshot.realPath, next, snapshot.mode, { beforeRename: unchanged });
    if (backup !== undefined) pruneOlderBackups(snapshot.realPath, backup);
    return backup;
  } catch (error) {
    // The file is as it was: a backup of it would only be clutter.
    if (backup !== undefined) {
      try {
        unlinkSync(backup);
      } catch {
        /* never written */
      }
    }
    if (error instanceof SettingsChangedError || error instanceof SettingsFileError) throw error;
    throw writeFailure(snapshot, error);
  }
}
