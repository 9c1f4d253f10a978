import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { acquireRunnerLock, RUNNER_LOCK_FILE } from '../../src/tui/runner-lock.js';
import { makeTempDir } from '../support/temp-dir.js';

/** The pid of a process that has exited (spawned and waited for). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('runner lock', () => {
  it('the first instance holds it, a second one (another live pid) is a viewer', () => {
    const root = makeTempDir();
    const first = acquireRunnerLock(root, process.pid);
    expect(first.held()).toBe(true);
    expect(JSON.parse(readFileSync(join(root, RUNNER_LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    // The parent process stands in for another live instance.
    const second = acquireRunnerLock(root, process.ppid);
    expect(second.held()).toBe(false);
    expect(second.holderPid()).toBe(process.pid);
    second.release();
    expect(existsSync(join(root, RUNNER_LOCK_FILE))).toBe(true);
    first.release();
    expect(existsSync(join(root, RUNNER_LOCK_FILE))).toBe(false);
    expect(second.retry()).toBe(true);
    expect(second.holderPid()).toBe(process.ppid);
  });

  it('takes over a lock whose holder is dead', async () => {
    const root = makeTempDir();
    const pid = await deadPid();
    expect(isPidAlive(pid)).toBe(false);
    writeFileSync(join(root, RUNNER_LOCK_FILE), JSON.stringify({ pid, startedAt: 1 }));
    const lock = acquireRunnerLock(root);
    expect(lock.held()).toBe(true);
    expect(JSON.parse(readFileSync(join(root, RUNNER_LOCK_FILE), 'utf8')).pid).toBe(process.pid);
  });

  it('leaves a fresh unreadable lock alone (it may be mid-write)', () => {
    const root = makeTempDir();
    writeFileSync(join(root, RUNNER_LOCK_FILE), '');
    expect(acquireRunnerLock(root).held()).toBe(false);
  });

  it('the holder writes its lock again after the root went (rm -rf) and came back', () => {
    const root = join(makeTempDir(), 'root');
    mkdirSync(root, { mode: 0o700 });
    const lock = acquireRunnerLock(root, process.pid);
    rmSync(root, { recursive: true });
    // Not back yet: still the holder, nothing to write into.
    expect(lock.retry()).toBe(true);
    mkdirSync(root, { mode: 0o700 });
    expect(lock.retry()).toBe(true);
    expect(JSON.parse(readFileSync(join(root, RUNNER_LOCK_FILE), 'utf8')).pid).toBe(process.pid);
  });
});
