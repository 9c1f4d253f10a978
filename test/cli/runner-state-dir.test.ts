// `--state-dir DIR` is a folder the user chose, exactly as $BUDDY_TUI_STATE_DIR is: the built CLI
// (`runner`, `runner --detach`, the pane) refuses a folder open to others, a symlink and another
// user's folder with one line on stderr naming it and why, no stack trace, a non-zero exit, and
// leaves the folder as it was (no chmod, nothing written in it).
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { isolatedEnv, makeTempDir } from '../support/temp-dir.js';

const isRoot = process.getuid?.() === 0;

let base: string;
const folders: Record<string, { path: string; why: RegExp }> = {};

beforeAll(() => {
  base = makeTempDir('buddy-state-dir-');
  const open = join(base, 'open');
  mkdirSync(open);
  // mkdir's mode is masked by the umask: set it for sure.
  chmodSync(open, 0o755);
  folders.open = { path: open, why: /is mode 755, open to others.*chmod 700/ };
  const target = join(base, 'target');
  mkdirSync(target, { mode: 0o700 });
  symlinkSync(target, join(base, 'link'));
  folders.link = { path: join(base, 'link'), why: /is a symbolic link/ };
  if (isRoot) {
    const other = join(base, 'other');
    mkdirSync(other, { mode: 0o700 });
    chownSync(other, 65534, 65534);
    folders.other = { path: other, why: /is owned by uid 65534/ };
  }
});

const modeOf = (path: string) => lstatSync(path).mode & 0o7777;
const env = (extra: Record<string, string> = {}) => ({
  ...isolatedEnv(base, join(base, 'unused-root')),
  BUDDY_TUI_RUNNER_IDLE_MS: '200',
  ...extra,
});

/** One line naming the folder and why; no stack frames; exit 1; the folder unchanged and empty. */
function expectRefused(run: ReturnType<typeof runCli>, name: string, prefix: string) {
  const { path, why } = folders[name];
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(prefix);
  expect(lines[0]).toContain(path);
  expect(lines[0]).toMatch(why);
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

describe.each(['open', 'link', ...(isRoot ? ['other'] : [])])('a state folder that is %s', (name) => {
  it('runner --state-dir refuses it as BUDDY_TUI_STATE_DIR does, and leaves it as it was', () => {
    const { path } = folders[name];
    const before = modeOf(path);
    const byFlag = runCli(['runner', '--state-dir', path], env(), undefined, 60_000);
    expectRefused(byFlag, name, 'buddy-tui runner: ');
    const byEnv = runCli(['runner'], env({ BUDDY_TUI_STATE_DIR: path }), undefined, 60_000);
    expectRefused(byEnv, name, 'buddy-tui runner: ');
    expect(byFlag.stderr).toBe(byEnv.stderr);
    expect(modeOf(path)).toBe(before);
    expect(readdirSync(path)).toEqual([]);
  });

  it('runner --detach and the pane refuse it the same way, before anything starts', () => {
    const { path } = folders[name];
    const before = modeOf(path);
    expectRefused(runCli(['runner', '--detach', '--state-dir', path], env(), undefined, 60_000), name, 'runner: ');
    expectRefused(runCli(['tui', '--state-dir', path], env(), undefined, 60_000), name, 'buddy-tui: ');
    expect(modeOf(path)).toBe(before);
    expect(readdirSync(path)).toEqual([]);
  });
});

it('a private folder of ours is used: the runner starts, goes idle and exits 0', () => {
  const good = join(base, 'good');
  mkdirSync(good, { mode: 0o700 });
  const run = runCli(['runner', '--state-dir', good], env(), undefined, 60_000);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(modeOf(good)).toBe(0o700);
});
