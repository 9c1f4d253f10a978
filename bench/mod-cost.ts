/**
 * What the buddy mod costs Claude Code (issue 24): the real interactive Claude Code in tmux against
 * the loopback stand-in, buddy-tui's settings hooks installed in both variants, with and without the
 * mod (`installMod`, as `buddy-tui install` sets it up). Measured from /proc: the claude process's
 * own CPU (utime+stime) and, separately, its waited-for children (cutime+cstime: hooks and the
 * mod's `buddy-tui mod-state` calls), over an idle stretch and over a scripted turn (5 Bash calls
 * and an answer), and the time from start to the first prompt (the mod's warm-up must not delay it).
 * Bar: Claude Code's own CPU with the mod <= 1.10x without, idle and turn (issue 24), goal <= 1.05x.
 * A third variant, an empty mod (a register() that registers nothing, in the same folder), shows
 * the engine's own share: what loading any mod costs, whatever the mod does. Issue 50's rows are
 * the buddy mod against the empty one, idle and start to the first prompt: bar <= 1.1x, goal
 * <= 1.05x.
 *
 * `BUDDY_BENCH_MOD_IDLE_S=60` sets the idle stretch and `BUDDY_BENCH_MOD_ROUNDS=1` the rounds (medians);
 * `npm run bench -- mod-cost` (or `node --import tsx bench/mod-cost.ts`) runs it alone.
 */
import { isPidAlive } from '../src/process/pid-alive.js';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claudeBinary, createOfflineClaudeHome } from '../test/support/claude-cli.js';
import { CLI_ENTRY } from '../test/support/hook-process.js';
import { startMessagesApiStandin, text, toolUse } from '../test/support/messages-api-standin.js';
import { startTmux } from '../test/e2e/tmux-server.js';
import { installMod } from '../src/install/mod-install.js';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT, formatRow, median, type BenchRow } from './measure.js';
import { statFields, workerCpuOf } from './session-cpu.js';

const AREA = 'mod-cost';
const BAR = 1.1;
const GOAL = 1.05;
const TICKS = 100; // USER_HZ on Linux
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `own` includes `worker`: the mod's worker thread (named `hooks-…`), which runs register.js. */
interface Cpu {
  own: number;
  children: number;
  worker: number;
}

function cpuOf(pid: number): Cpu {
  const fields = statFields(`/proc/${pid}/stat`);
  // After the comm: state(0) ... utime(11) stime(12) cutime(13) cstime(14), in ticks.
  const ms = (i: number) => (Number(fields[i]) * 1000) / TICKS;
  return { own: ms(11) + ms(12), children: ms(13) + ms(14), worker: workerCpuOf(pid) };
}

/** The claude process in a tmux pane: the pane's process, or its child when a shell wraps it. */
function claudePid(panePid: number): number {
  const comm = (pid: number) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  if (comm(panePid).startsWith('claude')) return panePid;
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      if (Number(stat[1]) === panePid && comm(Number(name)).startsWith('claude')) return Number(name);
    } catch {
      // Gone meanwhile.
    }
  }
  throw new Error(`no claude process under pane pid ${panePid}`);
}

interface Sample {
  startMs: number;
  idle: Cpu;
  turn: Cpu;
}

type ModVariant = 'none' | 'empty' | 'buddy';

/** An empty mod: the buddy mod's folder, with a register() that registers nothing. */
const EMPTY_REGISTER = '/** @type {import("claude-code").Register} */\nexport const register = () => {}\n';

async function runVariant(claude: string, variant: ModVariant, idleS: number): Promise<Sample> {
  const withMod = variant !== 'none';
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'buddy-bench-mod-')));
  const project = join(base, 'project');
  mkdirSync(project);
  const turns = [
    ...Array.from({ length: 5 }, (_, i) => toolUse('Bash', { command: `echo step ${i}`, description: `Step ${i}` })),
    text('All five steps done.'),
  ];
  const api = await startMessagesApiStandin({ main: turns, other: text('title') });
  const home = createOfflineClaudeHome({
    baseUrl: api.url,
    projectDirs: [project],
    extraEnv: { BUDDY_TUI_STATE_DIR: join(base, 'state'), BUDDY_TUI_RUNNER_IDLE_MS: '30000' },
  });
  home.writeSettings({ permissions: { allow: ['Bash'] }, tui: 'fullscreen' });
  const install = spawnSync(process.execPath, [CLI_ENTRY, 'install', '--no-mod'], { env: home.env, encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`install failed: ${install.stderr}`);
  spawnSync(process.execPath, [CLI_ENTRY, 'hatch', '--name', 'Bench'], { env: home.env });
  if (withMod) {
    const { folder } = installMod({
      settingsPath: home.settingsPath,
      packageRoot: REPO_ROOT,
      cliArgv: [process.execPath, CLI_ENTRY],
      version: 'bench',
    });
    if (variant === 'empty') writeFileSync(join(folder, 'hooks', 'register.js'), EMPTY_REGISTER);
  }
  const tmuxDir = join(base, 'tmux');
  mkdirSync(tmuxDir);
  const started = Date.now();
  const { server, pane } = startTmux(tmuxDir, {
    width: 150,
    height: 45,
    env: home.env,
    cwd: project,
    command: `${claude} --permission-mode default`,
  });
  try {
    await server.waitFor(pane, /❯/, 120_000);
    const startMs = Date.now() - started;
    if (variant === 'buddy') await server.waitFor(pane, /Bench/, 60_000);
    await sleep(5000); // start-up settles (warm-up excluded from the idle stretch)
    const pid = claudePid(Number(server.tmux(['display-message', '-p', '-t', pane, '#{pane_pid}']).stdout.trim()));
    const idle0 = cpuOf(pid);
    await sleep(idleS * 1000);
    const idle1 = cpuOf(pid);
    server.typeText(pane, 'Run the five steps.');
    await sleep(500);
    const turn0 = cpuOf(pid);
    server.sendKeys(pane, 'Enter');
    await server.waitFor(pane, /All five steps done\./, 120_000);
    await sleep(2000);
    const turn1 = cpuOf(pid);
    const diff = (a: Cpu, b: Cpu): Cpu => ({
      own: b.own - a.own,
      children: b.children - a.children,
      worker: b.worker - a.worker,
    });
    return { startMs, idle: diff(idle0, idle1), turn: diff(turn0, turn1) };
  } finally {
    server.kill();
    await api.close();
    const lock = join(base, 'state', 'runner.lock');
    await sleep(1500);
    try {
      const { pid } = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number };
      process.kill(pid, 'SIGTERM');
      // It saves its sessions as it stops: removing the root under it would race those writes.
      for (let i = 0; i < 50 && isPidAlive(pid); i += 1) await sleep(100);
    } catch {
      // No runner left.
    }
    home.cleanup();
    rmSync(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/** Each figure's median over the rounds. */
function medianSample(samples: Sample[]): Sample {
  const cpu = (pick: (s: Sample) => Cpu): Cpu => ({
    own: median(samples.map((s) => pick(s).own)),
    children: median(samples.map((s) => pick(s).children)),
    worker: median(samples.map((s) => pick(s).worker)),
  });
  return { startMs: median(samples.map((s) => s.startMs)), idle: cpu((s) => s.idle), turn: cpu((s) => s.turn) };
}

export async function bench(): Promise<BenchRow[]> {
  const claude = claudeBinary();
  if (!claude)
    return [
      {
        area: AREA,
        name: 'Claude Code CLI',
        value: 'not installed (scripts/install-claude-code.sh)',
        ok: false,
      },
    ];
  const idleS = Number(process.env.BUDDY_BENCH_MOD_IDLE_S ?? 60);
  // Rounds alternate which variant runs first; each figure is the median over the rounds.
  const rounds = Math.max(1, Number(process.env.BUDDY_BENCH_MOD_ROUNDS ?? 1));
  const samples: Record<ModVariant, Sample[]> = { none: [], empty: [], buddy: [] };
  const order: ModVariant[] = ['none', 'empty', 'buddy'];
  for (let round = 0; round < rounds; round += 1) {
    for (const variant of round % 2 === 0 ? order : [...order].reverse()) {
      process.stderr.write(`bench: mod-cost round ${round + 1}/${rounds}: ${variant} mod\n`);
      samples[variant].push(await runVariant(claude, variant, idleS));
    }
  }
  const without = medianSample(samples.none);
  const empty = medianSample(samples.empty);
  const withMod = medianSample(samples.buddy);
  const row = (name: string, a: number, b: number, withBar = false): BenchRow => {
    const times = b / Math.max(a, 1);
    return {
      area: AREA,
      name,
      value: `${b.toFixed(0)} ms vs ${a.toFixed(0)} ms: ${times.toFixed(2)}x`,
      ...(withBar ? { bar: `<= ${BAR}x`, goal: `<= ${GOAL}x`, ok: times <= BAR, goalMet: times <= GOAL } : {}),
    };
  };
  const rows = [
    row(`claude's own CPU, idle ${idleS} s (mod vs none)`, without.idle.own, withMod.idle.own, true),
    row("claude's own CPU, a 5-Bash turn (mod vs none)", without.turn.own, withMod.turn.own, true),
    row(
      `claude's own CPU, idle ${idleS} s (an empty mod vs none: the engine's share)`,
      without.idle.own,
      empty.idle.own,
    ),
    row("claude's own CPU, the turn (an empty mod vs none: the engine's share)", without.turn.own, empty.turn.own),
    row(`claude's own CPU, idle ${idleS} s (the buddy mod vs an empty mod)`, empty.idle.own, withMod.idle.own, true),
    row("claude's own CPU, the turn (the buddy mod vs an empty mod)", empty.turn.own, withMod.turn.own),
    row(`its children's CPU, idle ${idleS} s (hooks, mod-state)`, without.idle.children, withMod.idle.children),
    row("its children's CPU, the turn (hooks, mod-state)", without.turn.children, withMod.turn.children),
    row('start to first prompt (mod vs none)', without.startMs, withMod.startMs),
    row("start to first prompt (an empty mod vs none: the engine's share)", without.startMs, empty.startMs),
    row('start to first prompt (the buddy mod vs an empty mod)', empty.startMs, withMod.startMs, true),
    {
      area: AREA,
      name: "the mod's worker thread (within claude's own CPU)",
      value: `idle ${withMod.idle.worker.toFixed(0)} ms, the turn ${withMod.turn.worker.toFixed(0)} ms`,
    },
  ];
  writeFileSync(join(REPO_ROOT, '.cache', 'bench-mod-cost.json'), JSON.stringify(samples, null, 2));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await bench()) process.stdout.write(`${formatRow(r)}\n`);
}
