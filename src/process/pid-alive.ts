/** Whether a process still runs: for lock take-over and for retention's reader marks. */
import { readSmallFile } from '../files/read-small-file.js';

/**
 * True when a process with this pid is running (EPERM: it exists, owned by someone else).
 * A zombie (exited, not yet reaped by its parent) counts as dead: it will never run again.
 */
export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // Linux: the state is the field after the parenthesised command name.
    const stat = readSmallFile(`/proc/${pid}/stat`, { maxBytes: 4096 });
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}
