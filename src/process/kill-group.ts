/**
 * Ends a whole process group: children are started detached (their own group), so a timeout
 * or a close also ends what they started in that group (a shell's background jobs and
 * grandchildren, the CLI's helpers). A process that calls setsid() or setpgid() has left the
 * group and is not reached: following it needs PR_SET_CHILD_SUBREAPER (a native addon) or a
 * cgroup (privileges), which plain Node without root does not have.
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
