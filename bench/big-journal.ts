/**
 * Big-journal benchmarks (issue 12): a long session's 150 MB journal, made from the recorded
 * Claude Code session repeated turn after turn (fresh ids, one event every 200 ms), with no
 * checkpoint, in a temp folder removed afterwards.
 * - statusline: a cold run (no checkpoint, as after a long session without one) answers in under
 *   0.5 s and 120 MB; the next run reads the checkpoint the cold one wrote.
 * - pane: the first frame with 200 sessions, one of them 150 MB, comes in under 2 s and 200 MB
 *   peak RSS, also with two busy processes beside it, and the pane has written the big session's
 *   checkpoint. BUDDY_BENCH_DIST=<folder> measures another build (a before/after pair).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { JournalEvent } from '../src/protocol/hook-event.js';
import { serializeEventLine } from '../src/state/journal.js';
import { readCheckpoint } from '../src/state/reader.js';
import { FIXTURE_SESSION, NOW, T0, fixturePayload, midTurnEvents } from '../test/statusline/support.js';
import {
  recordedEvents,
  recordedTurn,
  repeatedEvents,
  writeRepeatedJournal,
} from '../test/support/recorded-journal.js';
import { REPO_ROOT, formatMb, formatMs, measureCommands, type BenchRow } from './measure.js';
import { PaneProcess, scratch, sleep, until } from './pane-process.js';

const BIG_BYTES = 150 * 1024 * 1024;
const STEP_MS = 200;

/** `<root>/<sessionId>/events.jsonl`: 150 MB of earlier turns ending at `endAt`, then `after`. */
function writeBigSession(root: string, sessionId: string, endAt: number, after: JournalEvent[], cwd?: string): string {
  const dir = join(root, sessionId);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const turn = recordedTurn().map((event) => (cwd ? { ...event, cwd } : event));
  writeRepeatedJournal(
    join(dir, 'events.jsonl'),
    turn,
    BIG_BYTES,
    { sessionId, start: 0, endAt, stepMs: STEP_MS },
    after,
  );
  return dir;
}

export async function benchStatuslineBigJournal(): Promise<BenchRow[]> {
  const base = mkdtempSync(join(tmpdir(), 'buddy-bench-big-statusline-'));
  try {
    const root = join(base, 'root');
    mkdirSync(root, { mode: 0o700 });
    const dir = writeBigSession(root, FIXTURE_SESSION, T0 - 1000, midTurnEvents());
    const env = {
      HOME: join(base, 'home'),
      XDG_CONFIG_HOME: join(base, 'config'),
      XDG_STATE_HOME: join(base, 'xdg-state'),
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
      BUDDY_TUI_STATE_DIR: root,
      BUDDY_TUI_NOW: String(NOW),
      COLUMNS: '120',
    };
    const stdin = JSON.stringify(fixturePayload(42));
    const bundle = [process.execPath, join(REPO_ROOT, 'dist/statusline.js')];
    // Cold: the checkpoint removed first (sh then execs node, so the RSS is node's).
    const cold = ['sh', '-c', 'rm -f "$0"; exec "$@"', join(dir, 'state.json'), ...bundle];
    const stats = measureCommands(
      [
        { name: 'cold', argv: cold, stdin, env },
        { name: 'warm', argv: bundle, stdin, env },
      ],
      10,
      1,
    );
    // The cold answer must be the one a whole fold gives: the same text as the run on the checkpoint.
    const run = (argv: string[]) =>
      execFileSync(argv[0], argv.slice(1), { input: stdin, env: { ...process.env, ...env } }).toString();
    const same = run(cold) === run(bundle);
    const { medianMs, medianRssKb } = stats.cold;
    return [
      {
        area: 'statusline',
        name: '150 MB journal, no checkpoint (cold)',
        value: `${formatMs(medianMs)}, ${formatMb(medianRssKb)}${same ? '' : ' (OUTPUT DIFFERS from the checkpointed run)'}`,
        goal: '< 500 ms, < 120 MB',
        ok: same && medianMs < 500 && medianRssKb / 1024 < 120,
      },
      {
        area: 'statusline',
        name: '150 MB journal, next run (checkpoint from the cold run)',
        value: `${formatMs(stats.warm.medianMs)}, ${formatMb(stats.warm.medianRssKb)}`,
      },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** `count` busy processes (a loaded machine, as when other work shares the cores); stop() ends them. */
function busyLoad(count: number): { stop: () => void } {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return { stop: () => children.forEach((child) => child.kill('SIGKILL')) };
}

interface ColdStart {
  frameMs: number;
  cpuMs: number;
  rssMb: number;
  checkpoint?: { offset: number; partial?: boolean };
}

/** One cold start of the pane on `s` (every checkpoint removed first), to the frame that shows `marker`. */
async function paneColdStart(s: ReturnType<typeof scratch>, dirs: string[], marker: string): Promise<ColdStart> {
  for (const dir of dirs) rmSync(join(dir, 'state.json'), { force: true });
  const start = performance.now();
  const pane = new PaneProcess(s);
  try {
    const frameMs = (await pane.waitFor(marker, 60_000)) - start;
    const cpuMs = pane.cpuSeconds() * 1000;
    // The checkpoints are saved on the first update after the first frame (the watchers ready).
    const last = dirs[dirs.length - 1];
    await until(() => readCheckpoint(last) !== undefined, 60_000, 'the checkpoint').catch(() => undefined);
    const checkpoint = readCheckpoint(last);
    await sleep(500);
    return {
      frameMs,
      cpuMs,
      rssMb: pane.peakRssKb() / 1024,
      checkpoint: checkpoint && { offset: checkpoint.journal.offset, partial: checkpoint.partial },
    };
  } finally {
    await pane.stop();
  }
}

const coldStartText = (run: ColdStart) =>
  `${formatMs(run.frameMs)} (${formatMs(run.cpuMs)} CPU), peak RSS ${run.rssMb.toFixed(1)} MB`;

export async function benchPaneBigJournal(): Promise<BenchRow[]> {
  const s = scratch('big-pane');
  const now = Date.now();
  try {
    mkdirSync(s.root, { mode: 0o700 });
    // 199 ordinary sessions from the last hour (the recorded one through its first turn, so they
    // are open and shown), and the big one, live (mid-turn) right now.
    const firstTurn = recordedEvents().slice(
      0,
      recordedEvents().findIndex((event) => event.hook_event_name === 'Stop') + 1,
    );
    const dirs: string[] = [];
    for (let k = 0; k < 199; k += 1) {
      const sessionId = `small-${k}`;
      dirs.push(join(s.root, sessionId));
      mkdirSync(join(s.root, sessionId), { mode: 0o700 });
      const events = repeatedEvents(firstTurn, 1, { sessionId, start: now - 3_600_000 + k * 1000, stepMs: 500 });
      writeFileSync(
        join(s.root, sessionId, 'events.jsonl'),
        events.map((event) => serializeEventLine(event)).join(''),
        { mode: 0o600 },
      );
    }
    // The same pane on the 199 sessions alone first: what start-up costs without the big journal.
    const baseline = await paneColdStart(s, dirs, 'project');
    const cwd = '/bench/bigjournal';
    const live = midTurnEvents().map((event) => ({ ...event, cwd, ts: event.ts - T0 + now - 90_000 }));
    dirs.push(writeBigSession(s.root, 'big', now - 100_000, live, cwd));
    const quiet = await paneColdStart(s, dirs, 'bigjournal');
    // Under load: two busy processes beside it, on top of whatever else runs. The CPU time is what
    // the pane itself spent, which the load does not change; the wall time is what the user waits.
    const load = busyLoad(2);
    let loaded: ColdStart;
    try {
      loaded = await paneColdStart(s, dirs, 'bigjournal');
    } finally {
      load.stop();
    }
    const written = quiet.checkpoint !== undefined && quiet.checkpoint.offset > BIG_BYTES;
    const meets = (run: ColdStart) => run.frameMs < 2000 && run.rssMb < 200;
    return [
      {
        area: 'tui',
        name: 'first frame, 200 sessions, one 150 MB journal without checkpoint',
        value: `${coldStartText(quiet)} (the 199 others alone: ${formatMs(baseline.frameMs)})`,
        goal: '< 2000 ms, < 200 MB',
        ok: meets(quiet),
      },
      {
        area: 'tui',
        name: 'the same, with 2 busy processes beside it (load)',
        value: `${coldStartText(loaded)} (load average then ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
        goal: '< 2000 ms, < 200 MB',
        ok: meets(loaded),
      },
      {
        area: 'tui',
        // What the pane itself spends, which load does not change much: on a quiet machine this is
        // about the wall time to the first frame.
        name: 'CPU the pane spent to that first frame (without, with the 2 busy processes)',
        value: `${formatMs(quiet.cpuMs)}, ${formatMs(loaded.cpuMs)}`,
        goal: '< 500 ms',
        ok: quiet.cpuMs < 500,
      },
      {
        area: 'tui',
        name: 'the pane wrote the 150 MB session’s checkpoint',
        value: written
          ? `yes (at byte ${quiet.checkpoint!.offset}${quiet.checkpoint!.partial ? ', folded from the end' : ''})`
          : 'no',
        goal: 'written',
        ok: written,
      },
    ];
  } finally {
    rmSync(s.base, { recursive: true, force: true });
  }
}
