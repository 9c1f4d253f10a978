/**
 * `buddy-tui doctor`, run for real: with notify.channels set and no pane running, it says that
 * notifications need one and how to start it; with a live runner lock, who sends them; a
 * configured channel that cannot work here (notify-send not on PATH) is named with why.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { spawnSync } from 'node:child_process';
import { makeTempDir } from '../support/temp-dir.js';
import { acquireRunnerLock } from '../../src/tui/runner-lock.js';

function world(notify: object) {
  const home = makeTempDir();
  mkdirSync(join(home, '.config', 'buddy-tui'), { recursive: true });
  mkdirSync(join(home, 'state'), { mode: 0o700 });
  writeFileSync(join(home, '.config', 'buddy-tui', 'config.json'), JSON.stringify({ schemaVersion: 2, notify }));
  // A PATH without notify-send, whatever this machine has installed: node alone.
  mkdirSync(join(home, 'bin'));
  symlinkSync(process.execPath, join(home, 'bin', 'node'));
  const env = {
    HOME: home,
    BUDDY_TUI_STATE_DIR: join(home, 'state'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
    PATH: join(home, 'bin'),
  };
  return { home, env };
}

/** runCli prepends this process's PATH; doctor here must see only the private one. */
const runCli = (args: string[], env: Record<string, string>) => {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], { env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

const notifications = (stdout: string) =>
  stdout.split('\n\n').find((section) => section.startsWith('notifications')) ?? '';

describe('doctor: notifications', () => {
  it('nothing running the plugins: notifications need a pane or the runner, and how to start one', () => {
    const { env } = world({ channels: ['bell'] });
    const run = runCli(['doctor'], env);
    expect(notifications(run.stdout)).toContain(
      'notifications need a buddy-tui process that runs the plugins (a pane, or the headless runner the buddy mod starts), and none runs now',
    );
    expect(notifications(run.stdout)).toContain('buddy-tui pane');
  });

  it('a live runner lock: who sends them; a channel that cannot work here is named', () => {
    const { env } = world({ channels: ['bell', 'notify-send', 'command'] });
    // This process holds the lock as a pane or the headless runner does.
    const lock = acquireRunnerLock(env.BUDDY_TUI_STATE_DIR);
    expect(lock.held()).toBe(true);
    const text = notifications(runCli(['doctor'], env).stdout);
    lock.release();
    expect(text).toContain(
      `sent by the buddy-tui process that runs the plugins (pid ${process.pid}: a pane, or the headless runner)`,
    );
    expect(text).not.toContain('pane running the plugins');
    expect(text).toContain('notify channel "notify-send" cannot send here');
    expect(text).toContain('notify channel "command" cannot send here: notify.command is not set');
  });

  it('a lock whose pid now belongs to another process (its start differs) sends nothing: none runs', () => {
    const { env } = world({ channels: ['bell'] });
    writeFileSync(
      join(env.BUDDY_TUI_STATE_DIR, 'runner.lock'),
      JSON.stringify({ pid: process.pid, start: 'another process', startedAt: 0 }),
    );
    const text = notifications(runCli(['doctor'], env).stdout);
    expect(text).toContain('none runs now');
    expect(text).not.toContain(`pid ${process.pid}`);
  });

  it('no channel: no notifications section', () => {
    const { env } = world({});
    expect(notifications(runCli(['doctor'], env).stdout)).toBe('');
  });
});
