/**
 * `inbox/.root-refused`: how the sh spool learns that buddy-tui refuses the state root around its
 * inbox. The spool can check a name with shell builtins but not a folder's mode; a root the user
 * chose ($BUDDY_TUI_STATE_DIR) open to others is refused, never tightened (state-root.ts). So the
 * first Node process that refuses the root (a drain: the pane, the statusline, `status`; or the
 * Node hook) leaves this file in the inbox, and the spool then hands every event to the Node hook,
 * which refuses it and says why. The first drain that finds the root sound again removes it, and
 * drains what was spooled before the refusal was noticed.
 */
import { closeSync, constants, lstatSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT_REFUSED_FILE = '.root-refused';

const ownUid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/** A real folder of ours (the spool's `-d`, `! -h`, `-O`); lstat never follows a symlink. */
export function isOwnRealDir(path: string): boolean {
  try {
    const stats = lstatSync(path);
    const uid = ownUid();
    return stats.isDirectory() && (uid === undefined || stats.uid === uid);
  } catch {
    return false;
  }
}

/** Leaves the refusal in the inbox: only inside a real folder of ours (never through a symlink). */
export function markRootRefused(root: string, inbox: string, why: string): void {
  if (!isOwnRealDir(root) || !isOwnRealDir(inbox)) return;
  let fd: number;
  try {
    fd = openSync(
      join(inbox, ROOT_REFUSED_FILE),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
  } catch {
    return; // there already
  }
  try {
    writeSync(fd, `${why}\n`);
  } finally {
    closeSync(fd);
  }
}

/** Takes the refusal back (the root is sound): one unlink, nothing when it is not there. */
export function clearRootRefused(inbox: string): void {
  try {
    unlinkSync(join(inbox, ROOT_REFUSED_FILE));
  } catch {
    // Not there: the usual case.
  }
}
