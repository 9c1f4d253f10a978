/**
 * A viewer takes over from a runner that died without a word: the built `buddy-tui runner` holds
 * runner.lock, a pane in a private tmux server is its viewer, and the runner gets SIGKILL (no
 * release, the lock file stays as it was). The pane must notice on its own re-check and run the
 * plugins: the lock names the pane's pid and the pane says so. Needs tmux and `npm run build`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shellQuote, startTmux, waitUntil } from '../e2e/tmux-server.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const base = makeTempDir('buddy-takeover-');
const { server } = startTmux(base, { width: 100, height: 30 });
afterAll(() => server.kill());

const lockPid = (root: string): number | undefined => {
  try {
    return JSON.parse(readFileSync(join(root, 'runner.lock'), 'utf8')).pid;
  } catch {
    return undefined;
  }
};

describe('runner lock takeover', () => {
  it('a viewer pane runs the plugins once its runner is killed with SIGKILL', async () => {
    const root = join(base, 'root');
    for (const sub of ['cfg', 'state', 'foundry']) mkdirSync(join(base, sub), { recursive: true, mode: 0o700 });
    const env = {
      BUDDY_TUI_STATE_DIR: root,
      XDG_CONFIG_HOME: join(base, 'cfg'),
      XDG_STATE_HOME: join(base, 'state'),
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    };
    const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '600000'], {
      env: { ...env, PATH: process.env.PATH },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => runner.on('exit', resolve));
    try {
      await waitUntil(
        () => lockPid(root),
        (pid) => pid === runner.pid,
        'the runner to hold the lock',
      );
      const envPrefix = Object.entries({ ...env, CI: 'false' })
        .map(([k, v]) => `${k}=${shellQuote(v)}`)
        .join(' ');
      const pane = server
        .tmux([
          'new-window',
          '-d',
          '-t',
          'test',
          '-P',
          '-F',
          '#{pane_id}',
          `exec env -u FORCE_COLOR ${envPrefix} ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`,
        ])
        .stdout.trim();
      const panePid = Number(server.tmux(['display-message', '-p', '-t', pane, '#{pane_pid}']).stdout.trim());
      await server.waitFor(pane, (screen) => screen.includes(`plugins: pid ${runner.pid}`));

      runner.kill('SIGKILL');
      await exited;
      await server.waitFor(pane, (screen) => screen.includes('this pane now runs the plugins'), 30_000);
      expect(lockPid(root)).toBe(panePid);

      server.sendKeys(pane, 'q');
      await waitUntil(
        () => lockPid(root),
        (pid) => pid === undefined,
        'the pane to release the lock on q',
      );
    } finally {
      runner.kill('SIGKILL');
    }
  }, 120_000);
});
