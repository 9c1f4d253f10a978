/**
 * A real Cline CLI 3.0.65 session seen through buddy-tui, end to end, in one TUI session: `install
 * --host cline` (a hook file per event), the headless runner with a buddy plugin declared as a
 * Claude Code hook (PostToolUseFailure, matcher on Cline's tool), and `cline -i --auto-approve
 * false` in a private tmux against the Chat Completions stand-in: a file write (denied with n), a
 * command that exits 3 (approved with y), then text. While Cline's approval dialog waits, buddy-tui
 * shows what Cline reports of it (the call running, never "waiting for you": Cline fires nothing
 * for the dialog); the denial is a failure; the failed command carries its exit code in `status`,
 * the session and the pane; the plugin runs on Cline's event unchanged. The hub daemon the TUI
 * leaves behind is stopped at the end.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSession } from '../../src/state/reader.js';
import { call, text } from '../support/chat-completions-standin.js';
import {
  clineBinary,
  createOfflineClineHome,
  skipWithoutCline,
  stopHub,
  type OfflineClineHome,
} from '../support/cline-cli.js';
import { openBuiltPane } from '../support/run-cli.js';
import { waitUntil } from '../support/wait-until.js';
import { readJournal } from './claude-session.js';
import { startHostWorld, type HostWorld } from './host-session-world.js';
import { shellQuote, startTmux, type TmuxServer } from './tmux-server.js';

const LONG = 90_000;

describe.skipIf(skipWithoutCline())('a Cline TUI session in the journal, status and a plugin', () => {
  let world: HostWorld<OfflineClineHome> | undefined;
  let server: TmuxServer | undefined;

  afterAll(async () => {
    server?.kill();
    try {
      // Stopped even when the test failed early: the daemon would outlive the test run.
      if (world) expect(stopHub(world.home)).toContain('"stopped"');
    } finally {
      await world?.close();
    }
  });

  it('shows the exit 3 failure, the approval as Cline reports it, and runs the plugin', {
    timeout: 240_000,
  }, async () => {
    world = await startHostWorld({
      host: 'cline',
      script: (project) => [
        call('editor', { path: join(project, 'hello.txt'), new_text: 'hello\n' }),
        call('run_commands', { commands: ['echo about-to-fail; exit 3'] }),
        text('Done.'),
      ],
      makeHome: (baseUrl, buddyEnv) => createOfflineClineHome({ baseUrl, extraEnv: buddyEnv }),
      plugin: { event: 'PostToolUseFailure', matcher: 'run_commands' },
      runner: true,
    });
    const { base, project, root, install, cli } = world;
    const env = world.home.env;
    expect(install.code, install.stderr).toBe(0);

    const status = () => JSON.parse(cli(['status', '--json']).stdout).sessions[0];
    const journal = () => {
      const id = existsSync(root)
        ? readdirSync(root).find((name) => existsSync(join(root, name, 'events.jsonl')))
        : undefined;
      return id ? readJournal(root, id) : [];
    };
    const names = () => journal().map((line) => line.hook_event_name as string);

    const tmux = startTmux(base, {
      command: `${shellQuote(clineBinary()!)} -i --auto-approve false`,
      cwd: project,
      env,
      width: 140,
      height: 40,
    });
    server = tmux.server;
    const pane = tmux.pane;
    await server.waitFor(pane, /What can I do for you/, LONG);
    const prompt = 'Run the check, then write the file.';
    server.typeText(pane, prompt);
    await server.waitFor(pane, (screen) => screen.includes(prompt));
    // An Enter that comes with the typed text is taken as part of it: pressed again (every 2 s at
    // most) while the welcome banner says nothing was sent; a second prompt would fail the run.
    let pressedAt = 0;
    await waitUntil(
      () => {
        const unsent = server!.capture(pane).includes('What can I do for you');
        if (unsent && Date.now() - pressedAt > 2_000) {
          server!.sendKeys(pane, 'Enter');
          pressedAt = Date.now();
        }
        return unsent;
      },
      (unsent) => !unsent,
      'the prompt to be sent',
      LONG,
    );

    // The dialog is up and Cline fired PreToolUse before it, nothing for the dialog itself.
    await server.waitFor(pane, /Approve tool call\?\s+editor/, LONG);
    const asking = await waitUntil(status, (s) => s?.state === 'working', 'the session working on the write');
    expect(asking).toMatchObject({ host: 'cline', state: 'working', tools: { editor: 1 }, failures: 0 });
    expect(asking.reports.waitingForApproval).toBe('no');
    server.sendKeys(pane, 'n');
    await waitUntil(names, (n) => n.includes('PostToolUseFailure'), 'the denied write in the journal', LONG);

    await server.waitFor(pane, /Approve tool call\?\s+run_commands/, LONG);
    server.sendKeys(pane, 'y');
    await waitUntil(names, (n) => n.includes('Stop'), "the turn's end in the journal", LONG).catch((error) => {
      throw new Error(`${error.message}\n${server!.capture(pane)}`);
    });

    const lines = journal();
    expect(new Set(lines.map((line) => line.host))).toEqual(new Set(['cline']));
    expect(names()).toEqual([
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUseFailure',
      'PreToolUse',
      'PostToolUseFailure',
      'Stop',
    ]);
    const failed = lines.filter((line) => line.hook_event_name === 'PostToolUseFailure');
    expect(failed.map((line) => [line.tool_name, line.exit_code])).toEqual([
      ['editor', undefined],
      ['run_commands', 3],
    ]);
    // What the pane draws of the session: the failures, the first with its exit code.
    const state = readSession(join(root, lines[0].session_id))!;
    expect(state.failures.map((f) => f.error)).toEqual([
      expect.stringMatching(/rejected by the user/),
      'Exit code 3\nabout-to-fail',
    ]);
    expect(status()).toMatchObject({ host: 'cline', label: 'Cline', state: 'idle', failures: 2 });
    expect(existsSync(join(project, 'hello.txt'))).toBe(false);
    // And in the pane, as the user sees it.
    const buddyPane = openBuiltPane(server, env, { name: 'buddy' });
    await server.waitFor(buddyPane, (screen) => /✗ run_commands .*Exit code 3/.test(screen), LONG);

    expect(await world.pluginInput('the plugin to run on the failure')).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'run_commands',
      exit_code: 3,
      host: 'cline',
    });
  });
});
