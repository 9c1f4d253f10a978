/**
 * The buddy mod (claude-plugin/hooks/register.js) with the real tools: Claude Code's own
 * `claude plugin validate` and `claude plugin test` (the engine's test runner, tests/*.test.ts),
 * and the real `buddy-tui mod-state` the mod asks for its drawing: a pet action through it is
 * what `buddy-tui stats` then shows. (Run `npm run build` first.)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireClaudeBinary, skipWithoutClaude } from '../support/claude-cli.js';
import { CLI_ENTRY, REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const PLUGIN = join(REPO_ROOT, 'claude-plugin');
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the plugin folder (the engine writes its types and a tsconfig.json into the folder it loads). */
function pluginCopy(): { folder: string; home: string } {
  const base = makeTempDir();
  scratch.push(base);
  const folder = join(base, 'claude-plugin');
  cpSync(PLUGIN, folder, { recursive: true, filter: (path) => !/[\\/](types|tsconfig\.json)$/.test(path) });
  const home = join(base, 'home');
  mkdirSync(home);
  return { folder, home };
}

function claude(args: string[], home: string) {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  };
  return spawnSync(requireClaudeBinary(), args, { env, encoding: 'utf8', timeout: 180_000 });
}

describe.skipIf(skipWithoutClaude())('the mod under Claude Code 2.1.332 tooling', () => {
  it('`claude plugin validate` passes and lists the module beside the classic hooks', () => {
    const { folder, home } = pluginCopy();
    const run = claude(['plugin', 'validate', folder], home);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('Validation passed');
    expect(run.stdout).toContain('modules: hooks/register.js');
    expect(run.stdout).toMatch(/hooks: PostToolUseFailure command/);
  }, 200_000);

  it('`claude plugin test` runs the mod tests and all pass', () => {
    const { folder, home } = pluginCopy();
    const run = claude(['plugin', 'test', folder], home);
    const out = run.stdout + run.stderr;
    expect(run.status, out).toBe(0);
    expect(out).toMatch(/\b13 pass\b/);
    expect(out).toMatch(/\b0 fail\b/);
  }, 200_000);
});

describe('buddy-tui mod-state (what the mod draws)', () => {
  function world() {
    const base = makeTempDir();
    scratch.push(base);
    const env = {
      PATH: process.env.PATH,
      HOME: base,
      BUDDY_TUI_STATE_DIR: join(base, 'state'),
      XDG_STATE_HOME: join(base, 'xdg-state'),
      XDG_CONFIG_HOME: join(base, 'xdg-config'),
      USER: 'mod-test',
      HOSTNAME: 'mod-host',
    };
    const cli = (args: string[]) =>
      spawnSync(process.execPath, [CLI_ENTRY, ...args], { env, encoding: 'utf8', timeout: 60_000 });
    return { cli };
  }

  it('with no pet and no session: the face of the pet the seed will hatch, idle, no sprite, and exit 0', () => {
    const { cli } = world();
    const run = cli(['mod-state', '--session', 'no-such-session']);
    expect(run.status, run.stderr).toBe(0);
    // mod-test@mod-host hatches a fox: its face, not a generic (o.o).
    expect(JSON.parse(run.stdout)).toMatchObject({ v: 1, face: '/\\oo/\\', mood: 'idle', sprite: [], working: false });
  });

  it('--act pet pets the one pet.json: `buddy-tui stats` counts it, and the answer carries the quip', () => {
    const { cli } = world();
    const petted = JSON.parse(cli(['mod-state', '--session', 's1', '--act', 'pet']).stdout);
    expect(petted.said).toMatch(new RegExp(`^${petted.name}: .+`));
    expect(petted.sprite.length).toBeGreaterThan(1);
    expect(petted).toMatchObject({
      level: 1,
      mood: expect.any(String),
      species: expect.any(String),
      stage: expect.any(String),
    });
    const stats = JSON.parse(cli(['stats', '--json']).stdout);
    expect(stats.counters.petted).toBe(1);
    expect(stats.identity.name).toBe(petted.name);
    cli(['mod-state', '--session', 's1', '--act', 'pet']);
    expect(JSON.parse(cli(['stats', '--json']).stdout).counters.petted).toBe(2);
  });

  it('refuses an unknown --act and a session id that is a path names no directory', () => {
    const { cli } = world();
    expect(cli(['mod-state', '--session', 's1', '--act', 'eat']).status).toBe(2);
    const run = cli(['mod-state', '--session', '../../etc']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).watch.some((path: string) => path.includes('etc'))).toBe(false);
  });
});
