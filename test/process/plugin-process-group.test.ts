/**
 * What docs/plugins.md promises about what a plugin starts, with real processes: when a run
 * ends, its process group is killed, so whatever stayed in the group dies with it (background
 * jobs, nohup, double forks); a process that leaves the group (setsid) is not tracked and
 * keeps running. The timeout and close() paths are in test/plugins/plugin-runner.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPluginRunner } from '../../src/plugins/plugin-runner.js';
import { makeTempDir } from '../support/temp-dir.js';
import { bashEvent, collector, command, handlers, processGone, script, waitFor } from '../plugins/plugin-fixtures.js';

const leftRunning: number[] = [];
afterEach(() => {
  for (const pid of leftRunning.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

const pidIn = (file: string): number => Number(readFileSync(file, 'utf8').trim());
const processGroupOf = (pid: number): number =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);

async function runOnce(cmd: string, timeout?: number) {
  const out = collector();
  const runner = createPluginRunner({
    shell: '/bin/sh',
    handlers: handlers({ handler: command(cmd, timeout ? { timeout } : {}) }),
    ...out.callbacks,
  });
  await runner.handleEvent(bashEvent('ls'));
  await runner.close();
  return out;
}

/** Starts a daemon with setsid and waits until it has left the group (its pid file is written after setsid()). */
const startDaemon = (dir: string, redirect: string) =>
  `setsid sh -c 'echo $$ > "${dir}/daemon.pid"; exec sleep 300' ${redirect} &\nwhile [ ! -s '${dir}/daemon.pid' ]; do sleep 0.01; done`;

const linuxWithSetsid = existsSync('/proc/self/stat') && existsSync('/usr/bin/setsid');

describe('what a plugin starts, after its run', () => {
  it('a plugin that exits at once: its background jobs, nohup and double-forked children die with its group', async () => {
    const dir = makeTempDir();
    // They keep the plugin's stdout open too: the run still ends when the plugin exits.
    const cmd = script(
      dir,
      'spawner',
      [
        `sleep 300 & echo $! > '${dir}/background.pid'`,
        `nohup sleep 300 & echo $! > '${dir}/nohup.pid'`,
        `( sleep 300 & echo $! > '${dir}/double.pid' ) &`,
        `while [ ! -s '${dir}/double.pid' ]; do sleep 0.01; done`,
        'echo started',
      ].join('\n'),
    );
    const out = await runOnce(cmd, 120);
    expect([out.reactions.map((r) => r.text), out.warnings]).toEqual([['started'], []]);
    const pids = ['background', 'nohup', 'double'].map((name) => pidIn(join(dir, `${name}.pid`)));
    leftRunning.push(...pids);
    expect(await waitFor(() => pids.every(processGone))).toBe(true);
  });

  it.skipIf(!linuxWithSetsid)(
    'a process that calls setsid has left the group: it is not tracked and outlives the run (as documented)',
    async () => {
      const dir = makeTempDir();
      const cmd = script(
        dir,
        'daemon',
        [
          startDaemon(dir, '< /dev/null > /dev/null 2>&1'),
          `sleep 300 & echo $! > '${dir}/member.pid'`,
          `cut -d' ' -f5 /proc/$$/stat > '${dir}/plugin.pgid'`,
          'echo started',
        ].join('\n'),
      );
      const out = await runOnce(cmd, 120);
      expect([out.reactions.map((r) => r.text), out.warnings]).toEqual([['started'], []]);
      const daemon = pidIn(join(dir, 'daemon.pid'));
      const member = pidIn(join(dir, 'member.pid'));
      leftRunning.push(daemon, member);
      expect(await waitFor(() => processGone(member))).toBe(true);
      expect(processGone(daemon)).toBe(false);
      // Its own group now, not the plugin's, which was killed.
      expect(processGroupOf(daemon)).toBe(daemon);
      expect(pidIn(join(dir, 'plugin.pgid'))).not.toBe(daemon);
    },
  );

  it.skipIf(!linuxWithSetsid)(
    "a setsid daemon that keeps the plugin's stdout open: the run still ends at the timeout, with its answer and a warning",
    async () => {
      const dir = makeTempDir();
      const out = await runOnce(script(dir, 'holder', `${startDaemon(dir, '')}\necho answered`), 1);
      leftRunning.push(pidIn(join(dir, 'daemon.pid')));
      expect(out.reactions.map((r) => r.text)).toEqual(['answered']);
      expect(out.warnings).toMatchObject([
        {
          message: expect.stringMatching(
            /outside its process group \(setsid\) kept its output open until the timeout \(1s\)/,
          ),
        },
      ]);
    },
  );

  it.skipIf(!linuxWithSetsid)("close() does not wait for a setsid daemon holding a run's output", async () => {
    const dir = makeTempDir();
    const out = collector();
    const runner = createPluginRunner({
      shell: '/bin/sh',
      handlers: handlers({ handler: command(script(dir, 'holder', startDaemon(dir, '')), { timeout: 600 }) }),
      ...out.callbacks,
    });
    const run = runner.handleEvent(bashEvent('ls'));
    expect(
      await waitFor(
        () => existsSync(join(dir, 'daemon.pid')) && readFileSync(join(dir, 'daemon.pid'), 'utf8').endsWith('\n'),
      ),
    ).toBe(true);
    leftRunning.push(pidIn(join(dir, 'daemon.pid')));
    // Without ending the pipes, this would wait for the daemon (300 s) or the timeout (600 s).
    await runner.close();
    await run;
    expect([out.reactions, out.warnings]).toEqual([[], []]);
  });
});
