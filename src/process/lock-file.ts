/**
 * A lock file that names its holder: created with O_EXCL (so exactly one creator wins), never
 * through a symlink, readable only by us. Who may break a stale one is each lock's own rule.
 */
import { closeSync, constants, openSync, writeSync } from 'node:fs';

/** Creates `path` holding `content`; false when it exists already (someone else holds it). */
export function createLockFile(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}
