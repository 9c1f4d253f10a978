import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { acquireRunnerLock, RUNNER_LOCK_FILE, runnerLockHolder } from '../../src/tui/runner-lock.js';
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

  it('a live process that is not the one that wrote the lock (a reused pid) holds nothing', () => {
    const root = makeTempDir();
    const lock = acquireRunnerLock(root, process.pid);
    const written = JSON.parse(readFileSync(lock.path, 'utf8'));
    expect(runnerLockHolder(root)).toBe(process.pid);
    // The parent runs, but is not the process that started when the lock says.
    writeFileSync(lock.path, JSON.stringify({ ...written, pid: process.ppid }));
    expect(runnerLockHolder(root)).toBeUndefined();
    const next = acquireRunnerLock(root, process.pid);
    expect(next.held()).toBe(true);
    expect(runnerLockHolder(root)).toBe(process.pid);
    // A lock of the old form (a pid alone) names no live runner either.
    rmSync(lock.path);
    writeFileSync(lock.path, JSON.stringify({ pid: process.ppid, startedAt: Date.now() }));
    expect(runnerLockHolder(root)).toBeUndefined();
    expect(acquireRunnerLock(root, process.pid).held()).toBe(true);
  });

  it('takes over an unreadable lock once it is old, even one dated in the future', () => {
    for (const offsetS of [-60, 3600]) {
      const root = makeTempDir();
      const path = join(root, RUNNER_LOCK_FILE);
      writeFileSync(path, 'garbage');
      const at = Date.now() / 1000 + offsetS;
      utimesSync(path, at, at);
      expect(acquireRunnerLock(root).held()).toBe(true);
      expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    }
  });

  it('a directory, FIFO or symlink at the lock path is taken over without following or opening it', () => {
    const make: Record<string, (path: string, base: string) => void> = {
      'an empty directory': (path) => mkdirSync(path),
      'a FIFO': (path) => expect(spawnSync('mkfifo', [path]).status).toBe(0),
      'a symlink to a file': (path, base) => {
        writeFileSync(join(base, 'target'), 'not yours');
        symlinkSync(join(base, 'target'), path);
      },
      'a dangling symlink': (path, base) => symlinkSync(join(base, 'nowhere'), path),
      'a directory with a file in it': (path) => {
        mkdirSync(path);
        writeFileSync(join(path, 'keep.txt'), 'kept');
      },
    };
    for (const [what, create] of Object.entries(make)) {
      const base = makeTempDir();
      const root = join(base, 'root');
      mkdirSync(root, { mode: 0o700 });
      const path = join(root, RUNNER_LOCK_FILE);
      create(path, base);
      const lock = acquireRunnerLock(root);
      expect(lock.held(), what).toBe(true);
      expect(lstatSync(path).isFile(), what).toBe(true);
      expect(JSON.parse(readFileSync(path, 'utf8')).pid, what).toBe(process.pid);
      const aside = readdirSync(root).filter((name) => name !== RUNNER_LOCK_FILE);
      if (what === 'a directory with a file in it') {
        expect(aside).toHaveLength(1);
        expect(readFileSync(join(root, aside[0], 'keep.txt'), 'utf8')).toBe('kept');
      } else expect(aside, what).toEqual([]);
      if (what === 'a symlink to a file') expect(readFileSync(join(base, 'target'), 'utf8')).toBe('not yours');
    }
  });
});
