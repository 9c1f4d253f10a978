/**
 * Issue 44 through the real, built `buddy-tui hook --host <id>`: a failed shell call with a
 * hostile 1 MiB output (test/support/hostile-shell-output.ts) is journaled as the failure, and the
 * hook exits 0. The old patterns held the hook for minutes while the host killed it at 5 s and
 * the event was lost. No duration is asserted: a hook still running after HANG_KILL_MS is killed,
 * which fails the test (signal set, nothing journaled), and only then.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJournalLines } from '../../src/state/journal.js';
import { HOOK_ENTRY, type HookResult } from '../support/hook-process.js';
import { HOSTILE_SESSION, hostileCases } from '../support/hostile-shell-output.js';
import { makeTempDir } from '../support/temp-dir.js';

const HANG_KILL_MS = 30_000;

/** The hook run as the host runs it, killed if it is still running after HANG_KILL_MS. */
function runGuardedHook(input: string, host: string, root: string): Promise<HookResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HOOK_ENTRY, '--host', host], {
      env: { ...process.env, BUDDY_TUI_STATE_DIR: root },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: HANG_KILL_MS,
    });
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

describe('buddy-tui hook over a hostile 1 MiB shell output', () => {
  it.each(hostileCases().map((c) => [c.host, c.name, c] as const))(
    '--host %s: %s is journaled as the failure, exit 0',
    async (host, _name, hostile) => {
      const root = join(makeTempDir(), 'state');
      const result = await runGuardedHook(JSON.stringify(hostile.payload), host, root);
      expect(result).toMatchObject({ code: 0, signal: null, stdout: '', stderr: '' });
      const journal = join(root, HOSTILE_SESSION, 'events.jsonl');
      const events = existsSync(journal) ? parseJournalLines(readFileSync(journal, 'utf8')) : [];
      expect(events).toMatchObject([{ host, hook_event_name: 'PostToolUseFailure', exit_code: hostile.exitCode }]);
      expect(String(events[0].error).startsWith(hostile.errorStart)).toBe(true);
    },
    HANG_KILL_MS * 2,
  );
});
