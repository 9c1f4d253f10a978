/**
 * `buddy-tui stats` through the built CLI: the food bar is "fed" (100 − hunger), so `feed` fills
 * it as `pet` and `play` fill theirs (issue 47: the hunger bar emptied when fed).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

function home() {
  const base = makeTempDir('buddy-stats-fed-');
  const env = {
    PATH: process.env.PATH,
    HOME: base,
    XDG_STATE_HOME: join(base, 'state'),
    XDG_CONFIG_HOME: join(base, 'config'),
    NO_COLOR: '1',
  };
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [CLI_ENTRY, ...args], { env, encoding: 'utf8', timeout: 30_000 });
  return { cli, petFile: join(base, 'state', 'buddy-tui', 'pet.json') };
}

/** The number at the end of the stats line that starts with `label`. */
const figure = (stdout: string, label: string) =>
  Number(
    stdout
      .split('\n')
      .find((line) => line.startsWith(`${label} `))
      ?.match(/(\d+)\s*$/)?.[1],
  );

describe('buddy-tui stats', () => {
  it('shows hunger 80 as fed 20, and feed fills the bar', () => {
    const { cli, petFile } = home();
    expect(cli('hatch', '--seed', 'fed', '--species', 'cat', '--name', 'Miso').status).toBe(0);
    const pet = JSON.parse(readFileSync(petFile, 'utf8'));
    writeFileSync(petFile, JSON.stringify({ ...pet, needs: { ...pet.needs, hunger: 80 }, updatedAt: Date.now() }));
    const before = cli('stats');
    expect(before.status).toBe(0);
    expect(before.stdout).not.toMatch(/^hunger /m);
    expect(figure(before.stdout, 'fed')).toBeLessThanOrEqual(20);
    expect(cli('feed').status).toBe(0);
    expect(figure(cli('stats').stdout, 'fed')).toBeGreaterThan(figure(before.stdout, 'fed'));
  });
});
