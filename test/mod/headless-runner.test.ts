/**
 * `buddy-tui runner`, the real process: with no pane, an event spooled into the inbox runs the
 * user's command plugin and its reaction lands in the session's reactions.jsonl (what the
 * statusline and the mod show); it holds runner.lock while it runs, releases it when idle, and
 * leaves the plugins to a live holder of the lock. (Run `npm run build` first.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireRunnerLock } from '../../src/tui/runner-lock.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { failure, until, world } from './runner-world.js';

describe('buddy-tui runner (headless)', () => {
  it('runs the plugins on spooled events, holds runner.lock, and exits and releases it when idle', async () => {
    const { state, env } = world();
    const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '4000'], { env, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => runner.on('exit', resolve));
    await until(() => existsSync(join(state, 'runner.lock')), 'runner.lock');
    expect(JSON.parse(readFileSync(join(state, 'runner.lock'), 'utf8')).pid).toBe(runner.pid);
    // As the hook's spool writes it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    writeFileSync(join(state, 'inbox', 'claude.123'), failure('headless-1'));
    const reactions = join(state, 'headless-1', 'reactions.jsonl');
    await until(
      () => existsSync(reactions) && readFileSync(reactions, 'utf8').includes('runner saw it fail'),
      'the reaction',
    );
    expect(await exited).toBe(0);
    expect(existsSync(join(state, 'runner.lock'))).toBe(false);
  }, 90_000);

  it('leaves the plugins to a live holder of the lock (a pane), and says so', () => {
    const { state, env } = world();
    // This test process stands in for the pane, holding the lock as one does.
    expect(acquireRunnerLock(state).held()).toBe(true);
    const run = spawnSync(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '1000'], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('another buddy-tui runs the plugins already');
    expect(JSON.parse(readFileSync(join(state, 'runner.lock'), 'utf8')).pid).toBe(process.pid);
  });

  it('mod-state --ensure-runner starts one when none runs, and not a second', async () => {
    const { state, env } = world();
    const ask = () =>
      spawnSync(process.execPath, [CLI_ENTRY, 'mod-state', '--session', 's1', '--ensure-runner'], {
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
    expect(ask().status).toBe(0);
    // The lock is created, then written: it names its holder once it reads whole.
    const holder = (): number | undefined => {
      try {
        return JSON.parse(readFileSync(join(state, 'runner.lock'), 'utf8')).pid;
      } catch {
        return undefined;
      }
    };
    await until(() => holder() !== undefined, 'runner.lock naming its holder');
    const pid = holder() as number;
    expect(ask().status).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(JSON.parse(readFileSync(join(state, 'runner.lock'), 'utf8')).pid).toBe(pid);
    process.kill(pid, 'SIGTERM');
    await until(() => !existsSync(join(state, 'runner.lock')), 'the lock released');
  }, 90_000);
});
