/**
 * The whole buddy during a real session (issue 25): the real interactive Claude Code in tmux,
 * against the loopback stand-in pacing one Bash call a second for 60 s, with buddy-tui as
 * `buddy-tui install` writes it (hooks and statusLine) and the pane running on the same state
 * root. The CPU (user + system) of every buddy-tui process is summed against Claude Code's own:
 * - hooks and statusline runs: each installed command is wrapped (bench only) in a shell whose
 *   EXIT trap appends `times` to a log: the CPU of the command and all it waited for, exec'd
 *   Node included; the wrapper's own shell is not counted;
 * - the pane: /proc utime+stime of its process over the turn;
 * - Claude Code: /proc utime+stime of the claude process itself (not its children: those are
 *   the hooks, the statusline and the Bash tool's shells).
 * Goal: buddy-tui ≤ 5% of Claude Code's CPU. BUDDY_BENCH_DIST=<a checkout with dist/> measures
 * another build (e.g. main before issue 25) with the same driver.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claudeBinary, createOfflineClaudeHome } from '../test/support/claude-cli.js';
import { startMessagesApiStandin, text, toolUse } from '../test/support/messages-api-standin.js';
import { startTmux } from '../test/e2e/tmux-server.js';
import { REPO_ROOT, type BenchRow } from './measure.js';
import { sleep } from './pane-process.js';
import { cpuMsOf, sumTimesLog, wrapCommands } from './session-cpu.js';

const AREA = 'session';
const CALLS = Number(process.env.BUDDY_BENCH_SESSION_CALLS) || 60;
const GOAL = 5;
const DIST_ROOT = process.env.BUDDY_BENCH_DIST ?? REPO_ROOT;

export async function benchWholeSession(): Promise<BenchRow[]> {
  const claude = claudeBinary();
  if (!claude)
    return [
      {
        area: AREA,
        name: 'Claude Code CLI',
        value: 'not installed (scripts/install-claude-code.sh)',
        goal: `<= ${GOAL}%`,
        ok: false,
      },
    ];
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'buddy-bench-session-')));
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
  const logs = { hooks: join(root, 'hooks.times'), statusline: join(root, 'statusline.times') };
  const cli = join(DIST_ROOT, 'dist/cli.js');
  let server: ReturnType<typeof startTmux>['server'] | undefined;
  const pane = spawn(process.execPath, [cli, 'tui', '--no-alt-screen'], {
    env: { ...process.env, ...home.env, CI: 'false', NO_COLOR: '1', COLUMNS: '100', LINES: '30' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  pane.stdout.resume();
  try {
    const install = spawn(process.execPath, [cli, 'install'], {
      env: { ...home.env, PATH: process.env.PATH },
      stdio: 'ignore',
    });
    await new Promise((resolve) => install.once('exit', resolve));
    wrapCommands(home.settingsPath, wrapper, logs);
    const started = startTmux(root, { width: 160, height: 45, env: home.env, cwd: project, command: claude });
    server = started.server;
    await server.waitFor(started.pane, /❯/, 120_000);
    const claudePid = Number(server.tmux(['display-message', '-p', '-t', started.pane, '#{pane_pid}']).stdout.trim());
    await sleep(3000);
    for (const log of Object.values(logs)) writeFileSync(log, '');
    const before = { claude: cpuMsOf(claudePid), pane: cpuMsOf(pane.pid!) };
    server.typeText(started.pane, `Run the ${CALLS} steps.`);
    await sleep(500);
    server.sendKeys(started.pane, 'Enter');
    await server.waitFor(started.pane, /All steps done/, (CALLS + 120) * 1000);
    // The last statusline refresh and Stop hook of the turn.
    await sleep(3000);
    const claudeMs = cpuMsOf(claudePid) - before.claude;
    const paneMs = cpuMsOf(pane.pid!) - before.pane;
    const hooks = sumTimesLog(logs.hooks);
    const statusline = sumTimesLog(logs.statusline);
    const buddyMs = hooks.ms + statusline.ms + paneMs;
    const share = (buddyMs / claudeMs) * 100;
    const label = DIST_ROOT === REPO_ROOT ? 'this build' : DIST_ROOT;
    return [
      {
        area: AREA,
        name: `interactive Claude Code, ${CALLS} Bash calls 1 s apart (${label})`,
        value: `Claude Code ${(claudeMs / 1000).toFixed(2)} s CPU; hooks ${hooks.runs} runs ${(hooks.ms / 1000).toFixed(2)} s, statusline ${statusline.runs} runs ${(statusline.ms / 1000).toFixed(2)} s (${statusline.each.filter((ms) => ms < 25).length} under 25 ms: the fast path), pane ${(paneMs / 1000).toFixed(2)} s`,
      },
      {
        area: AREA,
        name: `buddy-tui's CPU / Claude Code's (${label})`,
        value: `${share.toFixed(1)}%`,
        goal: `<= ${GOAL}%`,
        ok: share <= GOAL,
      },
    ];
  } finally {
    server?.kill();
    pane.kill('SIGTERM');
    await sleep(500);
    await api.close();
    home.cleanup();
    rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

export async function bench(): Promise<BenchRow[]> {
  const only = process.env.BUDDY_BENCH_ONLY?.split(',');
  if (only && !only.some((name) => 'wholesession'.includes(name.toLowerCase()))) return [];
  try {
    return await benchWholeSession();
  } catch (error) {
    return [{ area: AREA, name: 'benchWholeSession', value: `failed: ${(error as Error).message}`, ok: false }];
  }
}

if (process.argv[1]?.endsWith('bench/whole-session.ts')) {
  for (const row of await bench())
    process.stdout.write(
      `${row.name}: ${row.value}${row.goal ? ` (goal ${row.goal}: ${row.ok ? 'ok' : 'MISS'})` : ''}\n`,
    );
  process.exit(0);
}
