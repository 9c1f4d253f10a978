/**
 * One session whose events.jsonl is a directory, another whose events.jsonl is a FIFO, next to
 * two healthy sessions journaled by the real hook. `status --json` (spawned) always prints its
 * versioned JSON with the healthy ones and names the bad files on stderr; `status` and `doctor`
 * return; the pane (tmux) starts and shows the healthy sessions. Timeouts only guard a hang.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { shellQuote, startTmux, type TmuxServer } from '../e2e/tmux-server.js';
import { CLI_ENTRY, feedThroughHook, fixturePayloads } from '../support/hook-process.js';
import { HANG_GUARD_MS } from '../support/hostile-world.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const HEALTHY = { 'healthy-alpha': '/home/dev/alpha', 'healthy-beta': '/home/dev/beta' };
let env: Record<string, string>;
let root: string;
const journalOf = (id: string) => join(root, id, 'events.jsonl');

beforeAll(async () => {
  const base = makeTempDir('buddy-bad-journal-');
  root = join(base, 'state');
  env = {
    HOME: join(base, 'home'),
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    BUDDY_TUI_STATE_DIR: root,
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
  };
  mkdirSync(env.BUDDY_TUI_FOUNDRY_DIR);
  for (const [id, cwd] of Object.entries(HEALTHY)) {
    await feedThroughHook(
      fixturePayloads()
        .slice(0, 3)
        .map((payload) => JSON.stringify({ ...JSON.parse(payload), session_id: id, cwd })),
      env,
    );
  }
  mkdirSync(journalOf('dir-journal'), { recursive: true, mode: 0o700 });
  mkdirSync(join(root, 'fifo-journal'), { mode: 0o700 });
  execFileSync('mkfifo', [journalOf('fifo-journal')]);
}, 120_000);

const run = (...args: string[]) => runCli(args, env, undefined, HANG_GUARD_MS);

describe('a journal that is a directory or a FIFO', () => {
  it('status --json prints the healthy sessions and names the bad journals', () => {
    const result = run('status', '--json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { version: number; sessions: Array<{ id: string; project: string }> };
    expect(report.version).toBe(1);
    expect(report.sessions.map((session) => [session.id, session.project])).toEqual([
      ['healthy-alpha', 'alpha'],
      ['healthy-beta', 'beta'],
    ]);
    expect(result.stderr).toContain(
      `buddy-tui status: session dir-journal skipped: ${journalOf('dir-journal')} is a directory\n`,
    );
    expect(result.stderr).toContain(
      `buddy-tui status: session fifo-journal skipped: ${journalOf('fifo-journal')} is a FIFO (named pipe)\n`,
    );
  });

  it('status and --session of a bad one return', () => {
    const text = run('status');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^healthy-alpha {2}alpha .*\nhealthy-beta {2}beta /);
    const one = run('status', '--json', '--session', 'fifo-journal');
    expect([one.code, one.stdout]).toEqual([1, '{"version":1,"sessions":[]}\n']);
  });

  it('doctor returns and lists the healthy sessions', () => {
    const doctor = run('doctor');
    expect(doctor.code).not.toBeNull();
    expect(doctor.stdout).toMatch(/session healthy-\s*alpha: last event/);
  });
});

describe('the pane with a bad journal next to healthy ones', () => {
  let server: TmuxServer | undefined;
  afterAll(() => server?.kill());

  it('starts and shows the healthy sessions, and quits on q', { timeout: 240_000 }, async () => {
    const envPrefix = Object.entries(env)
      .map(([key, value]) => `${key}=${shellQuote(value)}`)
      .join(' ');
    const command = `exec env -u FORCE_COLOR ${envPrefix} CI=false ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`;
    const started = startTmux(makeTempDir('buddy-bad-journal-tmux-'), { width: 160, height: 30, command });
    server = started.server;
    const screen = await server.waitFor(
      started.pane,
      (text) => text.includes('alpha') && text.includes('beta'),
      60_000,
    );
    expect(screen.split('\n')[0]).toMatch(/alpha.*beta/);
    const pid = Number(server.tmux(['display-message', '-p', '-t', started.pane, '#{pane_pid}']).stdout.trim());
    server.sendKeys(started.pane, 'q');
    await waitUntil(
      () => isPidAlive(pid),
      (alive) => !alive,
      'the pane to exit on q',
      20_000,
    );
  });
});
