/**
 * `buddy-tui plugins` while the runner keeps its last good config (issue 47): config.json saved
 * broken does not stop the plugins the runner loaded, so the command says they are still in use
 * and how many, instead of "no plugin handlers configured". The real headless runner and the
 * built CLI (run `npm run build` first).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { until, world } from './runner-world.js';

const running: number[] = [];
afterEach(() => {
  for (const pid of running.splice(0)) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
});

describe('buddy-tui plugins beside a runner on its last good config', () => {
  it('says the last good config is still in use, with its number of handlers', async () => {
    const { state, env } = world();
    const plugins = () =>
      spawnSync(process.execPath, [CLI_ENTRY, 'plugins'], { env, encoding: 'utf8', timeout: 30_000 });
    const good = plugins();
    expect(good.status, good.stderr).toBe(0);
    const handlers = Number(/(\d+) plugin handler\(s\)/.exec(good.stdout)?.[1]);
    expect(handlers).toBeGreaterThan(0);

    const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '60000'], { env, stdio: 'ignore' });
    running.push(runner.pid!);
    const record = join(state, 'plugins-in-use.json');
    await until(() => existsSync(join(state, 'runner.lock')) && existsSync(record), 'the runner and its record');
    expect(JSON.parse(readFileSync(record, 'utf8'))).toMatchObject({ pid: runner.pid, handlers });

    writeFileSync(join(env.XDG_CONFIG_HOME!, 'buddy-tui', 'config.json'), '{"schemaVersion": 1, "plugins": [');
    const broken = plugins();
    expect(broken.status).toBe(1);
    expect(broken.stdout).not.toContain('no plugin handlers configured');
    expect(broken.stdout).toContain(`last good config still in use (${handlers} handlers)`);
    expect(broken.stdout).toContain(`pid ${runner.pid}`);

    // With the runner gone, nothing is in use: the plain answer again.
    runner.kill('SIGTERM');
    await until(() => !existsSync(join(state, 'runner.lock')), 'the lock released');
    expect(plugins().stdout).toContain('no plugin handlers configured');
  }, 90_000);
});
