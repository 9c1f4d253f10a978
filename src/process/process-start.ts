/**
 * When a process started, to tell it from a later one that got the same pid (a lock's holder
 * that died, its pid reused by another program). Linux: the boot's id and field 22 of
 * /proc/<pid>/stat (clock ticks since boot), two small reads. Elsewhere (macOS, the BSDs): `ps`,
 * one spawn, so callers that ask often keep the answer while nothing changed.
 */
import { execFileSync } from 'node:child_process';
import { readSmallFile } from '../files/read-small-file.js';

let bootId: string | undefined;

function linuxStart(pid: number): string | undefined {
  try {
    bootId ??= readSmallFile('/proc/sys/kernel/random/boot_id', { maxBytes: 256 }).trim();
    const stat = readSmallFile(`/proc/${pid}/stat`, { maxBytes: 4096 });
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[22 - 3];
    return ticks && /^\d+$/.test(ticks) ? `linux:${bootId}:${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

function psStart(pid: number): string | undefined {
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return started ? `ps:${started}` : undefined;
  } catch {
    return undefined;
  }
}

/** A text that differs for two processes that had the same pid; undefined when there is no such process (or no way to tell). */
export function processStartStamp(pid: number): string | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return process.platform === 'linux' ? linuxStart(pid) : psStart(pid);
}
