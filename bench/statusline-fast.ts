/**
 * The statusLine command's sh fast path (issue 25), side by side in one interleaved run, in CPU
 * time (user + system of the command and the children it waited for; the machine is shared, so
 * wall time says more about the neighbours than about us):
 * - the installed command with a resident process keeping the line current, against
 *   CCometixLine's native binary (@cometix/ccline, installed from npm into .cache/bench/ccline on
 *   first use) on the same payload: goal ≤ 2x;
 * - the same command with no resident process (the Node fallback, which drains and renders)
 *   against `node -e 0`: goal ≤ 1.25x;
 * - the resident process' own CPU per refresh (it renders the next line when a payload arrives).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeEventLine } from '../src/state/journal.js';
import { fastStatuslineCommand } from '../src/statusline/fast-command.js';
import { FIXTURE_SESSION, NOW, fixturePayload, midTurnEvents } from '../test/statusline/support.js';
import { REPO_ROOT, formatMs, measureCommands, type BenchRow } from './measure.js';
import { sleep, until } from './pane-process.js';

const CCLINE_VERSION = '1.1.2';
const CCLINE_DIR = join(REPO_ROOT, '.cache/bench/ccline');
const CCLINE_BINARIES = ['ccline-linux-x64', 'ccline-linux-x64-musl'].map((name) =>
  join(CCLINE_DIR, 'node_modules/@cometix', name, 'ccline'),
);

function ensureCcline(): string | undefined {
  if (!CCLINE_BINARIES.some(existsSync)) {
    mkdirSync(CCLINE_DIR, { recursive: true });
    try {
      execFileSync(
        'npm',
        [
          'install',
          '--no-save',
          '--no-audit',
          '--no-fund',
          '--prefix',
          CCLINE_DIR,
          `@cometix/ccline@${CCLINE_VERSION}`,
        ],
        { stdio: 'ignore', timeout: 300_000 },
      );
    } catch {
      return undefined;
    }
  }
  return CCLINE_BINARIES.find(existsSync);
}

function stateRoot(base: string, name: string): string {
  const root = join(base, name);
  mkdirSync(join(root, FIXTURE_SESSION), { recursive: true, mode: 0o700 });
  mkdirSync(join(root, 'inbox'), { mode: 0o700 });
  writeFileSync(
    join(root, FIXTURE_SESSION, 'events.jsonl'),
    midTurnEvents()
      .map((event) => serializeEventLine(event))
      .join(''),
    { mode: 0o600 },
  );
  return root;
}

const cpuOf = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

export async function benchStatuslineFast(): Promise<BenchRow[]> {
  const base = join(REPO_ROOT, '.cache/bench/statusline-fast');
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  const common = {
    HOME: join(base, 'home'),
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    BUDDY_TUI_NOW: String(NOW),
    COLUMNS: '120',
    CLAUDE_CODE_SESSION_ID: FIXTURE_SESSION,
  };
  const residentEnv = { ...common, BUDDY_TUI_STATE_DIR: stateRoot(base, 'resident') };
  const aloneEnv = { ...common, BUDDY_TUI_STATE_DIR: stateRoot(base, 'alone') };
  const resident = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'test/support/resident-process.ts')], {
    env: { ...process.env, ...residentEnv },
    stdio: ['ignore', 'pipe', 'ignore'],
    cwd: REPO_ROOT,
  });
  try {
    await new Promise((resolve) => resident.stdout.once('data', resolve));
    const stdin = JSON.stringify(fixturePayload(42));
    const command = fastStatuslineCommand({ node: process.execPath, cliScript: join(REPO_ROOT, 'dist/cli.js') });
    const run = (env: Record<string, string>) =>
      execFileSync('/bin/sh', ['-c', command], { input: stdin, env: { ...process.env, ...env } }).toString();
    // The first refresh hands the payload over; from the second on the line is there.
    run(residentEnv);
    const lineFile = join(residentEnv.BUDDY_TUI_STATE_DIR, 'statusline', `${FIXTURE_SESSION}.line`);
    await until(() => existsSync(lineFile), 10_000, 'the resident line');
    await sleep(200);
    const ccline = ensureCcline();
    const rounds = 40;
    const residentCpuBefore = cpuOf(resident.pid!);
    const stats = measureCommands(
      [
        { name: 'node -e 0', argv: [process.execPath, '-e', '0'], stdin, env: aloneEnv },
        { name: 'fast', argv: ['/bin/sh', '-c', command], stdin, env: residentEnv },
        { name: 'fallback', argv: ['/bin/sh', '-c', command], stdin, env: aloneEnv },
        ...(ccline ? [{ name: 'ccline', argv: [ccline], stdin, env: { HOME: join(base, 'home') } }] : []),
      ],
      rounds,
      3,
    );
    // Let the resident render the last payloads before reading its CPU.
    await sleep(500);
    const residentPerRefresh = (cpuOf(resident.pid!) - residentCpuBefore) / (rounds + 3);
    const fast = stats.fast.medianCpuMs;
    const rows: BenchRow[] = [];
    const baseline = stats['node -e 0'].medianCpuMs;
    if (ccline) {
      rows.push({
        area: 'statusline',
        name: `sh fast path (resident running) vs CCometixLine ${CCLINE_VERSION} (native), CPU per refresh`,
        value: `${(fast / stats.ccline.medianCpuMs).toFixed(2)}x (${formatMs(fast)} vs ${formatMs(stats.ccline.medianCpuMs)}; wall ${formatMs(stats.fast.medianMs)} vs ${formatMs(stats.ccline.medianMs)})`,
        goal: '<= 2x',
        ok: fast <= 2 * stats.ccline.medianCpuMs,
      });
    } else {
      rows.push({
        area: 'statusline',
        name: `CCometixLine ${CCLINE_VERSION}`,
        value: 'not installed (npm unreachable?)',
        goal: '<= 2x',
        ok: false,
      });
    }
    rows.push(
      {
        area: 'statusline',
        name: 'statusLine command, no resident process (Node fallback) vs node -e 0, CPU',
        value: `${(stats.fallback.medianCpuMs / baseline).toFixed(2)}x (${formatMs(stats.fallback.medianCpuMs)} vs ${formatMs(baseline)}; wall ${(stats.fallback.medianMs / stats['node -e 0'].medianMs).toFixed(2)}x)`,
        goal: '<= 1.25x',
        ok: stats.fallback.medianCpuMs <= 1.25 * baseline,
      },
      {
        area: 'statusline',
        name: 'resident process: CPU per refresh (renders the next line)',
        value: `${formatMs(residentPerRefresh)} (10 ms clock ticks, averaged over ${rounds + 3} refreshes)`,
      },
    );
    return rows;
  } finally {
    resident.kill('SIGKILL');
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench/statusline-fast.ts')) {
  for (const row of await benchStatuslineFast())
    process.stdout.write(
      `${row.name}: ${row.value}${row.goal ? ` (goal ${row.goal}: ${row.ok ? 'ok' : 'MISS'})` : ''}\n`,
    );
  process.exit(0);
}
