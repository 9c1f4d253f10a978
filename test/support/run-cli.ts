/**
 * The built `buddy-tui` (dist/cli.js) run as a real process: a command with only the environment
 * given (plus PATH), the headless runner, or the pane in a window of a private tmux server, each
 * on a private home.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shellQuote, type TmuxServer } from '../e2e/tmux-server.js';
import { CLI_ENTRY } from './hook-process.js';
import { waitUntil } from './wait-until.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `timeoutMs` only guards against a hang (the process is killed, `code` is null); never a measure. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, cwd?: string, timeoutMs = 120_000): CliRun {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH, ...env },
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The folders a private buddy-tui home holds below `dir`, and the environment that points the built CLI at them. */
export function privateHome(dir: string, configDir = 'cfg') {
  for (const sub of [configDir, 'state', 'foundry']) mkdirSync(join(dir, sub), { recursive: true, mode: 0o700 });
  const root = join(dir, 'root');
  const env = {
    BUDDY_TUI_STATE_DIR: root,
    XDG_CONFIG_HOME: join(dir, 'cfg'),
    XDG_STATE_HOME: join(dir, 'state'),
    BUDDY_TUI_FOUNDRY_DIR: join(dir, 'foundry'),
  };
  return { root, env };
}

/** The pid runner.lock in `root` names; undefined while there is no readable lock. */
export function lockPid(root: string): number | undefined {
  try {
    return JSON.parse(readFileSync(join(root, 'runner.lock'), 'utf8')).pid;
  } catch {
    return undefined;
  }
}

/** The built `buddy-tui runner` on `env`, resolved once it holds runner.lock in `root` (killed if it never does). */
export async function startRunner(env: NodeJS.ProcessEnv, root: string): Promise<ChildProcess> {
  const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '600000'], { env, stdio: 'ignore' });
  try {
    await waitUntil(
      () => lockPid(root),
      (pid) => pid === runner.pid,
      'the runner to hold the lock',
    );
  } catch (error) {
    runner.kill('SIGKILL');
    throw error;
  }
  return runner;
}

export interface PaneOptions {
  /** The tmux window's name. */
  name?: string;
  /** `exec` the pane (no shell left behind it). */
  exec?: boolean;
  /** Start from an empty environment (`env -i`) instead of the test's minus FORCE_COLOR. */
  emptyEnv?: boolean;
  /** Shell words after the command (a redirection, `; echo $? > file`). */
  after?: string;
}

/** The built pane in a new window of `server` on `env` (CI=false, so Ink draws as in a terminal); returns its pane id. */
export function openBuiltPane(server: TmuxServer, env: NodeJS.ProcessEnv, opts: PaneOptions = {}): string {
  const prefix = Object.entries({ ...env, CI: 'false' })
    .map(([k, v]) => `${k}=${shellQuote(String(v))}`)
    .join(' ');
  const command = `env ${opts.emptyEnv ? '-i' : '-u FORCE_COLOR'} ${prefix} ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`;
  const window = ['new-window', '-d', '-t', 'test', ...(opts.name ? ['-n', opts.name] : []), '-P', '-F', '#{pane_id}'];
  return server.tmux([...window, `${opts.exec ? 'exec ' : ''}${command}${opts.after ?? ''}`]).stdout.trim();
}

/** Waits until the pane on `root` watches its sessions: events from then on are new ones that run plugins. */
export async function watcherStarted(root: string): Promise<void> {
  await waitUntil(
    () => (existsSync(join(root, 'tui.log')) ? readFileSync(join(root, 'tui.log'), 'utf8') : ''),
    (log) => log.includes('"watching: '),
    'the watcher',
  );
}

/** q, then wait until the pane has let go of its state root (nothing writes there after). */
export async function quitPane(server: TmuxServer, pane: string, root: string): Promise<void> {
  server.sendKeys(pane, 'q');
  await waitUntil(
    () => existsSync(join(root, 'runner.lock')),
    (held) => !held,
    'the pane to close',
  );
}
