/**
 * End to end with the real, interactive Claude Code 2.1.332 in tmux and buddy-tui's mod, after a
 * plain `buddy-tui install` (temporary HOME), with no pane and no statusLine (removed after install,
 * so whatever shows the buddy on Claude Code's screen is the mod): the buddy is there before the
 * first prompt, in both layouts; a command plugin's reaction to a failing Bash call reaches the
 * screen through the headless runner the mod starts while the turn is still open (the model's
 * answer is held until it shows; how fast it shows is measured by `npm run bench -- mod-reaction`,
 * not here, since a wall-clock bound in a test fails on a loaded machine); `/buddy pet`; with
 * disableAllHooks the buddy is not drawn and `buddy-tui doctor` names the cause; and pets the one pet (the mod's answer, and
 * `buddy-tui stats`); uninstall removes the mod.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { type StandinRequest, text, toolUse } from '../support/messages-api-standin.js';
import { readJournal } from './claude-session.js';
import { buddyCli, createWorld, type E2eWorld } from './claude-session.js';
import { startTmux, type TmuxServer } from './tmux-server.js';

const NAME = 'Pixel';
const REACTION = 'mod-watch saw the failing command';
/** The model is asked for its answer to the tool's result (the last message carries a tool_result). */
const answersToolResult = (request: StandinRequest) => {
  const messages = (request.body as { messages?: { content?: unknown }[] }).messages ?? [];
  const last = messages.at(-1)?.content;
  return Array.isArray(last) && last.some((block) => block?.type === 'tool_result');
};
const failingCall = toolUse('Bash', { command: 'node -e "process.exit(5)"', description: 'Run the failing check' });

/** A command plugin with a static reaction to a failed tool call. */
function writePlugin(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'react.sh'),
    `#!/bin/sh\ncat >/dev/null\necho '{"reaction": "${REACTION}", "priority": 5, "ttlMs": 60000}'\n`,
  );
  writeFileSync(
    join(dir, 'buddy-plugin.json'),
    JSON.stringify({
      name: 'mod-watch',
      hooks: {
        PostToolUseFailure: [
          { hooks: [{ type: 'command', command: 'sh "${BUDDY_PLUGIN_ROOT}/react.sh"', timeout: 5 }] },
        ],
      },
      limits: { cooldownMs: 0 },
    }),
  );
}

describe.skipIf(skipWithoutClaude())('the buddy mod inside interactive Claude Code', () => {
  let world: E2eWorld;
  const servers: TmuxServer[] = [];
  let modFolder: string;

  const settings = () => JSON.parse(readFileSync(world.claudeHome.settingsPath, 'utf8'));
  const writeSettings = (value: Record<string, unknown>) =>
    writeFileSync(world.claudeHome.settingsPath, JSON.stringify(value, null, 2));

  function startClaude(tui: 'fullscreen' | 'default'): { server: TmuxServer; pane: string } {
    writeSettings({ ...settings(), tui });
    const dir = join(world.root, `tmux-${tui}-${servers.length}`);
    mkdirSync(dir);
    const started = startTmux(dir, {
      width: 150,
      height: 45,
      env: world.claudeHome.env,
      cwd: world.project,
      command: `${world.claude} --permission-mode default`,
    });
    servers.push(started.server);
    return started;
  }

  beforeAll(async () => {
    world = await createWorld({
      extraEnv: { BUDDY_TUI_RUNNER_IDLE_MS: '20000' },
      turns: () => [failingCall, text('Checked.')],
    });
    writePlugin(join(world.root, 'plugins', 'mod-watch'));
    const config = join(world.claudeHome.home, '.config', 'buddy-tui');
    mkdirSync(config, { recursive: true });
    writeFileSync(
      join(config, 'config.json'),
      JSON.stringify({
        schemaVersion: 1,
        plugins: [join(world.root, 'plugins', 'mod-watch')],
        discoverClaudeSettings: false,
      }),
    );
    writeSettings({ permissions: { allow: ['Bash'] } });
    const bin = join(world.root, 'bin');
    mkdirSync(bin);
    // Install checks `claude --version` on PATH to decide on the mod.
    symlinkSync(world.claude, join(bin, 'claude'));
    expect(buddyCli(world, ['hatch', '--species', 'cat', '--name', NAME]).code).toBe(0);
    const install = buddyCli(world, ['install'], { PATH: `${bin}:${process.env.PATH}` });
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toMatch(/Set up the buddy mod in (\S+):/);
    modFolder = /Set up the buddy mod in (\S+):/.exec(install.stdout)![1];
    const { statusLine: _statusLine, ...rest } = settings();
    writeSettings(rest);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.kill();
    // The headless runner the mod started exits when idle (20 s here); a closing Claude Code may
    // still have started one more, so look twice.
    for (let round = 0; round < 2; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      try {
        process.kill(JSON.parse(readFileSync(join(world.stateDir, 'runner.lock'), 'utf8')).pid, 'SIGTERM');
      } catch {
        // Not running.
      }
    }
    await world?.cleanup();
  });

  it('install put a mod-only copy in the skills folder: a module and no classic hooks (the settings hooks journal)', () => {
    expect(modFolder).toBe(join(world.claudeHome.home, '.claude', 'skills', 'buddy-tui-mod'));
    const hooks = JSON.parse(readFileSync(join(modFolder, 'hooks', 'hooks.json'), 'utf8'));
    expect(hooks.modules).toEqual(['./register.js']);
    expect(hooks.hooks).toBeUndefined();
    expect(Object.keys(settings().hooks)).toContain('PostToolUseFailure');
  });

  it('fullscreen: the sprite card floats above the prompt and the band shows the buddy, before the first prompt', async () => {
    const { server, pane } = startClaude('fullscreen');
    const screen = await server.waitFor(
      pane,
      (s) => /❯/.test(s) && s.includes(`${NAME} · `) && new RegExp(`\\S+ ${NAME}\\s`).test(s),
      90_000,
    );
    expect(screen).toMatch(/╭─+╮/);

    // No pane: the headless runner the mod started runs the plugin, and its reaction shows while
    // the turn is open: the model's answer to the failed call is held until the test has seen it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    world.api.setMain((request) => (answersToolResult(request) ? released.then(() => text('Checked.')) : failingCall));
    server.typeText(pane, 'Run the failing check.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(pane, 'Enter');
    const shown = await server.waitFor(pane, (s) => s.includes(REACTION), 60_000);
    const seenAt = Date.now();
    expect(shown).not.toContain('Checked.');
    const sessionId = readdirSync(world.stateDir).find((name) =>
      existsSync(join(world.stateDir, name, 'events.jsonl')),
    )!;
    const failure = readJournal(world.stateDir, sessionId).find(
      (event) => event.hook_event_name === 'PostToolUseFailure',
    )!;
    const reactions = readFileSync(join(world.stateDir, sessionId, 'reactions.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const written = reactions.find((reaction) => reaction.text === REACTION);
    expect(written, 'the runner wrote the reaction to reactions.jsonl').toBeDefined();
    // Printed for the record; the bench holds the 2 s budget.
    console.log(
      `mod reaction: failure journaled +0, reaction written +${written.ts - failure.ts} ms, on screen +${seenAt - failure.ts} ms`,
    );
    release();
    await server.waitFor(pane, /Checked\./, 60_000);

    server.typeText(pane, '/buddy pet');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(pane, 'Enter');
    const after = await server.waitFor(pane, new RegExp(`${NAME}: \\S`), 60_000);
    const stats = JSON.parse(buddyCli(world, ['stats', '--json']).stdout);
    expect(stats.counters.petted, after).toBe(1);
    // The mod draws what mod-state says now for the petted pet (the statusline's face rule).
    const state = JSON.parse(buddyCli(world, ['mod-state', '--session', 'none']).stdout);
    await server
      .waitFor(pane, (s) => s.includes(`${state.face} ${NAME}`), 30_000)
      .catch(() => {
        throw new Error(`the band does not show ${state.face} ${NAME}:\n${server.capture(pane)}\n(before: ${after})`);
      });
    server.sendKeys(pane, 'C-c');
    server.sendKeys(pane, 'C-c');
  }, 240_000);

  it('classic layout ("tui": "default", the main screen): the band above the prompt shows the buddy (no floating card there)', async () => {
    const { server, pane } = startClaude('default');
    const screen = await server.waitFor(pane, (s) => /❯/.test(s) && new RegExp(`\\S+ ${NAME}\\s`).test(s), 90_000);
    expect(screen).not.toContain(`${NAME} · `);
    server.sendKeys(pane, 'C-c');
    server.sendKeys(pane, 'C-c');
  }, 200_000);

  it("gated off by disableAllHooks: no buddy on Claude Code's screen, and doctor names the cause and the fix", async () => {
    const doctorBefore = buddyCli(world, ['doctor']);
    expect(doctorBefore.stdout).toContain('the buddy mod loads in new Claude Code sessions');
    writeSettings({ ...settings(), disableAllHooks: true });
    const { server, pane } = startClaude('fullscreen');
    await server.waitFor(pane, /❯/, 90_000);
    // Give a loading mod the time it took above to draw.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    expect(server.capture(pane)).not.toContain(NAME);
    const doctor = buddyCli(world, ['doctor']);
    expect(doctor.stdout).toContain('the buddy mod does not load: "disableAllHooks": true turns mods off too');
    expect(doctor.stdout).toContain(`fix: remove "disableAllHooks" from ${world.claudeHome.settingsPath}`);
    server.sendKeys(pane, 'C-c');
    server.sendKeys(pane, 'C-c');
    const { disableAllHooks: _off, ...rest } = settings();
    writeSettings(rest);
  }, 200_000);

  it('uninstall removes the mod folder', () => {
    const result = buddyCli(world, ['uninstall']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Removed the buddy mod.');
    expect(existsSync(modFolder)).toBe(false);
  });
});
