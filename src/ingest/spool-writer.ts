/**
 * Is a spooled file's writer still at work? The file's name carries the pid of the shell that
 * claimed it (`<host>.<pid>`), and that shell waits for its `cat` to finish before it exits, so
 * "the writer pid runs" is "still being written", with no clock involved. A pid can come round
 * again for another process: on Linux the process's command line must still be a spool's (its
 * `$0`, or the plugin's script file); a zombie (exited, not yet reaped by the host) has an empty
 * one and counts as done. Where /proc is missing (macOS), a live pid is taken at its word: a
 * reused pid then holds that one file (and the later files of its session) until it exits.
 */
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { SPOOL_ARGV0 } from './spool-command.js';

/** What a spool's command line contains: the inline script's `$0`, or the plugin's script file. */
const SPOOL_MARKS = [SPOOL_ARGV0, 'buddy-spool.sh'];
/** Enough of /proc/<pid>/cmdline to hold the first line of the inline script and its paths. */
const CMDLINE_BYTES = 16 * 1024;

function processExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 1) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: another user's process, so not our spool (the spool runs as us).
    return false;
  }
}

/** The start of /proc/<pid>/cmdline; undefined where it cannot be read (no /proc). */
function commandLineOf(pid: number): string | undefined {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/cmdline`, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Gone between the two looks: done. Anything else (no /proc, hidepid): cannot tell.
    return code === 'ENOENT' && processExists(pid) === false ? '' : undefined;
  }
  try {
    const buffer = Buffer.alloc(CMDLINE_BYTES);
    let got = 0;
    while (got < buffer.length) {
      const read = readSync(fd, buffer, got, buffer.length - got, null);
      if (read <= 0) break;
      got += read;
    }
    return buffer.subarray(0, got).toString('latin1');
  } catch {
    return '';
  } finally {
    closeSync(fd);
  }
}

/** True while the process that claimed the file may still write to it. */
export function isSpoolWriterAlive(pid: number): boolean {
  if (!processExists(pid)) return false;
  const commandLine = commandLineOf(pid);
  if (commandLine === undefined) return true;
  return SPOOL_MARKS.some((mark) => commandLine.includes(mark));
}
