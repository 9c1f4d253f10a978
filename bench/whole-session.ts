/**
 * The whole buddy during a real session (issues 25 and 50): the real interactive Claude Code in
 * tmux, against the loopback stand-in pacing one Bash call a second for 60 s, with buddy-tui's
 * hooks and statusLine as `buddy-tui install` writes them, in two set-ups run one after the other:
 * - the pane open (`install --no-mod`, the pane running on the same state root): bar <= 10%,
 *   goal <= 5% of Claude Code's CPU;
 * - the mod and no pane (`install` with `claude` on PATH, so it sets up the mod as for a user):
 *   the mod asks `buddy-tui mod-state --ensure-runner`, which starts the headless runner; bar
 *   <= 5%, goal <= 3%;
 * - the floor (`install --no-mod`, each hook and the statusLine command replaced by `cat >/dev/null`,
 *   no pane): what Claude Code's own hook and statusLine calls cost any companion, beside the two.
 * The CPU (user + system) of every buddy-tui process is summed against Claude Code's own:
 * - hooks and statusline runs: each installed command is wrapped (bench only) in a bash whose
 *   EXIT trap appends `times` to a log: the CPU of the command (still run by /bin/sh -c) and all
 *   it waited for, exec'd Node included, in ms (dash's `times` would floor each run to 10 ms
 *   ticks); the wrapper's own shell is not counted;
 * - the mod's buddy-tui calls (`mod-state` and the like, children of Claude Code): the node in
 *   the mod's buddy-cli.json imports a module that logs the process's own CPU as it exits (no
 *   wrapping shell: mod-state's heartbeat names its parent); the runner a call starts is detached,
 *   not in that log;
 * - the headless runner: /proc utime+stime of the pid runner.lock names, looked at every 0.5 s
 *   so a runner that exits and is started again counts too; in the mod set-up the turn starts
 *   once the runner is up, as the pane is up before it in the other;
 * - the mod's own JavaScript: /proc of Claude Code's `hooks-<id>` worker threads, where the mod
 *   runs (its polls of the runner's view file among it): counted as buddy-tui's and taken out of
 *   Claude Code's own;
 * - the pane: /proc utime+stime of its process over the turn;
 * - Claude Code: /proc utime+stime of the claude process itself (not its children: those are
 *   the hooks, the statusline, the mod's calls and the Bash tool's shells), less the mod's threads.
 * BUDDY_BENCH_DIST=<a checkout with dist/> measures another build (e.g. main before issue 25)
 * with the same driver; BUDDY_BENCH_SESSION_SETUPS=mod runs one set-up; BUDDY_BENCH_PANE_PROFILE=<dir>
 * writes a --cpu-prof of the pane there.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claudeBinary, createOfflineClaudeHome } from '../test/support/claude-cli.js';
import { startMessagesApiStandin, text, toolUse } from '../test/support/messages-api-standin.js';
import { startTmux } from '../test/e2e/tmux-server.js';
import { REPO_ROOT, formatRow, type BenchRow } from './measure.js';
import { sleep } from './pane-process.js';
import { cpuMsOf, pollCpu, sumTimesLog, workerThreadsCpu, wrapCommands } from './session-cpu.js';
import { buddyProcessCpu, stopRunner, wrapModCli, waitForRunner } from './whole-session-mod.js';

const AREA = 'session';
const CALLS = Number(process.env.BUDDY_BENCH_SESSION_CALLS) || 60;
const DIST_ROOT = process.env.BUDDY_BENCH_DIST ?? REPO_ROOT;
const CLI = join(DIST_ROOT, 'dist/cli.js');

// BUDDY_BENCH_PANE_PROFILE=<dir>: a --cpu-prof of the pane into <dir>, to see where its share goes.
const PANE_PROFILE = process.env.BUDDY_BENCH_PANE_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BUDDY_BENCH_PANE_PROFILE}`]
  : [];

type Setup = 'pane' | 'mod' | 'floor';
const SETUPS: Record<Setup, { title: string; bar?: number; goal?: number }> = {
  pane: { title: 'pane open', bar: 10, goal: 5 },
  mod: { title: 'the mod and no pane', bar: 5, goal: 3 },
  // The same hooks and statusLine as `cat >/dev/null`, no pane, no mod: what any companion pays.
  floor: { title: 'the floor: every hook and statusLine command a no-op (cat >/dev/null)' },
};
const NO_OP = 'cat >/dev/null';

type TimesSum = ReturnType<typeof sumTimesLog>;

interface SessionCost {
  /** Claude Code's own CPU, less the mod's worker threads. */
  claudeMs: number;
  hooks: TimesSum;
  statusline: TimesSum;
  modCalls: TimesSum;
  runner: { ms: number; count: number };
  worker: { ms: number; count: number };
  paneMs: number;
}

/** A HOME where `buddy-tui install` set up hooks, statusLine and (for `mod`) the mod, each command wrapped. */
async function prepareSession(root: string, setup: Setup) {
  const project = join(root, 'project');
  const stateDir = join(root, 'state');
  mkdirSync(project);
  const api = await startMessagesApiStandin({
    main: (request) => {
      const done = (request.body?.messages ?? []).filter(
        (message: { role?: string }) => message.role === 'assistant',
      ).length;
      return done < CALLS
        ? toolUse('Bash', { command: `echo step ${done + 1}`, description: `Step ${done + 1}` }, { delayMs: 1000 })
        : text('All steps done.');
    },
    other: text('Session cost'),
  });
  const home = createOfflineClaudeHome({
    baseUrl: api.url,
    projectDirs: [project],
    extraEnv: { BUDDY_TUI_STATE_DIR: stateDir },
  });
  const wrapper = join(root, 'cpu-wrap.sh');
  writeFileSync(wrapper, 'log=$1\ntrap \'times >>"$log"\' EXIT\n/bin/sh -c "$2"\n:\n');
  const logs = {
    hooks: join(root, 'hooks.times'),
    statusline: join(root, 'statusline.times'),
    modCalls: join(root, 'mod-calls.times'),
  };
  // Install sets up the mod when `claude --version` on PATH says it can load one.
  const bin = join(root, 'bin');
  mkdirSync(bin);
  symlinkSync(claudeBinary() as string, join(bin, 'claude'));
  const install = spawn(process.execPath, [CLI, 'install', ...(setup === 'mod' ? [] : ['--no-mod'])], {
    env: { ...home.env, PATH: `${bin}:${process.env.PATH}` },
    stdio: 'ignore',
  });
  const installed = await new Promise((resolve) => install.once('exit', resolve));
  if (installed !== 0) throw new Error(`buddy-tui install exited ${installed}`);
  wrapCommands(home.settingsPath, wrapper, logs, setup === 'floor' ? NO_OP : undefined);
  if (setup === 'mod') wrapModCli(home.settingsPath, join(root, 'cpu-log.mjs'), logs.modCalls);
  return { project, stateDir, api, home, logs };
}

/** The turn of CALLS Bash calls, and what each part of buddy-tui used meanwhile. */
async function runSession(claude: string, setup: Setup): Promise<SessionCost> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `buddy-bench-session-${setup}-`)));
  const session = await prepareSession(root, setup).catch(async (error) => {
    rmSync(root, { recursive: true, force: true });
    throw error;
  });
  const { project, stateDir, api, home, logs } = session;
  let server: ReturnType<typeof startTmux>['server'] | undefined;
  const pane =
    setup === 'pane'
      ? spawn(process.execPath, [...PANE_PROFILE, CLI, 'tui', '--no-alt-screen'], {
          env: { ...process.env, ...home.env, CI: 'false', NO_COLOR: '1', COLUMNS: '100', LINES: '30' },
          stdio: ['ignore', 'pipe', 'ignore'],
        })
      : undefined;
  pane?.stdout?.resume();
  try {
    const started = startTmux(root, { width: 160, height: 45, env: home.env, cwd: project, command: claude });
    server = started.server;
    await server.waitFor(started.pane, /❯/, 120_000);
    const claudePid = Number(server.tmux(['display-message', '-p', '-t', started.pane, '#{pane_pid}']).stdout.trim());
    if (setup === 'mod') await waitForRunner(stateDir, 60_000);
    await sleep(3000);
    for (const log of Object.values(logs)) writeFileSync(log, '');
    const before = { claude: cpuMsOf(claudePid), pane: pane ? cpuMsOf(pane.pid as number) : 0 };
    // The pane holds runner.lock in its set-up: counted once, as the pane.
    const runner = pollCpu(() => buddyProcessCpu(stateDir, pane?.pid));
    const worker = pollCpu(() => workerThreadsCpu(claudePid));
    server.typeText(started.pane, `Run the ${CALLS} steps.`);
    await sleep(500);
    server.sendKeys(started.pane, 'Enter');
    await server.waitFor(started.pane, /All steps done/, (CALLS + 120) * 1000);
    // The last statusline refresh and Stop hook of the turn.
    await sleep(3000);
    const workerUsed = worker.stop();
    return {
      claudeMs: cpuMsOf(claudePid) - before.claude - workerUsed.ms,
      hooks: sumTimesLog(logs.hooks),
      statusline: sumTimesLog(logs.statusline),
      modCalls: sumTimesLog(logs.modCalls),
      runner: runner.stop(),
      worker: workerUsed,
      paneMs: pane ? cpuMsOf(pane.pid as number) - before.pane : 0,
    };
  } finally {
    server?.kill();
    pane?.kill('SIGTERM');
    await sleep(1500);
    await stopRunner(stateDir);
    await api.close();
    home.cleanup();
    rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function sessionRows(setup: Setup, cost: SessionCost): BenchRow[] {
  const { title, bar, goal } = SETUPS[setup];
  const { hooks, statusline, modCalls, runner, worker } = cost;
  const label = DIST_ROOT === REPO_ROOT ? 'this build' : DIST_ROOT;
  const parts = [
    `hooks ${hooks.runs} runs ${seconds(hooks.ms)}`,
    `statusline ${statusline.runs} runs ${seconds(statusline.ms)} (${statusline.each.filter((ms) => ms < 25).length} under 25 ms: the fast path)`,
    ...(setup === 'pane' ? [`pane ${seconds(cost.paneMs)}`] : []),
    ...(setup === 'mod'
      ? [
          `runner ${seconds(runner.ms)} (${runner.count} process${runner.count === 1 ? '' : 'es'})`,
          `the mod's buddy-tui calls ${modCalls.runs} runs ${seconds(modCalls.ms)}`,
          `the mod's threads in Claude Code ${seconds(worker.ms)}`,
        ]
      : []),
  ];
  const buddyMs = hooks.ms + statusline.ms + cost.paneMs + runner.ms + modCalls.ms + worker.ms;
  const share = (buddyMs / cost.claudeMs) * 100;
  return [
    {
      area: AREA,
      name: `interactive Claude Code, ${CALLS} Bash calls 1 s apart, ${title} (${label})`,
      value: `Claude Code ${seconds(cost.claudeMs)} CPU; ${parts.join(', ')}`,
    },
    {
      area: AREA,
      name: `buddy-tui / Claude Code CPU, ${title} (${label})`,
      value: `${share.toFixed(1)}%`,
      ...(bar === undefined || goal === undefined
        ? {}
        : { bar: `<= ${bar}%`, goal: `<= ${goal}%`, ok: share <= bar, goalMet: share <= goal }),
    },
  ];
}

export async function benchWholeSession(): Promise<BenchRow[]> {
  const claude = claudeBinary();
  if (!claude)
    return [
      { area: AREA, name: 'Claude Code CLI', value: 'not installed (scripts/install-claude-code.sh)', ok: false },
    ];
  const wanted = process.env.BUDDY_BENCH_SESSION_SETUPS?.split(',');
  const rows: BenchRow[] = [];
  for (const setup of ['pane', 'mod', 'floor'] as const) {
    if (wanted && !wanted.includes(setup)) continue;
    try {
      rows.push(...sessionRows(setup, await runSession(claude, setup)));
    } catch (error) {
      rows.push({
        area: AREA,
        name: `whole session, ${SETUPS[setup].title}`,
        value: `failed: ${(error as Error).message}`,
        ok: false,
      });
    }
  }
  return rows;
}

export async function bench(): Promise<BenchRow[]> {
  const only = process.env.BUDDY_BENCH_ONLY?.split(',');
  if (only && !only.some((name) => 'wholesession'.includes(name.toLowerCase()))) return [];
  return benchWholeSession();
}

if (process.argv[1]?.endsWith('bench/whole-session.ts')) {
  for (const row of await bench()) process.stdout.write(`${formatRow(row)}\n`);
  process.exit(0);
}
