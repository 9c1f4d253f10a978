/**
 * Reading a pet's files without trusting them: the spritesheet must resolve inside the pet's
 * folder, be a regular file (not a symlink, FIFO or folder) and stay under a size cap, all
 * checked on the open descriptor before a byte is read. Errors name the file.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { spritesheetPathProblem } from './picture-manifest.js';

/** Largest spritesheet read: a 1536×1872 WebP is well under 2 MB, a PNG under 12 MB. */
export const MAX_SHEET_BYTES = 16 * 1024 * 1024;
/** Largest pet.json read. */
export const MAX_MANIFEST_BYTES = 64 * 1024;

export class PictureError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'PictureError';
  }
}

/** A regular file's bytes, at most `cap`: refuses symlinks, FIFOs, folders and bigger files. */
export function readRegularFile(file: string, cap: number): Buffer {
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink fails to open; O_NONBLOCK: a FIFO does not hang the open.
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PictureError(
      file,
      code === 'ELOOP'
        ? 'is a symlink; a pet file must be a regular file'
        : `cannot open (${code ?? (error as Error).message})`,
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new PictureError(
        file,
        `is not a regular file (${stat.isFIFO() ? 'a FIFO' : stat.isDirectory() ? 'a folder' : 'a special file'})`,
      );
    if (stat.size > cap) throw new PictureError(file, `is ${stat.size} bytes, the limit is ${cap}`);
    const buffer = Buffer.alloc(stat.size);
    let offset = 0;
    while (offset < stat.size) {
      const read = readSync(fd, buffer, offset, stat.size - offset, offset);
      if (read === 0) break;
      offset += read;
    }
    return buffer.subarray(0, offset);
  } finally {
    closeSync(fd);
  }
}

/** The spritesheet's absolute path, checked to be inside `folder` (its real path too). */
export function sheetPathIn(folder: string, spritesheetPath: string): string {
  const problem = spritesheetPathProblem(spritesheetPath);
  const file = resolve(folder, spritesheetPath);
  if (problem) throw new PictureError(file, problem);
  let realFolder: string;
  let realFile: string;
  try {
    realFolder = realpathSync(folder);
    // The file itself must not be a symlink (checked at open); its folders must stay inside.
    realFile = resolve(realpathSync(resolve(file, '..')), file.slice(resolve(file, '..').length + 1));
    if (lstatSync(file).isSymbolicLink())
      throw new PictureError(file, 'is a symlink; a pet file must be a regular file');
  } catch (error) {
    if (error instanceof PictureError) throw error;
    throw new PictureError(file, `cannot open (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const inside = relative(realFolder, realFile);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    throw new PictureError(file, "is outside the pet's folder");
  return file;
}

/** The spritesheet's bytes (see readRegularFile), found inside the folder. */
export function readSheet(folder: string, spritesheetPath: string): { file: string; bytes: Buffer } {
  const file = sheetPathIn(folder, spritesheetPath);
  return { file, bytes: readRegularFile(file, MAX_SHEET_BYTES) };
}

/** A JSON file read with the same checks, parsed; errors name the file. */
export function readJsonFile(file: string, cap = MAX_MANIFEST_BYTES): unknown {
  const bytes = readRegularFile(file, cap);
  try {
    return JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new PictureError(file, `not valid JSON: ${(error as Error).message}`);
  }
}
