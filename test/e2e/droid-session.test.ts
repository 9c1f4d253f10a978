/**
 * A real Factory Droid 0.215.0 session seen through buddy-tui, end to end: `install --host droid`
 * (buddy-tui's hooks in ~/.factory/settings.json beside the stand-in's custom model), the headless
 * runner with a buddy plugin declared as a Claude Code hook (StopFailure), and one `droid exec`
 * against the Chat Completions stand-in: a command that succeeds, one that exits 3, a create, a
 * subagent (it fails offline: Droid's subagents need its daemon), then text. Droid fires no hook
 * for a failed tool: the `exit 3` must show as a failure at the turn's end (read from Droid's
 * transcript), never as a success, in the journal, the reducer and `status --json`. Then uninstall
 * takes buddy-tui's hooks out and keeps what Droid wrote into the file. Droid's `exec` has no
 * permission event (a risky command ends the run), so there is no ask to show here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSession } from '../../src/state/reader.js';
import { call, text } from '../support/chat-completions-standin.js';
import { createOfflineDroidHome, runDroidExec, skipWithoutDroid, type OfflineDroidHome } from '../support/droid-cli.js';
import { waitUntil } from '../support/wait-until.js';
import { readJournal } from './claude-session.js';
import { startHostWorld, type HostWorld } from './host-session-world.js';

const shell = (command: string) =>
  call('Execute', { command, summary: 'test', riskLevel: 'low', riskLevelReason: 'test' });

describe.skipIf(skipWithoutDroid())('a Droid session in the journal, status and a plugin', () => {
  let world: HostWorld<OfflineDroidHome> | undefined;

  afterAll(async () => {
    await world?.close();
  });

  it("the failed `exit 3` shows as a failure at the turn end, the plugin runs on it, uninstall keeps Droid's changes", {
    timeout: 240_000,
  }, async () => {
    const settings = (home: OfflineDroidHome) => join(home.factoryDir, 'settings.json');
    let before = '';
    world = await startHostWorld({
      host: 'droid',
      script: (project) => [
        shell('echo fine'),
        shell('echo about-to-fail; exit 3'),
        call('Create', { file_path: join(project, 'hello.txt'), content: 'hello\n' }),
        call('Task', { subagent_type: 'worker', description: 'child', prompt: 'say hi' }),
        text('Done.'),
      ],
      makeHome: (baseUrl, buddyEnv) => createOfflineDroidHome({ baseUrl, extraEnv: buddyEnv }),
      plugin: { event: 'StopFailure' },
      beforeInstall: (home) => {
        before = readFileSync(settings(home), 'utf8');
      },
      runner: true,
    });
    const { project, root, home, install, cli } = world;
    expect(install.code, install.stderr).toBe(0);
    const installed = readFileSync(settings(home), 'utf8');

    const run = await runDroidExec({ home, cwd: project, prompt: 'Run the checks, write the file, ask a helper.' });
    expect(run.timedOut).toBe(false);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('Done.');

    // The runner drains the spooled events; status shows the session once its end is in.
    const status = await waitUntil(
      () => JSON.parse(cli(['status', '--json']).stdout).sessions,
      (sessions) => sessions.length === 1 && sessions[0].state === 'ended',
      'the session to end in status --json',
      60_000,
    );
    expect(status[0]).toMatchObject({
      host: 'droid',
      label: 'Droid',
      state: 'ended',
      agents: null,
      failures: 1,
      reports: { subagents: false, waitingForApproval: 'interactive-only', exitCodes: 'transcript' },
    });
    const sessionId = status[0].id as string;
    const lines = readJournal(root, sessionId);
    expect(new Set(lines.map((line) => line.host))).toEqual(new Set(['droid']));
    // No UserPromptSubmit in exec; the failed command and the failed Task have no PostToolUse.
    expect(lines.map((line) => [line.hook_event_name, line.tool_name])).toEqual([
      ['SessionStart', undefined],
      ['PreToolUse', 'Execute'],
      ['PostToolUse', 'Execute'],
      ['PreToolUse', 'Execute'],
      ['PreToolUse', 'Create'],
      ['PostToolUse', 'Create'],
      ['PreToolUse', 'Task'],
      ['StopFailure', 'Execute'],
      ['SessionEnd', undefined],
    ]);
    expect(lines[2]).toMatchObject({ exit_code: 0, tool_input: { command: 'echo fine' } });
    expect(lines[7]).toMatchObject({ tool_input: { command: 'echo about-to-fail; exit 3' } });
    // What the pane draws of the session: the command's failure with its exit code, at the turn end.
    const state = readSession(join(root, sessionId))!;
    expect(state.failures).toEqual([
      expect.objectContaining({
        tool: 'Execute',
        error: 'Exit code 3\nabout-to-fail\n(also failed this turn: Task)',
        detail: 'echo about-to-fail; exit 3',
      }),
    ]);
    expect(state.filesTouched).toEqual([join(project, 'hello.txt')]);
    expect(state.pendingPrompts).toBe(0);

    expect(await world.pluginInput('the plugin to run on the turn-end failure')).toMatchObject({
      hook_event_name: 'StopFailure',
      tool_name: 'Execute',
      host: 'droid',
    });

    // Droid may rewrite its settings (an id on a custom model): uninstall then keeps its changes, else gives the bytes back.
    const afterRun = readFileSync(settings(home), 'utf8');
    expect(cli(['uninstall', '--host', 'droid']).code).toBe(0);
    const left = readFileSync(settings(home), 'utf8');
    if (afterRun === installed) expect(left).toBe(before);
    else expect(JSON.parse(left)).toEqual({ ...JSON.parse(afterRun), hooks: undefined });
    expect(JSON.parse(left).hooks).toBeUndefined();
  });
});
