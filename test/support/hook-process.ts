/**
 * Runs the real, built `buddy-tui hook` (dist/hook.js) as Claude Code would: one process per
 * event, the payload on stdin. `npm test` builds dist/ first.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/** Spawns `node dist/hook.js` with `input` on stdin and the given extra environment. */
export function runHook(input: string | Buffer, env: NodeJS.ProcessEnv): Promise<HookResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HOOK_ENTRY], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
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
