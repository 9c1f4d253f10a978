/**
 * `buddy-tui install --host opencode|kilo` and `uninstall`, through the built CLI: the plugin file
 * in $XDG_CONFIG_HOME/<host>/plugins (or the folder --<host>-config names), --dry-run writing
 * nothing, a second install changing nothing, a user's own file of that name left alone, and
 * uninstall leaving the config folder byte for byte as it was before install.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

/** Every file and folder under `dir` with its bytes: what "byte for byte" compares. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = entry.isDirectory() ? '<dir>' : readFileSync(path, 'base64');
  }
  return out;
}

function world() {
  const base = makeTempDir('buddy-plugin-install-');
  const env = {
    PATH: process.env.PATH,
    HOME: join(base, 'home'),
    XDG_CONFIG_HOME: join(base, 'xdg'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    BUDDY_TUI_STATE_DIR: join(base, 'state'),
  };
  return { base, env };
}

describe.each([['opencode'], ['kilo']])('install --host %s: the plugin file', (host) => {
  it('dry run writes nothing; install writes into $XDG_CONFIG_HOME; again changes nothing; uninstall gives back the folder byte for byte', () => {
    const { base, env } = world();
    const config = join(env.XDG_CONFIG_HOME, host);
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, `${host}.json`), '{ "model": "mine" }\n');
    const before = snapshot(env.XDG_CONFIG_HOME);
    const dry = runCli(['install', '--host', host, '--dry-run'], env, base);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`would write`);
    expect(snapshot(env.XDG_CONFIG_HOME)).toEqual(before);
    const install = runCli(['install', '--host', host], env, base);
    expect(install.code, install.stderr).toBe(0);
    const file = join(config, 'plugins', 'buddy-tui.js');
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[2]).toMatch(/^\/\/ buddy-tui-plugin /);
    expect(text).toContain(`const BUDDY_TUI_INSTALL = {"host":"${host}"`);
    expect(statSync(join(env.BUDDY_TUI_STATE_DIR, 'inbox')).isDirectory()).toBe(true);
    expect(runCli(['install', '--host', host], env, base).stdout).toContain('nothing changed');
    expect(runCli(['uninstall', '--host', host, '--dry-run'], env, base).stdout).toContain('would remove');
    expect(readFileSync(file, 'utf8')).toBe(text);
    const uninstall = runCli(['uninstall', '--host', host], env, base);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(snapshot(env.XDG_CONFIG_HOME)).toEqual(before);
  });

  it('--<host>-config names another folder; a user file named buddy-tui.js is never replaced nor removed', () => {
    const { base, env } = world();
    const other = join(base, 'elsewhere');
    const flag = `--${host}-config`;
    expect(runCli(['install', '--host', host, flag, other], env, base).code).toBe(0);
    expect(readFileSync(join(other, 'plugins', 'buddy-tui.js'), 'utf8')).toContain('buddy-tui-plugin');
    expect(runCli(['uninstall', '--host', host, flag, other], env, base).code).toBe(0);
    const mine = join(env.XDG_CONFIG_HOME, host, 'plugins', 'buddy-tui.js');
    mkdirSync(join(mine, '..'), { recursive: true });
    writeFileSync(mine, 'export const Mine = async () => ({});\n');
    const install = runCli(['install', '--host', host], env, base);
    expect(install.code).toBe(1);
    expect(install.stderr).toContain("is not buddy-tui's plugin");
    expect(runCli(['uninstall', '--host', host], env, base).code).toBe(1);
    expect(readFileSync(mine, 'utf8')).toBe('export const Mine = async () => ({});\n');
  });
});
