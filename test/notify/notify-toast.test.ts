/**
 * The `toast` channel end to end with real processes: the headless runner (`buddy-tui runner`,
 * what the mod starts when no pane runs) notices a session waiting for the user, fed by the real
 * hook, and writes a toast into the mod bridge; a second process plays the mod inside Claude Code
 * (test/support/mod-side-process.mjs runs the real `buddy-tui mod-state`, as register.js does) and
 * is handed the toast, once, to show with $.ui.toast. (Run `npm run build` first.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY, feedThroughHook } from '../support/hook-process.js';
import { isolatedEnv, makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';
import { waitingEpisodes } from './notify-pane-process.js';

const MOD_SIDE = fileURLToPath(new URL('../support/mod-side-process.mjs', import.meta.url));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      child.stdin?.end();
      await exited;
    }
  }
});

describe('notify channel "toast"', () => {
  it("the runner's waiting notification reaches the mod of the waiting session once, to show with $.ui.toast", {
    timeout: 120_000,
  }, async () => {
    const base = makeTempDir();
    const state = join(base, 'state');
    mkdirSync(join(state, 'inbox'), { recursive: true, mode: 0o700 });
    mkdirSync(join(base, 'config', 'buddy-tui'), { recursive: true });
    writeFileSync(
      join(base, 'config', 'buddy-tui', 'config.json'),
      JSON.stringify({ schemaVersion: 2, discoverClaudeSettings: false, notify: { channels: ['toast'] } }),
    );
    const env = {
      ...isolatedEnv(base, state),
      TMUX: '',
      TMUX_PANE: '',
    };

    const modSide = spawn(process.execPath, [MOD_SIDE, CLI_ENTRY, 'toast-session'], {
      env,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(modSide);
    const lines: string[] = [];
    createInterface({ input: modSide.stdout! }).on('line', (line) => lines.push(line));
    await waitUntil(
      () => existsSync(join(state, 'mod-bridge', 'mods', 'toast-session.json')),
      Boolean,
      "the mod's heartbeat",
    );

    const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '60000'], { env, stdio: 'ignore' });
    children.push(runner);
    await waitUntil(
      () =>
        existsSync(join(state, 'runner.lock')) &&
        readFileSync(join(state, 'runner.lock'), 'utf8').includes(String(runner.pid)),
      Boolean,
      "the runner's lock",
    );
    // Only once its watchers are ready does the runner see each event as it comes: before, a
    // session first read already waiting is history to it (no wait starts), as for the pane.
    await waitUntil(
      () => (existsSync(join(state, 'tui.log')) ? readFileSync(join(state, 'tui.log'), 'utf8') : ''),
      (log) => log.includes('headless runner: watching'),
      'the runner watching',
      60_000,
    );

    await feedThroughHook(waitingEpisodes('toast-session').ask, env);
    await waitUntil(
      () => lines.filter((line) => line.startsWith('TOAST ')),
      (toasts) => toasts.length >= 1,
      'the toast handed to the mod',
      60_000,
    );
    // Once only: the mod side keeps looking (three more looks), and the toast was claimed.
    const looksAtToast = lines.indexOf(lines.find((line) => line.startsWith('TOAST '))!);
    await waitUntil(
      () => lines.slice(looksAtToast).filter((line) => line === 'LOOKED').length,
      (n) => n >= 4,
      'three more looks of the mod',
    );
    const toasts = lines.filter((line) => line.startsWith('TOAST ')).map((line) => JSON.parse(line.slice(6)));
    expect(toasts).toEqual([expect.stringMatching(/^Claude needs you \(project\): approve Bash `rm -rf build`/)]);
  });
});
