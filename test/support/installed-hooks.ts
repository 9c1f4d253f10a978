/**
 * buddy-tui's hooks exactly as `buddy-tui install` writes them, for the ingest e2e tests and the
 * hook-cost bench: install into a Claude Code HOME (with the real CLI on PATH, so install picks
 * the form it would pick for this Claude Code), spawn the installed command the way Claude Code
 * does, drain through a product path, and count the journal per event kind.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parseInboxName } from '../../src/ingest/inbox-order.js';
import { CLI_ENTRY, REPO_ROOT, runHookProcess, type HookResult } from './hook-process.js';

export const STATUSLINE_ENTRY = join(REPO_ROOT, 'dist', 'statusline.js');

/**
 * Runs the real `dist/cli.js install` into the settings of `env.HOME`, with `claude` on PATH
 * (a symlink in `scratch/bin`; none when `claude` is undefined), and returns its stdout (it names
 * the form it chose).
 */
export function installBuddyHooks(
  env: NodeJS.ProcessEnv,
  claude: string | undefined,
  scratch: string,
  extraArgs: string[] = [],
): string {
  const bin = join(scratch, 'bin');
  if (claude && !existsSync(join(bin, 'claude'))) {
    mkdirSync(bin, { recursive: true });
    symlinkSync(claude, join(bin, 'claude'));
  }
  const result = spawnSync(process.execPath, [CLI_ENTRY, 'install', ...extraArgs], {
    env: { ...env, PATH: `${bin}:${env.PATH ?? process.env.PATH}` },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`buddy-tui install failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

export interface InstalledHandler {
  /** The handler object as written into settings.json. */
  handler: Record<string, unknown>;
  /** How Claude Code starts it: exec form runs `command` + `args`, shell form runs `sh -c command`. */
  argv: string[];
}

/** buddy-tui's handler for `event`, read back from the settings file install wrote. */
export function installedHandler(settingsPath: string, event: string): InstalledHandler {
  const settings = JSON.parse(readFileSync(settingsPath, 'utf8')) as {
    hooks?: Record<string, Array<{ _tag?: string; hooks: Array<Record<string, unknown>> }>>;
  };
  const group = settings.hooks?.[event]?.find((entry) => entry._tag !== undefined);
  const handler = group?.hooks[0];
  if (!handler || typeof handler.command !== 'string')
    throw new Error(`no buddy-tui hook for ${event} in ${settingsPath}`);
  const argv = Array.isArray(handler.args)
    ? [handler.command, ...(handler.args as string[])]
    : ['/bin/sh', '-c', handler.command];
  return { handler, argv };
}

export type SpawnedHook = HookResult;

/** One hook process with `payload` on stdin, as Claude Code starts it: `env` is its whole environment. */
export function spawnInstalledHook(argv: string[], payload: string, env: NodeJS.ProcessEnv): Promise<SpawnedHook> {
  return runHookProcess(argv[0], argv.slice(1), payload, env, { inheritEnv: false });
}

/**
 * One drain through a product path: the statusline process (it drains the inbox before it reads,
 * and it is what runs first after a session that no buddy-tui process watched).
 */
export function drainThroughStatusline(env: NodeJS.ProcessEnv, sessionId: string, cwd: string): void {
  const payload = JSON.stringify({
    session_id: sessionId,
    cwd,
    workspace: { current_dir: cwd, project_dir: cwd },
    model: { id: 'claude-standin', display_name: 'Stand-in' },
  });
  const result = spawnSync(process.execPath, [STATUSLINE_ENTRY], {
    env,
    input: payload,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`statusline exited ${result.status}: ${result.stderr}`);
}

/** The event files waiting in `<stateDir>/inbox` (not the lock, not damaged/), with their sizes. */
export function inboxFiles(stateDir: string): Array<{ name: string; bytes: number }> {
  const inbox = join(stateDir, 'inbox');
  if (!existsSync(inbox)) return [];
  return readdirSync(inbox)
    .filter((name) => parseInboxName(name) !== undefined)
    .map((name) => ({ name, bytes: statSync(join(inbox, name)).size }));
}

/** The parsed journal lines of one session (none when the journal does not exist yet). */
export function journalOf(stateDir: string, sessionId: string): Array<Record<string, any>> {
  const file = join(stateDir, sessionId, 'events.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** `{hook_event_name: count}` with the keys sorted, so two counts compare with toEqual. */
export function countByKind(events: Array<{ hook_event_name?: unknown }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const event of events) counts[String(event.hook_event_name)] = (counts[String(event.hook_event_name)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

export function removeQuietly(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
