/**
 * A world for the hostile-file tests: a hatched cat, one session journaled by the real hook,
 * its checkpoint saved by the real statusline; and the spawned statusline itself.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { feedThroughHook, fixturePayloads } from './hook-process.js';
import { STATUSLINE_ENTRY } from './installed-hooks.js';
import { runCli, type CliRun } from './run-cli.js';
import { makeTempDir } from './temp-dir.js';

export const SESSION = JSON.parse(fixturePayloads()[0]).session_id as string;
/** Only guards against a hang: a killed run has no exit code. Never a measure. */
export const HANG_GUARD_MS = 60_000;

export interface HostileWorld {
  env: Record<string, string>;
  configFile: string;
  petFile: string;
  speciesFile: string;
  checkpoint: string;
}

/** A hatched buddy, one session journaled by the real hook, and its checkpoint saved by the statusline. */
export async function makeWorld(): Promise<HostileWorld> {
  const base = makeTempDir('buddy-hostile-');
  const env = {
    HOME: join(base, 'home'),
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    BUDDY_TUI_STATE_DIR: join(base, 'state'),
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
  };
  mkdirSync(env.BUDDY_TUI_FOUNDRY_DIR);
  mkdirSync(join(env.XDG_CONFIG_HOME, 'buddy-tui', 'species'), { recursive: true });
  expect(runCli(['hatch', '--species', 'cat'], env).code).toBe(0);
  await feedThroughHook(fixturePayloads().slice(0, 3), env);
  const petFile = join(env.XDG_STATE_HOME, 'buddy-tui', 'pet.json');
  const world = {
    env,
    configFile: join(env.XDG_CONFIG_HOME, 'buddy-tui', 'config.json'),
    petFile,
    speciesFile: join(env.XDG_CONFIG_HOME, 'buddy-tui', 'species', 'cat.json'),
    checkpoint: join(env.BUDDY_TUI_STATE_DIR, SESSION, 'state.json'),
  };
  expect(statusline(world).stdout).toContain('project');
  readFileSync(world.checkpoint); // the statusline saved it
  return world;
}

export function statusline(world: HostileWorld): CliRun {
  const payload = JSON.stringify({ session_id: SESSION, cwd: '/home/dev/project', model: { display_name: 'Opus' } });
  const run = spawnSync(process.execPath, [STATUSLINE_ENTRY, '--no-color'], {
    input: payload,
    encoding: 'utf8',
    timeout: HANG_GUARD_MS,
    env: { PATH: process.env.PATH, COLUMNS: '200', ...world.env },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Puts a FIFO where the file was (the pet's last good copy goes too: nothing to carry on from). */
export function makeFifo(file: string): void {
  rmSync(file, { force: true });
  if (file.endsWith('pet.json')) rmSync(`${file}.last-good`, { force: true });
  execFileSync('mkfifo', [file]);
}
