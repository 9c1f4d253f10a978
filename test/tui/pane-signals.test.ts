/**
 * A terminating signal closes the pane exactly like `q`: the built `buddy-tui` runs in a private
 * tmux server with a command plugin that sleeps (started by an event fed through the real hook),
 * then gets SIGTERM, SIGINT or SIGHUP, or has its tmux pane killed (tmux sends SIGHUP). Each
 * time the terminal leaves the alternate screen, runner.lock goes, tui.log says `closed`, the
 * plugin's process group is gone and the exit status is 128 + the signal's number.
 * Needs tmux and `npm run build`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { shellQuote, startTmux, type TmuxServer, waitUntil } from '../e2e/tmux-server.js';
import { feedThroughHook, fixturePayloads } from '../support/hook-process.js';
import { openBuiltPane, privateHome, watcherStarted } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const base = makeTempDir('buddy-signals-');
const { server } = startTmux(base, { width: 100, height: 30 });
afterAll(() => server.kill());

const groupAlive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
};

/** A pane on its own state root, its plugin process running; returns what the checks need. */
async function paneWithRunningPlugin(tmux: TmuxServer, name: string) {
  const dir = join(base, name);
  const { root, env } = privateHome(dir, 'cfg/buddy-tui');
  const pluginPidFile = join(dir, 'plugin.pid');
  // The plugin's shell is its process group leader ($$); it becomes the sleep.
  writeFileSync(
    join(dir, 'cfg/buddy-tui/config.json'),
    JSON.stringify({
      hooks: {
        UserPromptSubmit: [
          {
            hooks: [
              { type: 'command', command: `echo $$ > ${shellQuote(pluginPidFile)}; exec sleep 300`, timeout: 600 },
            ],
          },
        ],
      },
    }),
  );
  // A shell notes the exit status: tmux does not always reap a pane's process to learn it.
  const statusFile = join(dir, 'status');
  const pane = openBuiltPane(tmux, env, { name, after: `; echo $? > ${shellQuote(statusFile)}` });
  await tmux.waitFor(pane, /buddy-tui install/);
  expect(tmux.tmux(['display-message', '-p', '-t', pane, '#{alternate_on}']).stdout.trim()).toBe('1');
  await watcherStarted(root);
  const prompt = fixturePayloads().find((payload) => JSON.parse(payload).hook_event_name === 'UserPromptSubmit')!;
  await feedThroughHook([prompt], env);
  const pluginPid = Number(
    await waitUntil(
      () => (existsSync(pluginPidFile) ? readFileSync(pluginPidFile, 'utf8').trim() : ''),
      Boolean,
      'the plugin to start',
    ),
  );
  expect(groupAlive(pluginPid)).toBe(true);
  const pid = JSON.parse(readFileSync(join(root, 'runner.lock'), 'utf8')).pid as number;
  expect(isPidAlive(pid)).toBe(true);
  return { root, pane, pid, pluginPid, statusFile };
}

async function expectClosedCleanly(root: string, pid: number, pluginPid: number, signal: NodeJS.Signals) {
  await waitUntil(
    () => isPidAlive(pid),
    (alive) => !alive,
    'the pane to exit',
  );
  await waitUntil(
    () => groupAlive(pluginPid),
    (alive) => !alive,
    "the plugin's process group to go",
  );
  expect(existsSync(join(root, 'runner.lock'))).toBe(false);
  const log = readFileSync(join(root, 'tui.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(log.at(-1)).toMatchObject({ pid, message: `closed (${signal})` });
}

describe('the pane on a terminating signal', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '%s closes it like q and exits 128 + the signal',
    { timeout: 60_000 },
    async (signal) => {
      const { root, pane, pid, pluginPid, statusFile } = await paneWithRunningPlugin(server, signal);
      process.kill(pid, signal);
      await expectClosedCleanly(root, pid, pluginPid, signal);
      const status = await waitUntil(
        () => (existsSync(statusFile) ? readFileSync(statusFile, 'utf8').trim() : ''),
        Boolean,
        'the exit status',
      );
      expect(Number(status)).toBe(128 + constants.signals[signal]);
      expect(server.tmux(['display-message', '-p', '-t', pane, '#{alternate_on}']).stdout.trim()).toBe('0');
      // Back on the normal screen: the buddy's last frame is not left behind.
      expect(server.capture(pane)).not.toContain('buddy-tui install');
    },
  );

  it('closes cleanly when its tmux pane is killed (SIGHUP)', { timeout: 60_000 }, async () => {
    const { root, pane, pid, pluginPid } = await paneWithRunningPlugin(server, 'kill-pane');
    server.tmux(['kill-pane', '-t', pane]);
    await expectClosedCleanly(root, pid, pluginPid, 'SIGHUP');
  });

  it("exits without Node 20's ResetStdio assertion when its whole tmux server is killed (the terminal is gone)", {
    timeout: 60_000,
  }, async () => {
    // A server of its own: this one is killed.
    const dir = join(base, 'kill-server');
    mkdirSync(dir, { recursive: true });
    const own = startTmux(dir, { width: 100, height: 30 }).server;
    const { root, env } = privateHome(dir);
    const stderrLog = join(dir, 'stderr.log');
    const pane = openBuiltPane(own, env, { after: ` 2>${shellQuote(stderrLog)}` });
    await own.waitFor(pane, /buddy-tui install/);
    await watcherStarted(root);
    const pid = JSON.parse(readFileSync(join(root, 'runner.lock'), 'utf8')).pid as number;
    own.kill();
    await waitUntil(
      () => isPidAlive(pid),
      (alive) => !alive,
      'the pane to exit',
    );
    const log = readFileSync(join(root, 'tui.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(log.at(-1)).toMatchObject({ pid, message: 'closed (SIGHUP)' });
    expect(existsSync(join(root, 'runner.lock'))).toBe(false);
    const stderr = readFileSync(stderrLog, 'utf8');
    // The read's EIO may come before the SIGHUP: either way a hang-up, not an internal error.
    expect(stderr).not.toMatch(/Assertion|ResetStdio|Native stack trace|internal error/);
  });
});
