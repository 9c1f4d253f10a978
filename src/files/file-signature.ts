/** A file's signature for "did it change?": its size and mtime, or 'gone' when it cannot be stat'ed. */
import { statSync } from 'node:fs';

export function fileSignature(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'gone';
  }
}
