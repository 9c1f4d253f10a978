/**
 * End to end with the real, interactive Claude Code 2.1.332 in tmux and buddy-tui's mod, after a
 * plain `buddy-tui install` (temporary HOME), with no pane and no statusLine (removed after install,
 * so whatever shows the buddy on Claude Code's screen is the mod): the buddy is there before the
 * first prompt, in both layouts; `/buddy pet` pets the one pet (the mod's answer, and
 * `buddy-tui stats`); uninstall removes the mod.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { text } from '../support/messages-api-standin.js';
import { buddyCli, createWorld, type E2eWorld } from './claude-session.js';
import { startTmux, type TmuxServer } from './tmux-server.js';

const NAME = 'Pixel';

describe.skipIf(skipWithoutClaude())('the buddy mod inside interactive Claude Code', () => {
  let world: E2eWorld;
  const servers: TmuxServer[] = [];
  let modFolder: string;

  const settings = () => JSON.parse(readFileSync(world.claudeHome.settingsPath, 'utf8'));
  const writeSettings = (value: Record<string, unknown>) => writeFileSync(world.claudeHome.settingsPath, JSON.stringify(value, null, 2));

  function startClaude(tui: 'fullscreen' | 'default'): { server: TmuxServer; pane: string } {
    writeSettings({ ...settings(), tui });
    const dir = join(world.root, `tmux-${tui}`);
    mkdirSync(dir);
    const started = startTmux(dir, { width: 150, height: 45, env: world.claudeHome.env, cwd: world.project, command: world.claude });
    servers.push(started.server);
    return started;
  }

  beforeAll(async () => {
    world = await createWorld({ turns: () => [text('ok')] });
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
    const screen = await server.waitFor(pane, (s) => /❯/.test(s) && s.includes(`${NAME} · `) && new RegExp(`\\S+ ${NAME}\\s`).test(s), 90_000);
    expect(screen).toMatch(/╭─+╮/);

    server.typeText(pane, '/buddy pet');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(pane, 'Enter');
    const after = await server.waitFor(pane, new RegExp(`${NAME}: \\S`), 60_000);
    const stats = JSON.parse(buddyCli(world, ['stats', '--json']).stdout);
    expect(stats.counters.petted).toBe(1);
    // The mod draws what mod-state says now for the petted pet (the statusline's face rule).
    const state = JSON.parse(buddyCli(world, ['mod-state', '--session', 'none']).stdout);
    await server.waitFor(pane, (s) => s.includes(`${state.face} ${NAME}`), 30_000).catch(() => {
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

  it('uninstall removes the mod folder', () => {
    const result = buddyCli(world, ['uninstall']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Removed the buddy mod.');
    expect(existsSync(modFolder)).toBe(false);
  });
});
