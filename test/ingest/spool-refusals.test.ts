/**
 * Issue 22 §4: what the sh spool refuses. A name already taken by a symlink or a FIFO is never
 * "claimed"; a chosen state root open to others is refused as the Node hook refuses it; and a
 * Node binary removed by a Node upgrade never makes the hook fail. Real spool processes.
 */
import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { ROOT_REFUSED_FILE } from '../../src/ingest/root-refusal.js';
import { SPOOL_ARGV0, SPOOL_SCRIPT, spoolInlineCommand } from '../../src/ingest/spool-command.js';
import { runCli } from '../support/run-cli.js';
import { HOOK_ENTRY, runHookProcess } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { journal } from './spool-writers.js';

const SID = 'refuse00-0000-4000-8000-000000000001';
const payload = JSON.stringify({ session_id: SID, hook_event_name: 'Stop' });

function rootWithInbox(): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

/**
 * The spool with something already planted at `inbox/claude.<its pid>`: a shell plants it, then
 * `exec`s the spool, which keeps the pid ($$) and so the name.
 */
function spoolOverPlanted(
  root: string,
  plant: string,
): Promise<{ code: number | null; stdout: string; stderr: string; signal: NodeJS.Signals | null }> {
  const script = `${plant}; exec /bin/sh -c "$S" ${SPOOL_ARGV0} claude "" "$N" "$H"`;
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', script], {
      env: { ...process.env, BUDDY_TUI_STATE_DIR: root, S: SPOOL_SCRIPT, N: process.execPath, H: HOOK_ENTRY },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // A spool that opened the FIFO would block here for good: the test's guard ends it.
    const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(payload);
  });
}

describe('the spool refuses', () => {
  it('a symlink to /dev/null already at its name: the event goes to another name and is journaled', async () => {
    const root = rootWithInbox();
    const result = await spoolOverPlanted(root, 'ln -s /dev/null "$BUDDY_TUI_STATE_DIR/inbox/claude.$$"');
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    drainInbox(root);
    expect(journal(root, SID).map((e) => e.hook_event_name)).toEqual(['Stop']);
  });

  it('a FIFO already at its name: the hook does not block, the event is journaled', async () => {
    const root = rootWithInbox();
    const result = await spoolOverPlanted(root, 'mkfifo "$BUDDY_TUI_STATE_DIR/inbox/claude.$$"');
    expect(result).toMatchObject({ code: 0, signal: null, stdout: '', stderr: '' });
    drainInbox(root);
    expect(journal(root, SID).map((e) => e.hook_event_name)).toEqual(['Stop']);
    // The FIFO itself is set aside (never opened for writing, never deleted).
    expect(
      readdirSync(join(root, 'inbox', 'damaged')).filter((name) =>
        lstatSync(join(root, 'inbox', 'damaged', name)).isFIFO(),
      ),
    ).toHaveLength(1);
  });

  it('a chosen state root open to others (777): once a drain refused it, nothing is spooled into it; the Node hook refuses it and says so', async () => {
    const root = rootWithInbox();
    const env = { BUDDY_TUI_STATE_DIR: root, HOME: makeTempDir() };
    expect(SPOOL_SCRIPT).toContain(`$d/${ROOT_REFUSED_FILE}`);
    chmodSync(root, 0o777);
    // The pane, the statusline or `status` drains: it refuses the root and tells the spool.
    expect(runCli(['status', '--json'], env).code).toBe(0);
    const result = await runSpool(payload, env);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toMatch(/state root refused: .*is mode 777, open to others/);
    expect(readdirSync(join(root, 'inbox'))).toEqual([ROOT_REFUSED_FILE]);
    // Made private again: the next drain takes the refusal back and the spool spools.
    chmodSync(root, 0o700);
    expect(runCli(['status', '--json'], env).code).toBe(0);
    expect(await runSpool(payload, env)).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readdirSync(join(root, 'inbox')).filter((name) => name.startsWith('claude.'))).toHaveLength(1);
  });

  it('a Node binary that is gone (a Node upgrade) and no inbox: exit 0, no output', async () => {
    const root = join(makeTempDir(), 'state');
    const gone = join(makeTempDir(), 'versions', 'node', 'v20.0.0', 'bin', 'node');
    const command = spoolInlineCommand('claude', { node: gone, hookScript: HOOK_ENTRY });
    // Claude Code's shell form: `/bin/sh -c <command>`.
    const result = await runHookProcess('/bin/sh', ['-c', command], payload, { BUDDY_TUI_STATE_DIR: root });
    expect(result).toEqual({ code: 0, signal: null, stdout: '', stderr: '' });
    // The plugin's form names `node` on PATH: with no node on PATH, the same.
    const plugin = await runHookProcess(
      '/bin/sh',
      ['-c', SPOOL_SCRIPT, SPOOL_ARGV0, 'claude', '', 'node', HOOK_ENTRY],
      payload,
      { BUDDY_TUI_STATE_DIR: root, PATH: '/nonexistent' },
    );
    expect(plugin).toEqual({ code: 0, signal: null, stdout: '', stderr: '' });
  });
});
