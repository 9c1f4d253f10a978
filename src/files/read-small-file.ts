/**
 * The one way buddy-tui reads a small file it did not just write (config, pet, species,
 * checkpoints, settings, prefs, lock and record files): any of them may be a FIFO, a directory,
 * a device or a symlink to one, or grow without end. So: open without blocking (a FIFO's open
 * would wait for a writer for good), fstat the descriptor (not the path, which can change
 * between the check and the read), refuse anything but a regular file, refuse a file over the
 * caller's cap before reading a byte, and read at most the cap + 1 from the descriptor (a file
 * that grows, or reports size 0 like /proc's, cannot go past it). test/architecture.test.ts
 * forbids a bare readFileSync of a path anywhere else.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export interface SmallFileOptions {
  /** Largest file accepted, in bytes; a bigger one is refused unread. */
  maxBytes: number;
  /**
   * Follow a symlink (species and config files may be links into a dotfiles repo); the target
   * is still checked with fstat. Default false: a symlink is refused (O_NOFOLLOW).
   */
  followSymlinks?: boolean;
}

/**
 * Why a file was not read. `code` is the errno (ENOENT, EACCES, ...) or one of ours: ENOTREG (not
 * a regular file), EFBIG (over the cap), ELOOP (a symlink where none is expected). `reason` says
 * it in words without the path; `message` names the file too.
 */
export class SmallFileError extends Error {
  readonly code: string;
  readonly file: string;
  readonly reason: string;
  constructor(file: string, code: string, reason: string) {
    super(`${file}: ${reason}`);
    this.name = 'SmallFileError';
    this.file = file;
    this.code = code;
    this.reason = reason;
  }
}

/** What a file that is not a regular one is, in words: `a directory`, `a FIFO (named pipe)`, ... */
export function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

function openError(file: string, error: NodeJS.ErrnoException, follow: boolean): SmallFileError {
  const code = error.code ?? 'EIO';
  if (code === 'ELOOP' && !follow)
    return new SmallFileError(file, code, 'is a symbolic link, which is not followed here');
  const words: Record<string, string> = {
    ENOENT: 'does not exist',
    EACCES: 'permission denied',
    ENOTDIR: 'a folder on its path is not a folder',
    ELOOP: 'too many levels of symbolic links',
    EISDIR: 'is a directory, not a regular file',
  };
  return new SmallFileError(file, code, words[code] ?? `cannot open (${code})`);
}

/** Reads at most `limit` + 1 bytes from the start of fd; the caller refuses more than `limit`. */
function readUpTo(fd: number, sizeHint: number, limit: number): Buffer {
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(sizeHint + 1, 4096), limit + 1));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > limit) break;
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, length);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}

/** The file's bytes; throws SmallFileError naming the file and why it was not read. */
export function readSmallFileBytes(file: string, options: SmallFileOptions): Buffer {
  const follow = options.followSymlinks === true;
  const flags = constants.O_RDONLY | constants.O_NONBLOCK | (follow ? 0 : constants.O_NOFOLLOW);
  let fd: number;
  try {
    fd = openSync(file, flags);
  } catch (error) {
    throw openError(file, error as NodeJS.ErrnoException, follow);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new SmallFileError(file, 'ENOTREG', `is ${kindOf(stats)}, not a regular file`);
    const tooLarge = (size: number) =>
      new SmallFileError(file, 'EFBIG', `is ${size} bytes or more, the limit is ${options.maxBytes}`);
    if (stats.size > options.maxBytes) throw tooLarge(stats.size);
    const bytes = readUpTo(fd, stats.size, options.maxBytes);
    if (bytes.length > options.maxBytes) throw tooLarge(bytes.length);
    return bytes;
  } catch (error) {
    if (error instanceof SmallFileError) throw error;
    throw new SmallFileError(
      file,
      (error as NodeJS.ErrnoException).code ?? 'EIO',
      `cannot read: ${(error as Error).message}`,
    );
  } finally {
    closeSync(fd);
  }
}

/** The file as UTF-8 text; throws SmallFileError naming the file and why it was not read. */
export function readSmallFile(file: string, options: SmallFileOptions): string {
  return readSmallFileBytes(file, options).toString('utf8');
}

/** The file as text, or undefined when it does not exist; any other refusal throws SmallFileError. */
export function readSmallFileIfExists(file: string, options: SmallFileOptions): string | undefined {
  try {
    return readSmallFile(file, options);
  } catch (error) {
    if (error instanceof SmallFileError && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Why a read failed, in words, for a message that names the file itself. */
export function readFailure(error: unknown): string {
  if (error instanceof SmallFileError) return error.reason;
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** Caps for the files buddy-tui reads: generous for what each holds, small enough to refuse an endless one. */
export const SMALL_FILE_LIMITS = {
  /** config.json, settings.json, hooks.json, config.toml. */
  config: 4 * 1024 * 1024,
  /** pet.json, checkpoints, prefs, records, locks, caches. */
  state: 4 * 1024 * 1024,
  /** A species file (real ones are a few KB). */
  species: 512 * 1024,
} as const;
