/**
 * A viewer takes over from a runner that died without a word: the built `buddy-tui runner` holds
 * runner.lock, a pane in a private tmux server is its viewer, and the runner gets SIGKILL (no
 * release, the lock file stays as it was). The pane must notice on its own re-check and run the
 * plugins: the lock names the pane's pid and the pane says so. Needs tmux and `npm run build`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTmux } from '../e2e/tmux-server.js';
import { lockPid, openBuiltPane, privateHome, quitPane, startRunner } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const base = makeTempDir('buddy-takeover-');
const { server } = startTmux(base, { width: 100, height: 30 });
afterAll(() => server.kill());

describe('runner lock takeover', () => {
  it('a viewer pane runs the plugins once its runner is killed with SIGKILL', async () => {
    const { root, env } = privateHome(base);
    const runner = await startRunner({ ...env, PATH: process.env.PATH }, root);
    const exited = new Promise((resolve) => runner.on('exit', resolve));
    try {
      const pane = openBuiltPane(server, env, { exec: true });
      const panePid = Number(server.tmux(['display-message', '-p', '-t', pane, '#{pane_pid}']).stdout.trim());
      await server.waitFor(pane, (screen) => screen.includes(`plugins: pid ${runner.pid}`));

      runner.kill('SIGKILL');
      await exited;
      await server.waitFor(pane, (screen) => screen.includes('this pane now runs the plugins'), 30_000);
      expect(lockPid(root)).toBe(panePid);

      await quitPane(server, pane, root);
    } finally {
      runner.kill('SIGKILL');
    }
  }, 120_000);
});
