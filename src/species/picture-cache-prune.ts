/**
 * Bounds on `<state-root>/pictures.cache/`: every pane size writes an entry, so without them a
 * few dozen resizes leave megabytes behind. Pruned after each new entry (a decode just cost far
 * more than one listing): entries written more than 30 days ago go, then the oldest until at most
 * 24 entries and 16 MB remain; the entry just written always stays. Leftover temp files of a
 * killed writer go after a day. Only regular files the cache names are removed: a symlink, FIFO or
 * folder in there is never followed, opened or deleted.
 */
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { checkPrivateDir } from '../state/state-root.js';

export const CACHE_LIMITS = { entries: 24, bytes: 16 * 1024 * 1024, maxAgeMs: 30 * 86_400_000 } as const;
const TEMP_MAX_AGE_MS = 86_400_000;

/** `<sha>-<shape>-<w>x<h>.bin` (cacheKey), and atomicWriteFileSync's `.<name>.<suffix>.tmp`. */
const ENTRY = /^[0-9a-f]{32}-[0-9a-f]{12}-\d+x\d+\.bin$/;
const TEMP = /^\.[0-9a-f]{32}-[0-9a-f]{12}-\d+x\d+\.bin\..+\.tmp$/;

interface Entry {
  name: string;
  size: number;
  mtimeMs: number;
}

/** The cache's own regular files, by lstat (never through a link); anything else is passed by. */
function cacheFiles(dir: string, pattern: RegExp): Entry[] {
  const files: Entry[] = [];
  for (const dirent of readdirSync(dir, { withFileTypes: true })) {
    if (!dirent.isFile() || !pattern.test(dirent.name)) continue;
    try {
      const stats = lstatSync(join(dir, dirent.name));
      if (stats.isFile()) files.push({ name: dirent.name, size: stats.size, mtimeMs: stats.mtimeMs });
    } catch {
      // Removed by another pane's prune meanwhile.
    }
  }
  return files;
}

function remove(dir: string, name: string): void {
  try {
    unlinkSync(join(dir, name));
  } catch {
    // Already gone (another pane pruned too), or not ours to remove: the next prune tries again.
  }
}

/** Which entries go: from the first (newest first) that is too old or past a bound, all older ones; never `keep`. */
export function entriesToDrop(entries: readonly Entry[], keep: string, now: number): string[] {
  const newestFirst = [...entries].sort((a, b) => b.mtimeMs - a.mtimeMs || a.name.localeCompare(b.name));
  const kept = newestFirst.find((entry) => entry.name === keep);
  const drop: string[] = [];
  let count = kept ? 1 : 0;
  let bytes = kept?.size ?? 0;
  let full = false;
  for (const entry of newestFirst) {
    if (entry === kept) continue;
    full ||=
      now - entry.mtimeMs > CACHE_LIMITS.maxAgeMs ||
      count + 1 > CACHE_LIMITS.entries ||
      bytes + entry.size > CACHE_LIMITS.bytes;
    if (full) drop.push(entry.name);
    count++;
    bytes += entry.size;
  }
  return drop;
}

/** Prunes the cache folder `dir` (after it is checked to be a private folder of ours) down to its bounds. */
export function pruneCache(dir: string, keep: string, now = Date.now()): void {
  checkPrivateDir(dir, lstatSync(dir));
  for (const name of entriesToDrop(cacheFiles(dir, ENTRY), keep, now)) remove(dir, name);
  for (const temp of cacheFiles(dir, TEMP)) if (now - temp.mtimeMs > TEMP_MAX_AGE_MS) remove(dir, temp.name);
}
