/**
 * End to end with the real, interactive Claude Code 2.1.332 in tmux and buddy-tui's mod, after a
 * plain `buddy-tui install` (temporary HOME), with no pane and no statusLine (removed after install,
 * so whatever shows the buddy on Claude Code's screen is the mod): the buddy is there before the
 * first prompt, in both layouts; a command plugin's reaction to a failing Bash call reaches the
 * screen through the headless runner the mod starts while the turn is still open (the model's
 * answer is held until it shows: `npm run bench -- screen-latency` measures how soon, since a
 * wall-clock bound in a test fails on a loaded machine); `/buddy pet` pets the one pet (the mod's
 * answer, and `buddy-tui stats`); with disableAllHooks the buddy is not drawn and `buddy-tui
 * doctor` names the cause; uninstall removes the mod.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { text } from '../support/messages-api-standin.js';
import { buddyCli } from './claude-session.js';
import {
  answersToolResult,
  createModWorld,
  failingCall,
  MOD_PET_NAME as NAME,
  MOD_REACTION as REACTION,
  type ModWorld,
} from './mod-world.js';

describe.skipIf(skipWithoutClaude())('the buddy mod inside interactive Claude Code', () => {
  let mod: ModWorld;
  const settings = () => mod.settings();
  const writeSettings = (value: Record<string, unknown>) => mod.writeSettings(value);
  const startClaude = (tui: 'fullscreen' | 'default') => mod.startClaude(tui);

  beforeAll(async () => {
    mod = await createModWorld([failingCall(), text('Checked.')]);
  }, 120_000);

  afterAll(async () => {
    await mod?.cleanup();
  });

  it('install put a mod-only copy in the skills folder: a module and no classic hooks (the settings hooks journal)', () => {
    expect(mod.modFolder).toBe(join(mod.world.claudeHome.home, '.claude', 'skills', 'buddy-tui-mod'));
    const hooks = JSON.parse(readFileSync(join(mod.modFolder, 'hooks', 'hooks.json'), 'utf8'));
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
    mod.world.api.setMain((request) =>
      answersToolResult(request) ? released.then(() => text('Checked.')) : failingCall(),
    );
    server.typeText(pane, 'Run the failing check.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(pane, 'Enter');
    const shown = await server.waitFor(pane, (s) => s.includes(REACTION), 60_000);
    const seenAt = Date.now();
    expect(shown).not.toContain('Checked.');
    const { failedAt, writtenAt } = mod.timeline(REACTION);
    expect(writtenAt, 'the runner wrote the reaction to reactions.jsonl').toBeDefined();
    // Printed for the record; `npm run bench -- screen-latency` holds the 2 s budget.
    console.log(
      `mod reaction: failure journaled +0, reaction written +${writtenAt! - failedAt!} ms, on screen +${seenAt - failedAt!} ms`,
    );
    release();
    await server.waitFor(pane, /Checked\./, 60_000);

    server.typeText(pane, '/buddy pet');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(pane, 'Enter');
    const after = await server.waitFor(pane, new RegExp(`${NAME}: \\S`), 60_000);
    const stats = JSON.parse(buddyCli(mod.world, ['stats', '--json']).stdout);
    expect(stats.counters.petted, after).toBe(1);
    // The mod draws what mod-state says for this session now (the statusline's face rule): asked
    // again at each look, since the face follows the session (a bubble's mood ends on its time).
    const faceNow = () =>
      JSON.parse(buddyCli(mod.world, ['mod-state', '--session', mod.sessionId() ?? 'none']).stdout).face as string;
    let face = faceNow();
    await server
      .waitFor(pane, (s) => s.includes(`${(face = faceNow())} ${NAME}`), 30_000)
      .catch(() => {
        throw new Error(`the band does not show ${face} ${NAME}:\n${server.capture(pane)}\n(before: ${after})`);
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
    const doctorBefore = buddyCli(mod.world, ['doctor']);
    expect(doctorBefore.stdout).toContain('the buddy mod loads in new Claude Code sessions');
    writeSettings({ ...settings(), disableAllHooks: true });
    const { server, pane } = startClaude('fullscreen');
    await server.waitFor(pane, /❯/, 90_000);
    // Give a loading mod the time it took above to draw.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    expect(server.capture(pane)).not.toContain(NAME);
    const doctor = buddyCli(mod.world, ['doctor']);
    expect(doctor.stdout).toContain('the buddy mod does not load: "disableAllHooks": true turns mods off too');
    expect(doctor.stdout).toContain(`fix: remove "disableAllHooks" from ${mod.world.claudeHome.settingsPath}`);
    server.sendKeys(pane, 'C-c');
    server.sendKeys(pane, 'C-c');
    const { disableAllHooks: _off, ...rest } = settings();
    writeSettings(rest);
  }, 200_000);

  it('uninstall removes the mod folder', () => {
    const result = buddyCli(mod.world, ['uninstall']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Removed the buddy mod.');
    expect(existsSync(mod.modFolder)).toBe(false);
  });
});
