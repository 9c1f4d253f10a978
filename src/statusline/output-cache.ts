/**
 * Per-session caches in the session's state directory: the statusline's last good output
 * (printed again when a run fails) and the chained command's last good output (printed when
 * it is slow or fails). Written atomically, and only when they change.
 */
import { join } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { atomicWriteFileSync } from '../state/atomic-write.js';
import { ensureSessionDir } from '../state/state-root.js';

/** One file per layout, so a --segment embedding and the two-line statusline never mix. */
export function lastOutputFile(variant: string): string {
  return `statusline-last-${variant}.txt`;
}
export const CHAIN_CACHE_FILE = 'statusline-chain.json';

export function readCacheFile(dir: string | undefined, file: string): string | undefined {
  if (!dir) return undefined;
  try {
    return readSmallFile(join(dir, file), { maxBytes: SMALL_FILE_LIMITS.state });
  } catch {
    return undefined;
  }
}

/**
 * Saves `text` unless the file already holds it. Creates the session directory (private) when
 * needed. Never throws: a cache that cannot be written only costs the next failure its fallback.
 */
export function writeCacheFile(root: string, sessionId: string, file: string, text: string, current?: string): void {
  if (current === text) return;
  try {
    const dir = ensureSessionDir(root, sessionId);
    // Caches can be rebuilt: the rename keeps them whole, an fsync would only cost time.
    atomicWriteFileSync(join(dir, file), text, 0o600, { durable: false });
  } catch {
    // Unsafe or read-only state root: no cache.
  }
}

export interface ChainCache {
  command: string;
  output: string;
}

export function readChainCache(dir: string | undefined, command: string): { raw?: string; output?: string } {
  const raw = readCacheFile(dir, CHAIN_CACHE_FILE);
  if (raw === undefined) return {};
  try {
    const cache = JSON.parse(raw) as Partial<ChainCache>;
    // Another command's output is not a stand-in for this one's.
    if (cache.command === command && typeof cache.output === 'string') return { raw, output: cache.output };
  } catch {
    // Damaged: as if there were none.
  }
  return { raw };
}

export function chainCacheText(command: string, output: string): string {
  return JSON.stringify({ command, output } satisfies ChainCache);
}
