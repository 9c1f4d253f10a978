/**
 * A real Kilo CLI 7.7.7 session seen through buddy-tui (plugin-host-world.ts): the same plugin
 * file and translator as OpenCode's, installed into Kilo's own folder, one `kilo run` against
 * the stand-in, then what the journal, the reducer and `status --json` show. The inbox is taken
 * away before the run: the plugin's first event goes to the Node hook, spawned from Kilo's runtime.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutPluginHost } from '../support/opencode-cli.js';
import { runCli } from '../support/run-cli.js';
import { expectInstalledAndRun, expectSessionSeen } from './plugin-host-checks.js';
import { pluginHostSession, type PluginHostWorld } from './plugin-host-world.js';

describe.skipIf(skipWithoutPluginHost('kilo'))('a Kilo session through buddy-tui plugin', () => {
  let world: PluginHostWorld;

  beforeAll(async () => {
    world = await pluginHostSession('kilo', { withoutInbox: true });
  }, 240_000);

  afterAll(async () => {
    await world?.close();
  });

  it('install put the plugin file in ~/.config/kilo/plugins; kilo run ended normally', () => {
    expectInstalledAndRun(world, 'kilo');
  });

  it('the journal, the reducer and status --json show the failure with exit code 3, the ask answered, the subagent', () => {
    expectSessionSeen(world, 'kilo');
  });

  it('with no inbox, the first event went to the Node hook from inside Kilo, which made the inbox for the rest', () => {
    const lines = world.journal();
    expect(lines[0]).toMatchObject({ hook_event_name: 'SessionStart', host: 'kilo' });
    expect(lines[0].inbox).toBeUndefined();
    expect(lines.slice(1).every((line) => typeof line.inbox === 'string' && line.inbox.startsWith('kilo.'))).toBe(true);
  });

  it('doctor names KILO_PURE; uninstall removes the file and the plugins folder install made', () => {
    const doctor = runCli(['doctor'], world.home.env, world.project);
    expect(doctor.stdout).toContain("ok    buddy-tui's Kilo plugin is installed and current");
    expect(doctor.stdout).toContain('KILO_PURE is not set');
    const out = runCli(['uninstall', '--host', 'kilo'], world.home.env, world.project);
    expect(out.code, out.stderr).toBe(0);
    expect(existsSync(join(world.home.configDir, 'plugins'))).toBe(false);
  });
});
