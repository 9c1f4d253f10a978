/**
 * Atomic file writes: a temp file in the same directory, fsync, then rename over the target.
 * A crash at any point leaves either the old file or the new one, never half of either.
 */
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** Runs after the temp file (named) is complete, right before the rename; throwing aborts the write. */
  beforeRename?: (temp: string) => void;
  /**
   * fsync before the rename (default true). Caches that can be rebuilt (the reader's checkpoint)
   * skip it: the rename alone keeps them whole across a killed process, and a power cut only
   * costs a re-fold.
   */
  durable?: boolean;
}

// Not node:crypto: loading it costs the statusline and hook hot paths milliseconds. The name only
// has to differ between concurrent writers; 'wx' below refuses to reuse an existing file anyway.
let tempCounter = 0;
const tempSuffix = (): string =>
  `${process.pid}.${(tempCounter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function atomicWriteFileSync(
  path: string,
  data: string | Uint8Array,
  mode = 0o600,
  options: AtomicWriteOptions = {},
): void {
  const temp = join(dirname(path), `.${basename(path)}.${tempSuffix()}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
    const buffer = typeof data === 'string' ? Buffer.from(data) : data;
    let written = 0;
    while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
    if (options.durable !== false) fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      /* already gone */
    }
    throw error;
  }
  closeSync(fd);
  try {
    options.beforeRename?.(temp);
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      /* already gone */
    }
    throw error;
  }
}

export function atomicWriteJsonSync(
  path: string,
  value: unknown,
  mode = 0o600,
  options: AtomicWriteOptions = {},
): void {
  atomicWriteFileSync(path, `${JSON.stringify(value, null, 2)}\n`, mode, options);
}
