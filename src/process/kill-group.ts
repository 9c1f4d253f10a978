/**
 * Ends a whole process group: children are started detached (their own group), so a timeout
 * or a close also ends whatever they started (a shell's grandchildren, the CLI's helpers).
 */
export function killProcessGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    // ESRCH: the group is already gone.
    return false;
  }
}
