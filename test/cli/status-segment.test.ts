// `buddy-tui status --tmux` and `--format`, spawned for real (dist/cli.js, which loads the light
// dist/status-segment.js) against journals the real hook wrote from recorded payloads: a Claude
// Code session running a tool, a Codex session waiting at its permission prompt, a session whose
// Bash call just failed, and one whose folder name carries escape sequences and tmux styles.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedThroughHook } from '../support/hook-process.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { RECORDED, WAITING, feedSegmentWorld } from '../support/segment-world.js';

const EVIL_PROJECT = '/home/dev/#[fg=red]x\u001b]0;owned\u0007\u001b[31mred';

let base: string;
let env: Record<string, string>;

beforeAll(async () => {
  base = makeTempDir();
  mkdirSync(join(base, 'state'), { mode: 0o700 });
  env = {
    BUDDY_TUI_STATE_DIR: join(base, 'state'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    XDG_CONFIG_HOME: join(base, 'config'),
    HOME: base,
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
  };
  await feedSegmentWorld(env);
  // The recorded print-mode session up to its failing Bash call: it just failed.
  await feedThroughHook(
    RECORDED.slice(0, 23).map((payload) => JSON.stringify({ ...payload, session_id: 'failed-1' })),
    env,
  );
  await feedThroughHook(
    WAITING.slice(0, 2).map((payload) => JSON.stringify({ ...payload, cwd: EVIL_PROJECT, session_id: 'evil-1' })),
    env,
  );
}, 60_000);

const segment = (args: string[], extra: Record<string, string> = {}) =>
  runCli(['status', ...args], { ...env, ...extra }, undefined, 5_000);

describe('buddy-tui status --tmux', () => {
  it('one segment in tmux style syntax: the face, 1 waiting (loud), 3 working, 1 just failed', () => {
    const run = segment(['--tmux']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^\S+ #\[fg=black,bg=yellow,bold\] !1 #\[default\] #\[fg=green\]●3#\[default\] #\[fg=red\]✗1#\[default\]\n$/,
    );
    expect(run.stdout).not.toContain('\u001b');
  });

  it('with no live session: the face alone, or nothing with --quiet-when-idle', () => {
    const empty = { BUDDY_TUI_STATE_DIR: join(base, 'empty-root') };
    expect(segment(['--tmux'], empty).stdout).toMatch(/^\S+\n$/);
    expect(segment(['--tmux', '--quiet-when-idle'], empty).stdout).toBe('\n');
  });
});

describe('buddy-tui status --format', () => {
  it('fills in every field; host and project name the session that wants you most (the waiting Codex one)', () => {
    const run = segment([
      '--format',
      'face={face} working={working} waiting={waiting} failed={failed} host={host} project={project} {{literal}}',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^face=\S+ working=3 waiting=1 failed=1 host=codex project=project \{literal\}\n$/);
  });

  it('reports unknown fields by name on stderr and exits 2, printing nothing on stdout', () => {
    const run = segment(['--format', '{face} {sessions} {Waiting}']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('unknown fields in --format: {sessions}, {Waiting}');
    expect(run.stderr).toContain('{face} {working} {waiting} {failed} {host} {project}');
  });

  it('outside text is stripped of escape sequences, and a project\'s "#[" never becomes a tmux style', () => {
    // The evil session is the only live one in its own root, so it is the focus.
    const alone = join(base, 'evil-root');
    mkdirSync(alone, { mode: 0o700 });
    renameSync(join(base, 'state', 'evil-1'), join(alone, 'evil-1'));
    const format = segment(['--format', '[{project}] {host}\u001b[2J'], { BUDDY_TUI_STATE_DIR: alone });
    expect(format.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(format.stdout).toContain('[#[fg=red]x');
    const tmux = segment(['--format', '{project}'], { BUDDY_TUI_STATE_DIR: alone });
    expect(tmux.stdout).not.toContain('\u001b');
    renameSync(join(alone, 'evil-1'), join(base, 'state', 'evil-1'));
  });
});

describe('a bad state root', () => {
  it('answers at once with the last good segment when the root is refused (a symlink)', () => {
    const good = segment(['--tmux']).stdout;
    const link = join(base, 'link-root');
    symlinkSync(join(base, 'state'), link);
    const started = process.hrtime.bigint();
    const run = segment(['--tmux'], { BUDDY_TUI_STATE_DIR: link });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(good);
    // A hang guard, not a speed bound (the bench measures speed): a refused root never waits on anything.
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(10_000);
  });

  it('a FIFO for a journal or a checkpoint never blocks it: that session is skipped', () => {
    const root = join(base, 'fifo-root');
    mkdirSync(join(root, 'fifo-a'), { recursive: true, mode: 0o700 });
    mkdirSync(join(root, 'fifo-b'), { recursive: true, mode: 0o700 });
    execFileSync('mkfifo', [join(root, 'fifo-a', 'events.jsonl'), join(root, 'fifo-b', 'state.json')]);
    // runCli's timeout kills a hung process (code null): a hang guard, loose enough for a loaded machine.
    const run = runCli(
      ['status', '--format', '{working}/{waiting}'],
      { ...env, BUDDY_TUI_STATE_DIR: root },
      undefined,
      10_000,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('0/0\n');
  });
});
