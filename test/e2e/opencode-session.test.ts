/**
 * A real OpenCode 1.18.33 session seen through buddy-tui, end to end (plugin-host-world.ts): the
 * plugin file install wrote, one `opencode run` against the stand-in, then the journal, the
 * reducer, `status --json`, a Claude-Code-shaped buddy plugin fed the journal, and doctor. Then a
 * second run with a fault injected inside buddy-tui's plugin code: every tool still runs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlugins } from '../../src/config/plugin-setup.js';
import { createPluginRunner } from '../../src/plugins/plugin-runner.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { collector, script } from '../plugins/plugin-fixtures.js';
import { text } from '../support/chat-completions-standin.js';
import {
  createOfflinePluginHostHome,
  pluginHostBinary,
  runPluginHost,
  skipWithoutPluginHost,
} from '../support/opencode-cli.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startHostWorld } from './host-session-world.js';
import { FAILING_BASH, pluginHostSession, sessionDirs, type PluginHostWorld } from './plugin-host-world.js';
import { expectInstalledAndRun, expectSessionSeen } from './plugin-host-checks.js';
import { shellQuote, startTmux, type TmuxServer } from './tmux-server.js';

describe.skipIf(skipWithoutPluginHost('opencode'))('an OpenCode session through buddy-tui plugin', () => {
  let world: PluginHostWorld;
  let tmux: TmuxServer | undefined;

  beforeAll(async () => {
    world = await pluginHostSession('opencode');
  }, 240_000);

  afterAll(async () => {
    tmux?.kill();
    await world?.close();
  });

  it('install put the plugin file in the plugins folder; opencode run ended normally', () => {
    expectInstalledAndRun(world, 'opencode');
  });

  it('the journal, the reducer and status --json show the failure with exit code 3, the ask answered, the subagent', () => {
    expectSessionSeen(world, 'opencode');
  });

  it('the pane under tmux shows the OpenCode session and its failed command with exit code 3', async () => {
    const dir = makeTempDir('buddy-opencode-tmux-');
    const started = startTmux(dir, {
      width: 100,
      height: 32,
      command: `${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`,
      cwd: world.project,
      env: world.home.env,
    });
    tmux = started.server;
    const screen = await tmux.waitFor(
      started.pane,
      (s) => /✗ bash .*Exit code 3/.test(s) && s.includes('[opencode]'),
      60_000,
    );
    expect(screen).toMatch(/\[opencode\] · mock\/mock-model/);
  }, 90_000);

  it('a buddy plugin declared as a Claude Code hook reacts to OpenCode events unchanged', async () => {
    const dir = makeTempDir('buddy-opencode-plugin-');
    const seen = join(dir, 'seen.jsonl');
    const configFile = join(dir, 'config.json');
    const command = script(dir, 'on-failure', `cat >> '${seen}'; echo >> '${seen}'; echo 'a command failed'`);
    // As a Claude Code user writes it: every failed tool (a matcher names a tool, and OpenCode's are lower case).
    const rule = { hooks: [{ type: 'command', command }] };
    writeFileSync(configFile, JSON.stringify({ hooks: { PostToolUseFailure: [rule] } }));
    const out = collector();
    const runner = createPluginRunner({
      shell: '/bin/sh',
      limits: { cooldownMs: 0 },
      handlers: loadPlugins({ configFile, env: {} }).handlers,
      ...out.callbacks,
    });
    try {
      for (const line of world.journal()) await runner.handleEvent(line as JournalEvent);
    } finally {
      await runner.close();
    }
    const inputs = readFileSync(seen, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(inputs[0]).toMatchObject({ hook_event_name: 'PostToolUseFailure', host: 'opencode', tool_name: 'bash' });
    expect(inputs[0].payload).toMatchObject({ exit_code: 3 });
    expect(out.reactions.map((r) => r.text)).toContain('a command failed');
  });

  it('doctor says the plugin is there and current, names --pure and OPENCODE_PURE (set here), and the version floor', () => {
    const bin = join(pluginHostBinary('opencode') ?? '', '..');
    const env = { ...world.home.env, PATH: `${bin}:${world.home.env.PATH}`, OPENCODE_PURE: '1' };
    const doctor = runCli(['doctor'], env, world.project);
    expect(doctor.stdout).toContain("ok    buddy-tui's OpenCode plugin is installed and current");
    expect(doctor.stdout).toMatch(/warn {2}OPENCODE_PURE is set here: OpenCode .* loads no plugin/);
    expect(doctor.stdout).toContain('ok    OpenCode 1.18.33 (1.18.33 or newer)');
  });

  it('a fault inside buddy-tui plugin code never blocks or fails a tool', async () => {
    // Its own world: one failing command, then text (the host's tool hooks are where a throw would block).
    const faulty = await startHostWorld({
      host: 'opencode',
      script: [FAILING_BASH, text('Done.')],
      makeHome: (baseUrl, buddyEnv) =>
        createOfflinePluginHostHome({
          host: 'opencode',
          baseUrl,
          extraEnv: { BUDDY_TUI_STATE_DIR: buddyEnv.BUDDY_TUI_STATE_DIR, BUDDY_TUI_PLUGIN_FAULT: '1' },
        }),
    });
    try {
      expect(faulty.install.code).toBe(0);
      const run = await runPluginHost({
        host: 'opencode',
        home: faulty.home,
        cwd: faulty.project,
        prompt: 'Run the check.',
      });
      expect(run.timedOut).toBe(false);
      expect(run.exitCode, run.stderr).toBe(0);
      const results = JSON.stringify(
        faulty.api
          .chatRequests()
          .at(-1)
          ?.messages.filter((m: { role: string }) => m.role === 'tool'),
      );
      expect(results).toContain('about-to-fail');
      expect(results).not.toContain('injected plugin fault');
      expect(sessionDirs(faulty.root)).toEqual([]);
    } finally {
      await faulty.close();
    }
  }, 180_000);

  it('uninstall removes the file and the plugins folder install made', () => {
    const out = runCli(['uninstall', '--host', 'opencode'], world.home.env, world.project);
    expect(out.code, out.stderr).toBe(0);
    expect(existsSync(join(world.home.configDir, 'plugins'))).toBe(false);
  });
});
