/**
 * Statusline benchmarks, side by side in one interleaved run on the same payload and state:
 * `buddy-tui statusline` (via dist/cli.js, and dist/statusline.js directly) against `node -e 0`
 * and `buddy-tui status --tmux` (the bar segment), against ccstatusline 2.2.30 (installed from npm into .cache/bench/ccstatusline on first
 * use), then with a 20 MB journal and a checkpoint. Median wall time and peak RSS.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hatchPet } from '../src/pet/hatch.js';
import { readSession } from '../src/state/reader.js';
import { serializeEventLine } from '../src/state/journal.js';
import { FIXTURE_SESSION, NOW, fixturePayload, midTurnEvents, reaction } from '../test/statusline/support.js';
import { benchStatuslineBigJournal } from './big-journal.js';
import { benchStatuslineFast } from './statusline-fast.js';
import { syntheticEvents } from './foundation.js';
import { REPO_ROOT, formatMb, formatMs, measureCommands, type BenchRow, type CommandStats } from './measure.js';

const CCSTATUSLINE_VERSION = '2.2.30';
const CC_DIR = join(REPO_ROOT, '.cache/bench/ccstatusline');
const CC_BIN = join(CC_DIR, 'node_modules/ccstatusline/dist/ccstatusline.js');

function ensureCcstatusline(): string | undefined {
  if (!existsSync(CC_BIN)) {
    mkdirSync(CC_DIR, { recursive: true });
    try {
      execFileSync(
        'npm',
        ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', CC_DIR, `ccstatusline@${CCSTATUSLINE_VERSION}`],
        { stdio: 'ignore', timeout: 300_000 },
      );
    } catch {
      return undefined;
    }
  }
  return existsSync(CC_BIN) ? CC_BIN : undefined;
}

/** A state root holding the fixture session: mid-turn journal, a reaction, a checkpoint. */
function stateRoot(base: string, journalMb: number): string {
  const root = join(base, `state-${journalMb}`);
  const dir = join(root, FIXTURE_SESSION);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const events = midTurnEvents();
  let body = '';
  if (journalMb > 0) {
    // Earlier turns first (realistic lines, fresh ids), then the mid-turn events at the end.
    const filler = syntheticEvents(40_000, FIXTURE_SESSION, NOW - 3_600_000).map((event) => serializeEventLine(event));
    const parts: string[] = [];
    for (let i = 0, size = 0; size < journalMb * 1024 * 1024; i++) {
      parts.push(filler[i % filler.length]);
      size += Buffer.byteLength(filler[i % filler.length]);
    }
    body = parts.join('');
  }
  body += events.map((event) => serializeEventLine(event)).join('');
  writeFileSync(join(dir, 'events.jsonl'), body, { mode: 0o600 });
  writeFileSync(join(dir, 'reactions.jsonl'), `${JSON.stringify(reaction('Three Bash calls and counting!', 5000))}\n`, {
    mode: 0o600,
  });
  readSession(dir); // the checkpoint
  return root;
}

const describe = (stats: CommandStats): string => `${formatMs(stats.medianMs)}, ${formatMb(stats.medianRssKb)}`;

async function benchStartup(): Promise<BenchRow[]> {
  const base = join(REPO_ROOT, '.cache/bench/statusline');
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  try {
    const home = join(base, 'home');
    const xdgState = join(base, 'xdg-state');
    mkdirSync(join(xdgState, 'buddy-tui'), { recursive: true });
    // A hatched buddy, so the face path (pet.json + species file) is on the clock too.
    writeFileSync(
      join(xdgState, 'buddy-tui', 'pet.json'),
      JSON.stringify(hatchPet({ seed: 'bench', speciesIds: ['cat'], now: NOW - 60_000 })),
    );
    const common = {
      HOME: home,
      XDG_CONFIG_HOME: join(base, 'config'),
      XDG_STATE_HOME: xdgState,
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
      BUDDY_TUI_NOW: String(NOW),
      COLUMNS: '120',
    };
    const small = { ...common, BUDDY_TUI_STATE_DIR: stateRoot(base, 0) };
    const large = { ...common, BUDDY_TUI_STATE_DIR: stateRoot(base, 20) };
    const stdin = JSON.stringify(fixturePayload(42));
    const node = process.execPath;
    const cli = join(REPO_ROOT, 'dist/cli.js');
    const ccstatusline = ensureCcstatusline();

    const commands = [
      { name: 'node -e 0', argv: [node, '-e', '0'], stdin, env: small },
      { name: 'cli', argv: [node, cli, 'statusline'], stdin, env: small },
      { name: 'bundle', argv: [node, join(REPO_ROOT, 'dist/statusline.js')], stdin, env: small },
      { name: 'large', argv: [node, cli, 'statusline'], stdin, env: large },
      // tmux runs it every status-interval: drain, read every live session, print the segment.
      { name: 'segment', argv: [node, cli, 'status', '--tmux'], env: small },
      ...(ccstatusline ? [{ name: 'ccstatusline', argv: [node, ccstatusline], stdin, env: small }] : []),
    ];
    const stats = measureCommands(commands, 40, 3);
    const baseline = stats['node -e 0'];
    const versus = (name: string, goal: number, label: string): BenchRow => {
      const ratio = stats[name].medianMs / baseline.medianMs;
      return {
        area: 'statusline',
        name: label,
        value: `${ratio.toFixed(2)}x wall (${describe(stats[name])}; RSS ${(stats[name].medianRssKb / baseline.medianRssKb).toFixed(2)}x)`,
        goal: `<= ${goal}x`,
        ok: ratio <= goal,
      };
    };
    const rows: BenchRow[] = [
      { area: 'statusline', name: 'node -e 0 (baseline)', value: describe(baseline) },
      versus('cli', 1.25, 'buddy-tui statusline vs node -e 0'),
      versus('bundle', 1.25, 'node dist/statusline.js vs node -e 0'),
      versus('large', 1.35, 'buddy-tui statusline, 20 MB journal + checkpoint'),
      versus('segment', 1.25, 'buddy-tui status --tmux vs node -e 0'),
    ];
    if (ccstatusline) {
      const cc = stats.ccstatusline;
      const faster = cc.medianMs / stats.cli.medianMs;
      rows.push(
        {
          area: 'statusline',
          name: `ccstatusline ${CCSTATUSLINE_VERSION} vs node -e 0`,
          value: `${(cc.medianMs / baseline.medianMs).toFixed(2)}x wall (${describe(cc)})`,
        },
        {
          area: 'statusline',
          name: `buddy-tui statusline faster than ccstatusline`,
          value: `${faster.toFixed(2)}x`,
          goal: '>= 3.5x',
          ok: faster >= 3.5,
        },
      );
    } else {
      rows.push({
        area: 'statusline',
        name: `ccstatusline ${CCSTATUSLINE_VERSION}`,
        value: 'not installed (npm unreachable?)',
        goal: '>= 3.5x',
        ok: false,
      });
    }
    return rows;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

export async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  // BUDDY_BENCH_ONLY=startup,bigjournal,fast picks parts by name, as in bench/tui.ts.
  const only = process.env.BUDDY_BENCH_ONLY?.split(',');
  for (const part of [benchStartup, benchStatuslineBigJournal, benchStatuslineFast]) {
    if (only && !only.some((name) => part.name.toLowerCase().includes(name))) continue;
    try {
      rows.push(...(await part()));
    } catch (error) {
      rows.push({ area: 'statusline', name: part.name, value: `failed: ${(error as Error).message}`, ok: false });
    }
  }
  return rows;
}

// `node --import tsx bench/statusline.ts` runs this area alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await bench())
    process.stdout.write(
      `${row.name.padEnd(52)} ${row.value}${row.goal ? `  ${row.ok ? 'ok' : 'MISS'} (goal ${row.goal})` : ''}\n`,
    );
}
