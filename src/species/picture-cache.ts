/**
 * Downsampled frames kept under the state root, so a second start draws a picture pet without
 * loading sharp or decoding: `<state-root>/pictures.cache/<key>.bin`, the key the SHA-256 of the
 * spritesheet's bytes with the grid, the size and the frames asked for. The folder's name is not
 * a session id (it has a dot), so the session scans pass it by. A cache file that is broken,
 * short, or not a regular file is a miss, never an error. Each write prunes the folder to its
 * bounds (picture-cache-prune.ts).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { atomicWriteFileSync } from '../state/atomic-write.js';
import { ensurePrivateDir } from '../state/state-root.js';
import type { PixelFrames } from './picture-decode.js';
import { pruneCache } from './picture-cache-prune.js';
import { readRegularFile } from './picture-file.js';
import type { PictureGrid } from './picture-manifest.js';

/** Raised when the stored layout changes, so old files are simply not found. */
const CACHE_VERSION = 1;
export const CACHE_DIR = 'pictures.cache';
const MAX_CACHE_BYTES = 8 * 1024 * 1024;

export function cacheKey(
  sheet: Buffer,
  grid: PictureGrid,
  cells: { width: number; height: number },
  indices: readonly number[],
): string {
  const hash = createHash('sha256').update(sheet).digest('hex');
  const shape = createHash('sha256')
    .update(JSON.stringify([CACHE_VERSION, grid, cells, [...new Set(indices)].sort((a, b) => a - b)]))
    .digest('hex');
  return `${hash.slice(0, 32)}-${shape.slice(0, 12)}-${cells.width}x${cells.height}`;
}

export const cacheFile = (stateRoot: string, key: string) => join(stateRoot, CACHE_DIR, `${key}.bin`);

/** Layout: a 4-byte header length, a JSON header { width, height, indices }, then the frames' RGBA in that order. */
export function writeCachedFrames(stateRoot: string, key: string, pixels: PixelFrames): void {
  ensurePrivateDir(stateRoot);
  ensurePrivateDir(join(stateRoot, CACHE_DIR));
  const indices = [...pixels.frames.keys()];
  const header = Buffer.from(JSON.stringify({ width: pixels.width, height: pixels.height, indices }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  atomicWriteFileSync(
    cacheFile(stateRoot, key),
    Buffer.concat([length, header, ...indices.map((i) => pixels.frames.get(i)!)]),
  );
  pruneCache(join(stateRoot, CACHE_DIR), `${key}.bin`);
}

export function readCachedFrames(stateRoot: string, key: string): PixelFrames | undefined {
  try {
    const bytes = readRegularFile(cacheFile(stateRoot, key), MAX_CACHE_BYTES);
    const headerLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as {
      width: number;
      height: number;
      indices: number[];
    };
    const size = header.width * header.height * 4;
    if (!Number.isInteger(size) || size <= 0 || !Array.isArray(header.indices)) return undefined;
    if (bytes.length !== 4 + headerLength + size * header.indices.length) return undefined;
    const frames = new Map<number, Uint8Array>();
    header.indices.forEach((index, i) => {
      const start = 4 + headerLength + i * size;
      frames.set(index, new Uint8Array(bytes.subarray(start, start + size)));
    });
    return { width: header.width, height: header.height, frames };
  } catch {
    return undefined;
  }
}
