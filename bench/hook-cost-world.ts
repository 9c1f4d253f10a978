/**
 * The world for the hook-cost bench: the Messages API stand-in scripted for 30 sequential Bash
 * calls, one offline Claude Code HOME per variant (its settings.json holds that variant's hooks
 * on every event buddy-tui registers with no buddy plugin configured: claudeHookEvents(), so not
 * PostToolBatch), a loopback http sink, and one timed `claude -p` run.
 * buddy-tui comes in two variants: its hooks alone (`install --no-mod`, what the 1.10x goal is
 * about) and a plain `install`, which also sets up the mod (Claude Code loads it under -p too).
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { SPOOL_CAT_STEP, handlerKind } from '../src/ingest/spool-command.js';
import { modFolderFor } from '../src/install/mod-install.js';
import { buddyCommands, claudeHookEvents, hookGroup } from '../src/install/buddy-entries.js';
import { asFiled } from './spool-as-filed.js';
import { createOfflineClaudeHome, type OfflineClaudeHome } from '../test/support/claude-cli.js';
import { installBuddyHooks, installedHandler } from '../test/support/installed-hooks.js';
import {
  startMessagesApiStandin,
  text,
  toolUse,
  type MessagesApiStandin,
} from '../test/support/messages-api-standin.js';

export const BASH_CALLS = 30;

/**
 * What Claude Code fires for the scripted run on buddy-tui's events (checked with 2.1.332). With a
 * buddy plugin on PostToolBatch, install registers it too: 30 more, one per Bash call's batch.
 */
export const EXPECTED_EVENTS: Record<string, number> = {
  PostToolUse: BASH_CALLS,
  PreToolUse: BASH_CALLS,
  SessionEnd: 1,
  SessionStart: 1,
  Stop: 1,
  UserPromptSubmit: 1,
};
export const EXPECTED_TOTAL = Object.values(EXPECTED_EVENTS).reduce((a, b) => a + b, 0);

export type VariantId =
  | 'none'
  | 'true'
  | 'cat'
  | 'checks'
  | 'buddy'
  | 'buddy-tmpfs'
  | 'buddy-mod'
  | 'filed'
  | 'node'
  | 'http';

export interface Variant {
  id: VariantId;
  label: string;
  home: OfflineClaudeHome;
  /** The state root the variant's hooks write to (buddy-tui variants only matter). */
  stateDir: string;
}

export interface HookCostWorld {
  root: string;
  project: string;
  api: MessagesApiStandin;
  sink: { url: string; received: () => number; close(): Promise<void> };
  variants: Variant[];
  /** The form install chose and what its handler runs, e.g. "exec form, spool path". */
  installNote: string;
  /** Whether the plain install set the mod up (it does when the Claude Code supports mods). */
  modInstalled: boolean;
  close(): Promise<void>;
}

/** The installed spool command ending where it would start `cat`: what the shell and its checks cost alone. */
function withoutCat(command: string): string {
  if (!command.includes(SPOOL_CAT_STEP))
    throw new Error(`hook-cost: the installed spool has no \`${SPOOL_CAT_STEP}\` step any more`);
  return command.replace(SPOOL_CAT_STEP, 'exit 0');
}

/** Every registered event gets `handler`, as one group without a matcher. */
function everyEvent(handler: Record<string, unknown>): Record<string, unknown> {
  return { hooks: Object.fromEntries(claudeHookEvents().map((event) => [event, [{ hooks: [handler] }]])) };
}

async function startHttpSink(): Promise<HookCostWorld['sink'] & { server: Server }> {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function createHookCostWorld(claude: string): Promise<HookCostWorld> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'buddy-hook-cost-')));
  const project = join(root, 'project');
  mkdirSync(project);
  // Stateless script: the number of assistant turns already in the request says which call is next.
  const api = await startMessagesApiStandin({
    main: (request) => {
      const done = (request.body?.messages ?? []).filter(
        (message: { role?: string }) => message.role === 'assistant',
      ).length;
      return done < BASH_CALLS
        ? toolUse('Bash', { command: `echo step ${done + 1}`, description: `Step ${done + 1}` })
        : text('All steps done.');
    },
    other: text('Hook cost'),
  });
  const sink = await startHttpSink();
  // The Linux default root is under $XDG_RUNTIME_DIR, a tmpfs; the other variants' roots are on this disk.
  const tmpfs = existsSync('/dev/shm') ? realpathSync(mkdtempSync(join('/dev/shm', 'buddy-hook-cost-'))) : undefined;
  const variant = (id: VariantId, label: string): Variant => {
    const stateDir = join(id === 'buddy-tmpfs' && tmpfs ? tmpfs : root, `state-${id}`);
    const home = createOfflineClaudeHome({
      baseUrl: api.url,
      projectDirs: [project],
      extraEnv: { BUDDY_TUI_STATE_DIR: stateDir },
    });
    return { id, label, home, stateDir };
  };
  const variants = [
    variant('none', 'no hooks'),
    variant('true', 'no-op `true` command hook (shell form)'),
    variant('cat', '`cat >/dev/null` command hook (reference: it only reads its stdin)'),
    variant('checks', 'the installed spool stopping where it would run `cat` (reference: the shell and its checks)'),
    variant('buddy', 'buddy-tui hooks alone (`buddy-tui install --no-mod`)'),
    variant(
      'buddy-tmpfs',
      `buddy-tui hooks alone, the state root on ${tmpfs ? 'a tmpfs (as under $XDG_RUNTIME_DIR)' : 'disk (no /dev/shm here)'}`,
    ),
    variant('buddy-mod', 'buddy-tui hooks + mod (a plain `buddy-tui install`)'),
    variant('filed', 'the spool as it was when issue 22 was filed (bench/spool-as-filed.ts)'),
    variant('node', 'Node fallback `dist/hook.js` (exec form)'),
    variant('http', '`http` hook to a loopback server (reference)'),
  ];
  const byId = (id: VariantId) => variants.find((v) => v.id === id)!;
  byId('true').home.writeSettings(everyEvent({ type: 'command', command: 'true', timeout: 5 }));
  byId('cat').home.writeSettings(everyEvent({ type: 'command', command: 'cat >/dev/null', timeout: 5 }));
  byId('node').home.writeSettings({
    hooks: Object.fromEntries(claudeHookEvents().map((event) => [event, [hookGroup(buddyCommands(), 'exec')]])),
  });
  byId('http').home.writeSettings(everyEvent({ type: 'http', url: sink.url, timeout: 5 }));
  const installed = installBuddyHooks(byId('buddy').home.env, claude, root, ['--no-mod']);
  installBuddyHooks(byId('buddy-tmpfs').home.env, claude, root, ['--no-mod']);
  installBuddyHooks(byId('buddy-mod').home.env, claude, root);
  const modInstalled = existsSync(modFolderFor(byId('buddy-mod').home.settingsPath));
  const handler = installedHandler(byId('buddy').home.settingsPath, 'PreToolUse').handler;
  byId('checks').home.writeSettings(everyEvent({ ...handler, command: withoutCat(String(handler.command)) }));
  byId('filed').home.writeSettings(everyEvent({ ...handler, command: asFiled(String(handler.command)) }));
  // Their own inboxes, so the scripts claim a file there as the spool does (without one they would run the Node hook).
  for (const id of ['checks', 'filed'] as const)
    mkdirSync(join(byId(id).stateDir, 'inbox'), { recursive: true, mode: 0o700 });
  const installNote = `${/\b(exec|shell) form\b/.exec(installed)?.[0] ?? 'form not stated'}, ${handlerKind(handler)?.path ?? basename(String(handler.command))} path`;
  return {
    root,
    project,
    api,
    sink,
    variants,
    installNote,
    modInstalled,
    async close() {
      await api.close();
      await sink.close();
      for (const v of variants) v.home.cleanup();
      for (const dir of [root, tmpfs])
        if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

export interface TimedRun {
  code: number | null;
  wallMs: number;
  /**
   * CPU (user + system) of claude and every process it waited for (its hooks), from the wrapping
   * shell's cutime/cstime in /proc; undefined where there is no /proc. Far steadier than the wall
   * time on a loaded machine, where the wall time measures the load.
   */
  cpuMs?: number;
  sessionId?: string;
  stderr: string;
}

/** A shell that runs claude, then writes its own /proc stat (whose cutime holds claude's CPU and its hooks') to fd 3. */
const CPU_WRAPPER =
  '"$@" 3>&-; rc=$?; if [ -r /proc/$$/stat ]; then read -r line </proc/$$/stat; printf \'%s\\n\' "$line" >&3; fi; exit $rc';

/** Claude's CPU and its waited-for children's, in ms, from the wrapper shell's /proc stat line. */
function childrenCpuMs(statLine: string): number | undefined {
  const fields = statLine
    .replace(/^.*\) /, '')
    .trim()
    .split(' ');
  // After the comm: state(0) ... cutime(13) cstime(14), in clock ticks (USER_HZ = 100 on Linux).
  const ticks = Number(fields[13]) + Number(fields[14]);
  return Number.isFinite(ticks) ? ticks * 10 : undefined;
}

/** One `claude -p` run of the script, timed from spawn to exit (Claude Code waits for every hook). */
export function runScripted(claude: string, world: HookCostWorld, variant: Variant): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        CPU_WRAPPER,
        'sh',
        claude,
        '-p',
        'Run the thirty steps.',
        '--allowedTools',
        'Bash',
        '--output-format',
        'json',
      ],
      {
        cwd: world.project,
        env: variant.home.env,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    let stat = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk) => (stat += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      clearTimeout(timer);
      let sessionId: string | undefined;
      try {
        sessionId = (JSON.parse(stdout) as { session_id?: string }).session_id;
      } catch {
        sessionId = undefined;
      }
      resolve({ code, wallMs, cpuMs: stat ? childrenCpuMs(stat) : undefined, sessionId, stderr });
    });
  });
}
