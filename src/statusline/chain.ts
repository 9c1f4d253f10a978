/**
 * `--chain "<command>"`: the user's previous statusLine command, run through the shell with
 * the same stdin and environment, bounded by a timeout. On timeout its whole process group is
 * killed, with whatever it started that stayed in the group (a `setsid` daemon is not tracked).
 */
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { killProcessGroup } from '../process/kill-group.js';
import { RESET } from './style.js';
import { truncate } from '../display/text-width.js';

export type ChainOutcome =
  | { status: 'ok'; output: string }
  | { status: 'failed'; reason: string }
  | { status: 'timeout' };

/** More than any statusline prints; the rest is dropped. */
const MAX_OUTPUT_BYTES = 64 * 1024;

/**
 * node:child_process is loaded only when a chain is configured: it costs every other run start-up
 * time. Through require, not import(): the statusline's bundle runs as a script with V8's cached
 * code (src/entries/code-cache.ts), where import() would need Node's experimental loader option.
 */
export async function runChain(
  command: string,
  input: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
): Promise<ChainOutcome> {
  const { spawn } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: ChainOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    let child: ChildProcess;
    try {
      // detached: its own process group, so a timeout can kill the shell and all it started.
      child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'pipe', 'ignore'], detached: true, env });
    } catch (error) {
      resolve({ status: 'failed', reason: (error as Error).message });
      return;
    }
    const timer = setTimeout(() => {
      killGroup(child);
      finish({ status: 'timeout' });
    }, timeoutMs);
    const chunks: Buffer[] = [];
    let bytes = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (bytes < MAX_OUTPUT_BYTES) chunks.push(chunk);
      bytes += chunk.length;
    });
    child.on('error', (error) => finish({ status: 'failed', reason: error.message }));
    child.on('close', (code, signal) => {
      if (code === 0)
        finish({ status: 'ok', output: Buffer.concat(chunks).toString('utf8', 0, Math.min(bytes, MAX_OUTPUT_BYTES)) });
      else finish({ status: 'failed', reason: signal ? `killed by ${signal}` : `exit code ${code}` });
    });
    // A command that never reads stdin closes the pipe early: not an error.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

function killGroup(child: ChildProcess): void {
  if (!killProcessGroup(child.pid)) {
    try {
      child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  child.stdout?.destroy();
  child.stdin?.destroy();
  child.unref();
}

/**
 * An escape sequence, or a lone control character (C0, DEL, C1, bidi overrides). SGR (colour)
 * sequences are the only ones a chained line keeps.
 */
const ESCAPE_OR_CONTROL =
  /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])|[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const SGR = /^\u001b\[[0-9;:]*m$/;

/**
 * The chained command's rows, ready to print above ours: colours kept (dropped when colour is
 * off), every other escape and control character removed, each row clipped to the width and
 * reset at its end. Trailing empty rows are dropped.
 */
export function chainRows(output: string, width: number, color: boolean): string[] {
  const rows = output.replace(/\r\n?/g, '\n').split('\n');
  while (rows.length && !rows[rows.length - 1].trim()) rows.pop();
  return rows.map((row) => {
    const cleaned = row
      .replace(/\t/g, '  ')
      .replace(ESCAPE_OR_CONTROL, (match) => (color && SGR.test(match) ? match : ''));
    const clipped = truncate(cleaned, width);
    return color && clipped.includes('\u001b') ? clipped + RESET : clipped;
  });
}
