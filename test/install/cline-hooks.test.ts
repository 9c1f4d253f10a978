/**
 * `install --host cline`, its uninstall and doctor, through the built CLI (dist/cli.js) on
 * throw-away homes: one executable sh file per event in ~/.cline/hooks (or --cline-dir), each
 * silent whatever happens (Cline aborts a run on a hook's `{"cancel":true}`); a user's own hook
 * file of the same name is never replaced nor removed, and install says so; uninstall leaves the
 * tree exactly as it was; --dry-run writes nothing; doctor finds a file that lost its x bit (Cline
 * cannot start it and says nothing), a stale one, and the real Cline's version against the floor.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clineSpec } from '../../src/hosts/cline.js';
import { hookFolderChecks } from '../../src/doctor/doctor-hook-folder.js';
import { clineBinary, skipWithoutCline } from '../support/cline-cli.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const EVENTS = clineSpec.hookFolder.events;

function world() {
  const home = makeTempDir('buddy-cline-home-');
  const base = makeTempDir('buddy-cline-state-');
  const env = { HOME: home, BUDDY_TUI_STATE_DIR: join(base, 'state'), XDG_STATE_HOME: join(base, 'xdg') };
  return { home, env, hooks: join(home, '.cline', 'hooks') };
}

/** Every path under `dir` with its mode and bytes: the tree, to compare before and after. */
function tree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const path = join(dir, name);
      const stats = statSync(path);
      return `${name} ${stats.mode.toString(8)} ${stats.isFile() ? readFileSync(path, 'utf8') : ''}`;
    });
}

describe('install --host cline', () => {
  it('a new user: one executable, silent file per event; uninstall leaves the home as it was', () => {
    const { home, env, hooks } = world();
    const before = tree(home);
    const dry = runCli(['install', '--host', 'cline', '--dry-run'], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`would write ${join(hooks, 'TaskStart')} (mode 755)`);
    expect(tree(home)).toEqual(before);

    const install = runCli(['install', '--host', 'cline'], env);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toContain(
      `Installed buddy-tui's hook files for ${EVENTS.length} Cline events into ${hooks}`,
    );
    expect(readdirSync(hooks).sort()).toEqual([...EVENTS].sort());
    for (const event of EVENTS) expect(statSync(join(hooks, event)).mode & 0o777).toBe(0o755);
    // Run as Cline does (the file itself, the payload on stdin), even with its node gone: nothing printed, exit 0.
    const text = readFileSync(join(hooks, 'PreToolUse'), 'utf8');
    writeFileSync(join(hooks, 'PreToolUse'), text.split(process.execPath).join('/nonexistent/node'));
    const run = spawnSync(join(hooks, 'PreToolUse'), [], {
      input: '{"hookName":"tool_call","taskId":"t1"}',
      env: { PATH: process.env.PATH, ...env, BUDDY_TUI_STATE_DIR: join(home, 'no-root-yet') },
      encoding: 'utf8',
    });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
    writeFileSync(join(hooks, 'PreToolUse'), text);

    expect(runCli(['install', '--host', 'cline'], env).stdout).toContain('already in');
    const dryOut = runCli(['uninstall', '--host', 'cline', '--dry-run'], env);
    expect(dryOut.stdout).toContain(`would remove ${join(hooks, 'TaskStart')}`);
    expect(existsSync(join(hooks, 'TaskStart'))).toBe(true);
    const uninstall = runCli(['uninstall', '--host', 'cline'], env);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(tree(home)).toEqual(before);
  });

  it("a hook file of the user's under an event's name is left alone and named; --cline-dir names another folder", () => {
    const { home, env } = world();
    const config = join(home, 'elsewhere');
    const hooks = join(config, 'hooks');
    mkdirSync(hooks, { recursive: true });
    const mine = '#!/bin/sh\necho mine >>/tmp/never\n';
    writeFileSync(join(hooks, 'TaskStart'), mine, { mode: 0o700 });
    writeFileSync(join(hooks, 'notes.txt'), 'mine too\n');
    const before = tree(config);

    const install = runCli(['install', '--host', 'cline', '--cline-dir', config], env);
    expect(install.code).toBe(1);
    expect(install.stderr).toContain(
      `${join(hooks, 'TaskStart')} is a hook of your own, not buddy-tui's: left as it is`,
    );
    expect(readFileSync(join(hooks, 'TaskStart'), 'utf8')).toBe(mine);
    expect(readdirSync(hooks).sort()).toEqual([...EVENTS, 'notes.txt'].sort());
    expect(existsSync(join(home, '.cline'))).toBe(false);

    const uninstall = runCli(['uninstall', '--host', 'cline', '--cline-dir', config], env);
    expect(uninstall.stdout).toContain(`Removed buddy-tui's ${EVENTS.length - 1} Cline hook files`);
    expect(tree(config)).toEqual(before);
  });

  it.skipIf(skipWithoutCline())(
    'doctor: all there with the real Cline at the floor; a file without its x bit fails; a stale one warns; yours is named',
    async () => {
      const { home, env, hooks } = world();
      const fullEnv = { ...env, PATH: `${dirname(clineBinary() ?? '/nonexistent/cline')}:${process.env.PATH}` };
      const project = makeTempDir('buddy-cline-cwd-');
      expect(await hookFolderChecks(clineSpec, fullEnv, project)).toEqual([]);
      expect(runCli(['install', '--host', 'cline'], env).code).toBe(0);
      const ok = await hookFolderChecks(clineSpec, fullEnv, project);
      expect(ok.map((c) => [c.status, c.title])).toEqual([
        ['ok', `buddy-tui's Cline hook files are there, executable and current for all ${EVENTS.length} events`],
        ['ok', 'Cline 3.0.65 (3.0.65 or newer)'],
      ]);
      chmodSync(join(hooks, 'PostToolUse'), 0o644);
      const stale = readFileSync(join(hooks, 'TaskError'), 'utf8').replace('umask 077', 'umask 022');
      writeFileSync(join(hooks, 'TaskError'), stale);
      writeFileSync(join(hooks, 'TaskCancel'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
      mkdirSync(join(project, '.clinerules', 'hooks'), { recursive: true });
      expect(runCli(['install', '--host', 'cline', '--cline-dir', join(project, '.clinerules')], env).code).toBe(0);
      const found = await hookFolderChecks(clineSpec, { ...fullEnv, PATH: process.env.PATH }, project);
      const line = (status: string) => found.filter((c) => c.status === status).map((c) => c.title);
      expect(line('fail')).toEqual(["buddy-tui's Cline hook files are not executable: PostToolUse"]);
      expect(line('warn')).toEqual([
        "Cline runs hook files of your own under buddy-tui's names: TaskCancel",
        "buddy-tui's Cline hook files are out of date: TaskError",
        `buddy-tui's Cline hooks are also in ${join(project, '.clinerules', 'hooks')}`,
      ]);
      expect(home).toBeTruthy();
    },
  );
});
