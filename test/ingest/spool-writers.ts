/**
 * Real spool processes for the race tests: `/bin/sh -c SPOOL_SCRIPT ...` exactly as installed,
 * fed their payload in pieces (a slow host), or held open before the first byte.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spoolArgs } from '../../src/ingest/spool-command.js';
import { HOOK_ENTRY } from '../support/hook-process.js';

export interface SpoolWriter {
  child: ChildProcessWithoutNullStreams;
  /** `<host>.<pid>`: the name the spool claims first. */
  name: string;
  /** Writes the rest (if any), closes stdin, resolves with the exit code. */
  finish(rest?: string | Buffer): Promise<number | null>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startSpool(env: NodeJS.ProcessEnv, host = 'claude' as const): SpoolWriter {
  const child = spawn('/bin/sh', spoolArgs(host, { node: process.execPath, hookScript: HOOK_ENTRY }), {
    env: { ...process.env, TMUX: '', TMUX_PANE: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  child.stdin.on('error', () => undefined);
  return {
    child,
    name: `${host}.${child.pid}`,
    async finish(rest) {
      if (rest !== undefined) await writeChunk(child, rest);
      child.stdin.end();
      return exited;
    },
  };
}

function writeChunk(child: ChildProcessWithoutNullStreams, chunk: string | Buffer): Promise<void> {
  return new Promise((resolve) => (child.stdin.write(chunk) ? resolve() : child.stdin.once('drain', () => resolve())));
}

/** Spools `payload` through a real spool in `chunkBytes` pieces with a pause between them. */
export async function slowSpool(
  env: NodeJS.ProcessEnv,
  payload: string,
  chunkBytes: number,
  pauseMs: number,
): Promise<number | null> {
  const writer = startSpool(env);
  const bytes = Buffer.from(payload);
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    await writeChunk(writer.child, bytes.subarray(at, at + chunkBytes));
    await pause(pauseMs);
  }
  return writer.finish();
}

/** Resolves once `path` exists (the spool claimed its name). */
export async function whenExists(path: string): Promise<void> {
  while (!existsSync(path)) await pause(5);
}

export function journal(root: string, sid: string): Array<Record<string, unknown>> {
  const path = join(root, sid, 'events.jsonl');
  return existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];
}

export function damagedFiles(root: string): string[] {
  const dir = join(root, 'inbox', 'damaged');
  return existsSync(dir) ? readdirSync(dir) : [];
}

export const spooledNames = (root: string): string[] =>
  readdirSync(join(root, 'inbox')).filter((name) => /^(claude|codex)\./.test(name));
