/**
 * Runs the sh spool hook exactly as the installed entry does: `/bin/sh -c SCRIPT buddy-tui-ingest
 * HOST UID NODE HOOK_JS` (Claude Code's exec form), the payload on stdin, the real dist/hook.js
 * as its fallback.
 */
import type { FeedHost } from '../../src/hosts/host-id.js';
import { spoolArgs } from '../../src/ingest/spool-command.js';
import { HOOK_ENTRY, runHookProcess, type HookResult } from './hook-process.js';

export function runSpool(
  input: string | Buffer,
  env: NodeJS.ProcessEnv,
  host: FeedHost = 'claude',
): Promise<HookResult> {
  return runHookProcess('/bin/sh', spoolArgs(host, { node: process.execPath, hookScript: HOOK_ENTRY }), input, env);
}
