/**
 * A file's signature for "did it change?": its inode, size and mtime, or 'gone' when it cannot be
 * stat'ed. The inode because mtime has the kernel's coarse clock (a few ms): two atomic writes of
 * the same size in one tick share size and mtime, but each rename brings a new inode.
 */
import { statSync, type Stats } from 'node:fs';

export const signatureOf = (stat: Pick<Stats, 'ino' | 'size' | 'mtimeMs'>): string =>
  `${stat.ino}:${stat.size}:${stat.mtimeMs}`;

export function fileSignature(path: string): string {
  try {
    return signatureOf(statSync(path));
  } catch {
    return 'gone';
  }
}
