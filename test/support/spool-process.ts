/**
 * Runs the sh spool hook exactly as the installed entry does: `/bin/sh -c SCRIPT buddy-tui-ingest
 * HOST UID NODE HOOK_JS` (Claude Code's exec form), the payload on stdin, the real dist/hook.js
 * as its fallback.
 */
import { spawn } from 'node:child_process';
import type { HostId } from '../../src/hosts/host-id.js';
import { spoolArgs } from '../../src/ingest/spool-command.js';
import { HOOK_ENTRY, type HookResult } from './hook-process.js';

export function runSpool(input: string | Buffer, env: NodeJS.ProcessEnv, host: HostId = 'claude'): Promise<HookResult> {
  return new Promise((resolve, reject) => {
    const args = spoolArgs(host, { node: process.execPath, hookScript: HOOK_ENTRY });
    const child = spawn('/bin/sh', args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
