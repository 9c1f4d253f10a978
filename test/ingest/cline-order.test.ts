/**
 * Issue 49, Cline: its lifecycle hooks are started detached and land out of order (a turn's
 * TaskComplete can be spooled before its TaskStart; a subagent's TaskComplete after its parent's
 * PostToolUse). The drain journals Cline's files by the payload's `timestamp`. Through the real
 * hook files `install --host cline` writes (each runs the sh spool), with payloads recorded from
 * Cline 3.0.65 (test/fixtures/cline), spooled in the wrong order; each hook prints nothing.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clineSpec } from '../../src/hosts/cline.js';
import { buddyCommands } from '../../src/install/buddy-entries.js';
import { applyHookFolderPlan, planHookFolder } from '../../src/install/hook-folder.js';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';
import { HOOK_ENTRY, runHookProcess } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { damagedFiles, journal } from './spool-writers.js';
import { waitUntil } from '../support/wait-until.js';
import { runCli } from '../support/run-cli.js';

const runs = HOST_FIXTURES.cline();
const run = (name: string) => runs.find((r) => r.name === name)!.payloads;

function world() {
  const base = makeTempDir();
  const root = join(base, 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  const hooks = join(base, 'cline', 'hooks');
  const commands = buddyCommands({ distDir: join(HOOK_ENTRY, '..') });
  applyHookFolderPlan(planHookFolder(clineSpec, hooks, commands, 'spool'), { XDG_STATE_HOME: join(base, 'xdg') });
  const env = { BUDDY_TUI_STATE_DIR: root };
  /** Runs the hook file for `payload` as Cline does (the file itself, the payload on stdin): it must print nothing. */
  const fire = async (payload: Record<string, unknown>, file: string) => {
    const result = await runHookProcess(join(hooks, file), [], JSON.stringify(payload), env);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  };
  return { root, hooks, env, fire };
}

const spooledNames = (root: string) => readdirSync(join(root, 'inbox')).filter((name) => name.startsWith('cline.'));
const names = (events: Array<Record<string, unknown>>) => events.map((e) => e.hook_event_name);

describe('Cline events out of order', () => {
  it("a turn's TaskComplete spooled before its TaskStart is journaled after it, and the turn is closed", async () => {
    const { root, fire } = world();
    const tui = run('tui');
    const [start, complete] = tui.slice(-2);
    expect([start.hookName, complete.hookName]).toEqual(['agent_start', 'agent_end']);
    await fire(complete, 'TaskComplete');
    await fire(start, 'TaskStart');
    expect(drainInbox(root)).toMatchObject({ drained: 2, waiting: 0 });
    const sid = (start.sessionContext as { rootSessionId: string }).rootSessionId;
    const lines = journal(root, sid);
    expect(names(lines)).toEqual(['UserPromptSubmit', 'Stop']);
    const state = foldEvents(undefined, lines as unknown as JournalEvent[], sid);
    expect(state.pendingPrompts).toBe(0);
    expect(spooledNames(root)).toEqual([]);
  });

  it("a drain between a turn's TaskComplete and its earlier TaskStart: status --json shows the turn closed, not thinking", async () => {
    const { root, env, fire } = world();
    const [start, complete] = run('tui').slice(-2);
    const sid = (start.sessionContext as { rootSessionId: string }).rootSessionId;
    const status = () => {
      // `status --json` drains the inbox before it reads, as the pane's watcher does.
      const result = runCli(['status', '--json'], { ...env, HOME: makeTempDir() }, undefined, 60_000);
      expect(result.code).toBe(0);
      const sessions = (JSON.parse(result.stdout) as { sessions: Array<{ id: string; state: string }> }).sessions;
      return sessions.find((s) => s.id === sid)?.state;
    };
    await fire(complete, 'TaskComplete');
    expect(status()).toBe('idle');
    await fire(start, 'TaskStart');
    expect(status()).toBe('idle');
    // The journal keeps the order the drains saw; the reducer knows the start came first.
    expect(names(journal(root, sid))).toEqual(['Stop', 'UserPromptSubmit']);
    expect(spooledNames(root)).toEqual([]);
  });

  it("a subagent's TaskComplete that arrived after its parent's PostToolUse goes before it", async () => {
    const { root, fire } = world();
    const basic = run('p-basic');
    const tail = basic.slice(-5); // PreToolUse(spawn_agent), child TaskStart, PostToolUse, child TaskComplete, TaskComplete
    const files = ['PreToolUse', 'TaskStart', 'PostToolUse', 'TaskComplete', 'TaskComplete'];
    for (const [i, payload] of tail.entries()) await fire(payload, files[i]!);
    expect(drainInbox(root)).toMatchObject({ drained: 5, waiting: 0 });
    const sid = (tail[0].sessionContext as { rootSessionId: string }).rootSessionId;
    expect(names(journal(root, sid))).toEqual(['PreToolUse', 'SubagentStart', 'SubagentStop', 'PostToolUse', 'Stop']);
  });

  it('a hook file still being written waits for its writer: a drain meanwhile neither drops nor sets it aside', async () => {
    const { root, hooks, env } = world();
    const [start] = run('p-basic');
    const body = JSON.stringify(start);
    const hook = spawn(join(hooks, 'TaskStart'), [], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const done = new Promise<number | null>((resolve) => hook.once('close', resolve));
    hook.stdin.write(body.slice(0, 40));
    await waitUntil(
      () => readdirSync(join(root, 'inbox')),
      (names) => names.some((n) => n.startsWith('cline.')),
      'the claim',
    );
    expect(drainInbox(root)).toMatchObject({ drained: 0, waiting: 1 });
    expect(spooledNames(root)).toHaveLength(1);
    hook.stdin.end(body.slice(40));
    expect(await done).toBe(0);
    expect(drainInbox(root)).toMatchObject({ drained: 1, waiting: 0 });
    const sid = (start.sessionContext as { rootSessionId: string }).rootSessionId;
    expect(names(journal(root, sid))).toEqual(['UserPromptSubmit']);
    expect(damagedFiles(root)).toEqual([]);
  });
});
