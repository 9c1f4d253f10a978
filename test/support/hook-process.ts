/**
 * Runs the real, built `buddy-tui hook` (dist/hook.js) as Claude Code would: one process per
 * event, the payload on stdin. `npm test` builds dist/ first.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const HOOK_ENTRY = fileURLToPath(new URL('../../dist/hook.js', import.meta.url));
export const CLI_ENTRY = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
export const FIXTURE_EVENTS = fileURLToPath(new URL('../fixtures/hook-events.jsonl', import.meta.url));

export interface HookResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Spawns `node dist/hook.js [args]` with `input` on stdin and the given extra environment. */
export function runHook(
  input: string | Buffer,
  env: NodeJS.ProcessEnv,
  args: readonly string[] = [],
): Promise<HookResult> {
  return runHookProcess(process.execPath, [HOOK_ENTRY, ...args], input, env);
}

/**
 * Spawns one hook process as Claude Code does: `input` on stdin, stdout and stderr collected.
 * `env` is added to this process's environment, or is the whole environment with `inheritEnv: false`.
 */
export function runHookProcess(
  command: string,
  args: readonly string[],
  input: string | Buffer,
  env: NodeJS.ProcessEnv,
  { inheritEnv = true } = {},
): Promise<HookResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: inheritEnv ? { ...process.env, ...env } : env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => {
      // The hook may exit before reading a huge payload; that is its right.
    });
    child.stdin.end(input);
  });
}

/** The recorded Claude Code 2.1.332 session, one payload per line (without our `ts`). */
export function fixturePayloads(): string[] {
  return readFileSync(FIXTURE_EVENTS, 'utf8').split('\n').filter(Boolean);
}

/** Feeds payloads through the real hook one after another, as Claude Code does. */
export async function feedThroughHook(payloads: string[], env: NodeJS.ProcessEnv): Promise<void> {
  for (const payload of payloads) {
    const result = await runHook(payload, env);
    if (result.code !== 0) throw new Error(`hook exited ${result.code}: ${result.stderr}`);
  }
}

export interface StreamedHookResult extends HookResult {
  /** The child's peak resident set in KiB (from /usr/bin/time, else /proc), when measurable. */
  maxRssKb?: number;
}

const TIME_BIN = '/usr/bin/time';

function peakFromProc(pid: number | undefined): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Spawns the hook with `input` streamed into its stdin (never held whole in this process) and
 * measures its peak RSS. No `input` leaves stdin open until the child exits (a writer that hangs).
 */
export function runHookStreamed(
  input: Iterable<Buffer> | undefined,
  env: NodeJS.ProcessEnv,
): Promise<StreamedHookResult> {
  const timed = existsSync(TIME_BIN);
  // /usr/bin/time writes its line to stderr after the child's own stderr: the last line is ours.
  const argv = timed ? [TIME_BIN, '-f', 'buddy-rss:%M', process.execPath, HOOK_ENTRY] : [process.execPath, HOOK_ENTRY];
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let procPeak: number | undefined;
    const sampler = timed ? undefined : setInterval(() => (procPeak = peakFromProc(child.pid) ?? procPeak), 10);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.stdin.on('error', () => undefined);
    child.on('close', (code, signal) => {
      if (sampler) clearInterval(sampler);
      child.stdin.destroy();
      const match = /buddy-rss:(\d+)\n?$/.exec(stderr);
      if (match) stderr = stderr.slice(0, match.index);
      resolve({ code, signal, stdout, stderr, maxRssKb: match ? Number(match[1]) : procPeak });
    });
    if (input) pipeline(Readable.from(input), child.stdin).catch(() => undefined);
  });
}
