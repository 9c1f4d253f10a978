/**
 * A runner.lock that names no live buddy-tui runner does not keep the plugins from running: a
 * lock left by a runner killed with SIGKILL whose pid now belongs to another program (`sleep`),
 * and a directory in the lock's place, are taken over by the real `buddy-tui runner`, and
 * `mod-state --ensure-runner` starts one. (Run `npm run build` first.)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { until, world } from './runner-world.js';

const started: ChildProcess[] = [];
/** Runners started detached by mod-state, ended after each test. */
const detached: number[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  for (const pid of detached.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
});

const lockPath = (state: string) => join(state, 'runner.lock');

/** The pid runner.lock names, when it is a regular file that names one. */
function lockPid(state: string): number | undefined {
  try {
    if (!lstatSync(lockPath(state)).isFile()) return undefined;
    const { pid } = JSON.parse(readFileSync(lockPath(state), 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined;
  }
}

function startRunner(env: NodeJS.ProcessEnv): ChildProcess {
  const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '600000'], { env, stdio: 'ignore' });
  started.push(runner);
  return runner;
}

/** A live process that is not buddy-tui. */
function startSleep(): ChildProcess {
  const sleep = spawn('sleep', ['1000'], { stdio: 'ignore' });
  started.push(sleep);
  return sleep;
}

/** The lock a runner killed with SIGKILL left behind, its pid now another program's (a reused pid). */
async function lockOfReusedPid(state: string, env: NodeJS.ProcessEnv): Promise<number> {
  const killed = startRunner(env);
  await until(() => lockPid(state) === killed.pid, 'the first runner to hold the lock');
  const exited = new Promise((resolve) => killed.on('exit', resolve));
  killed.kill('SIGKILL');
  await exited;
  const left = readFileSync(lockPath(state), 'utf8');
  const other = startSleep();
  writeFileSync(lockPath(state), left.replace(`"pid":${killed.pid}`, `"pid":${other.pid}`));
  expect(lockPid(state)).toBe(other.pid);
  return other.pid!;
}

const ensureRunner = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, [CLI_ENTRY, 'mod-state', '--session', 's1', '--ensure-runner'], {
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('a runner.lock naming no live buddy-tui runner', () => {
  it('a reused pid (a killed runner\'s lock, its pid now "sleep"): a new runner takes it over', async () => {
    const { state, env } = world();
    const sleepPid = await lockOfReusedPid(state, env);
    const runner = startRunner(env);
    await until(() => lockPid(state) === runner.pid, 'the new runner to take the lock over', 30_000);
    expect(isPidAlive(sleepPid)).toBe(true);
  }, 90_000);

  it('a reused pid: mod-state --ensure-runner starts a runner, which takes the lock over', async () => {
    const { state, env } = world();
    const sleepPid = await lockOfReusedPid(state, env);
    const asked = ensureRunner(env);
    expect(asked.stderr).toBe('');
    expect(asked.status).toBe(0);
    await until(() => lockPid(state) !== sleepPid && isPidAlive(lockPid(state) ?? 0), 'a runner started by mod-state');
    detached.push(lockPid(state)!);
  }, 90_000);

  it('a lock of the old form naming a live "sleep": taken over', async () => {
    const { state, env } = world();
    const other = startSleep();
    writeFileSync(lockPath(state), JSON.stringify({ pid: other.pid, startedAt: Date.now() }));
    const runner = startRunner(env);
    await until(() => lockPid(state) === runner.pid, 'the runner to take the lock over');
  }, 90_000);

  it('a directory at runner.lock: an empty one is removed, one with files is moved aside; a runner holds the lock', async () => {
    for (const withFile of [false, true]) {
      const { state, env } = world();
      mkdirSync(lockPath(state));
      if (withFile) writeFileSync(join(lockPath(state), 'keep.txt'), 'mine');
      expect(ensureRunner(env).status).toBe(0);
      await until(() => isPidAlive(lockPid(state) ?? 0), 'a runner started by mod-state to hold the lock');
      const aside = readdirSync(state).filter((name) => name.startsWith('runner.lock.'));
      if (withFile) {
        expect(aside).toHaveLength(1);
        expect(readFileSync(join(state, aside[0], 'keep.txt'), 'utf8')).toBe('mine');
      } else expect(aside).toEqual([]);
      detached.push(lockPid(state)!);
    }
  }, 90_000);
});
