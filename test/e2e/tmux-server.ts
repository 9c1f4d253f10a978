/**
 * A private tmux server for tests (its own socket in a temp dir, never the user's server):
 * start panes, type into them, capture their screens, and wait until a screen shows something.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TmuxServer {
  socket: string;
  tmux(args: string[], env?: NodeJS.ProcessEnv): { status: number | null; stdout: string; stderr: string };
  /** `TMUX` / `TMUX_PANE` as a shell inside `pane` would see them. */
  clientEnv(pane: string): { TMUX: string; TMUX_PANE: string };
  capture(pane: string, opts?: { escapes?: boolean }): string;
  waitFor(pane: string, test: RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  sendKeys(pane: string, ...keys: string[]): void;
  typeText(pane: string, text: string): void;
  kill(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts a detached session of `width`x`height` running `command` (default: a plain shell),
 * and returns the server with the id of its first pane.
 */
export function startTmux(
  dir: string,
  opts: { width?: number; height?: number; command?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): { server: TmuxServer; pane: string } {
  const socket = join(dir, 'tmux.sock');
  const baseEnv = { PATH: process.env.PATH, HOME: dir, TERM: 'xterm-256color', LANG: 'C.UTF-8', ...opts.env };
  delete (baseEnv as NodeJS.ProcessEnv).TMUX; // a test started inside tmux must not talk to the user's server
  const tmux = (args: string[], env: NodeJS.ProcessEnv = baseEnv) => {
    const result = spawnSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  };
  const started = tmux([
    'new-session',
    '-d',
    '-s',
    'test',
    '-x',
    String(opts.width ?? 160),
    '-y',
    String(opts.height ?? 45),
    '-P',
    '-F',
    '#{pane_id}',
    ...(opts.cwd ? ['-c', opts.cwd] : []),
    ...(opts.command ? [opts.command] : ['sh']),
  ]);
  if (started.status !== 0) throw new Error(`tmux new-session failed: ${started.stderr}`);
  const pane = started.stdout.trim();
  tmux(['set-option', '-g', 'remain-on-exit', 'on']);
  const pid = tmux(['display-message', '-p', '#{pid}']).stdout.trim();

  const capture = (target: string, captureOpts: { escapes?: boolean } = {}) =>
    tmux(['capture-pane', '-p', ...(captureOpts.escapes ? ['-e'] : []), '-t', target]).stdout;

  const server: TmuxServer = {
    socket,
    tmux,
    clientEnv: (target) => ({ TMUX: `${socket},${pid},0`, TMUX_PANE: target }),
    capture,
    async waitFor(target, test, timeoutMs = 30_000) {
      const check = typeof test === 'function' ? test : (screen: string) => test.test(screen);
      const deadline = Date.now() + timeoutMs;
      let screen = '';
      while (Date.now() < deadline) {
        screen = capture(target);
        if (check(screen)) return screen;
        await sleep(200);
      }
      throw new Error(`tmux pane ${target} did not show ${String(test)} within ${timeoutMs} ms; screen:\n${screen}`);
    },
    sendKeys: (target, ...keys) => {
      tmux(['send-keys', '-t', target, ...keys]);
    },
    typeText: (target, text) => {
      tmux(['send-keys', '-t', target, '-l', text]);
    },
    kill: () => {
      // The panes' processes get SIGHUP and exit on their own time; one still exiting (a pane that
      // took over a killed runner's lock, say) may write into a temp folder being removed. So the
      // kill returns once they are gone (SIGKILL after 5 s).
      const pids = tmux(['list-panes', '-a', '-F', '#{pane_pid}'])
        .stdout.split('\n')
        .map(Number)
        .filter((n) => n > 0);
      tmux(['kill-server']);
      waitForExit(pids);
    },
  };
  return { server, pane };
}

/** Running (a zombie has exited: its parent, init once tmux is gone, may not reap it at once). */
const isAlive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};
const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Waits (synchronously: teardown hooks call `kill()` as a plain call) until `pids` have exited. */
function waitForExit(pids: number[]): void {
  const deadline = Date.now() + 5_000;
  while (pids.some(isAlive) && Date.now() < deadline) sleepSync(50);
  for (const pid of pids.filter(isAlive)) process.kill(pid, 'SIGKILL');
  while (pids.some(isAlive) && Date.now() < deadline + 2_000) sleepSync(50);
}

/** One shell word: a value as a single-quoted argument for a command line typed into tmux. */
export const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export { waitUntil } from '../support/wait-until.js';
