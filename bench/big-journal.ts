/**
 * Big-journal benchmarks (issue 12): a long session's 150 MB journal, made from the recorded
 * Claude Code session repeated turn after turn (fresh ids, one event every 200 ms), with no
 * checkpoint, in a temp folder removed afterwards.
 * - statusline: a cold run (no checkpoint, as after a long session without one) answers in under
 *   0.5 s and 120 MB; the next run reads the checkpoint the cold one wrote.
 * - pane: the first frame with 200 sessions, one of them 150 MB, comes in under 2 s and 200 MB
 *   peak RSS, and the pane has written the big session's checkpoint.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { JournalEvent } from '../src/protocol/hook-event.js';
import { serializeEventLine } from '../src/state/journal.js';
import { readCheckpoint } from '../src/state/reader.js';
import { FIXTURE_SESSION, NOW, T0, fixturePayload, midTurnEvents } from '../test/statusline/support.js';
import { recordedEvents, recordedTurn, repeatedEvents, writeRepeatedJournal } from '../test/support/recorded-journal.js';
import { REPO_ROOT, formatMb, formatMs, measureCommands, type BenchRow } from './measure.js';
import { PaneProcess, scratch, sleep } from './pane-process.js';

const BIG_BYTES = 150 * 1024 * 1024;
const STEP_MS = 200;

/** `<root>/<sessionId>/events.jsonl`: 150 MB of earlier turns ending at `endAt`, then `after`. */
function writeBigSession(root: string, sessionId: string, endAt: number, after: JournalEvent[], cwd?: string): string {
  const dir = join(root, sessionId);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const turn = recordedTurn().map((event) => (cwd ? { ...event, cwd } : event));
  writeRepeatedJournal(join(dir, 'events.jsonl'), turn, BIG_BYTES, { sessionId, start: 0, endAt, stepMs: STEP_MS }, after);
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
    const stats = measureCommands([{ name: 'cold', argv: cold, stdin, env }, { name: 'warm', argv: bundle, stdin, env }], 10, 1);
    // The cold answer must be the one a whole fold gives: the same text as the run on the checkpoint.
    const run = (argv: string[]) => execFileSync(argv[0], argv.slice(1), { input: stdin, env: { ...process.env, ...env } }).toString();
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
      { area: 'statusline', name: '150 MB journal, next run (checkpoint from the cold run)', value: `${formatMs(stats.warm.medianMs)}, ${formatMb(stats.warm.medianRssKb)}` },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** Spawn to the first frame that shows `marker`, in ms. */
async function firstFrameMs(s: ReturnType<typeof scratch>, marker: string): Promise<number> {
  const start = performance.now();
  const pane = new PaneProcess(s);
  try {
    return (await pane.waitFor(marker, 60_000)) - start;
  } finally {
    await pane.stop();
  }
}

export async function benchPaneBigJournal(): Promise<BenchRow[]> {
  const s = scratch('big-pane');
  const now = Date.now();
  try {
    mkdirSync(s.root, { mode: 0o700 });
    // 199 ordinary sessions from the last hour (the recorded one through its first turn, so they
    // are open and shown), and the big one, live (mid-turn) right now.
    const firstTurn = recordedEvents().slice(0, recordedEvents().findIndex((event) => event.hook_event_name === 'Stop') + 1);
    for (let k = 0; k < 199; k += 1) {
      const sessionId = `small-${k}`;
      mkdirSync(join(s.root, sessionId), { mode: 0o700 });
      const events = repeatedEvents(firstTurn, 1, { sessionId, start: now - 3_600_000 + k * 1000, stepMs: 500 });
      writeFileSync(join(s.root, sessionId, 'events.jsonl'), events.map((event) => serializeEventLine(event)).join(''), { mode: 0o600 });
    }
    // The same pane on the 199 sessions alone first: what start-up costs without the big journal.
    const baselineMs = await firstFrameMs(s, 'project');
    for (let k = 0; k < 199; k += 1) rmSync(join(s.root, `small-${k}`, 'state.json'), { force: true });
    const cwd = '/bench/bigjournal';
    const live = midTurnEvents().map((event) => ({ ...event, cwd, ts: event.ts - T0 + now - 90_000 }));
    const dir = writeBigSession(s.root, 'big', now - 100_000, live, cwd);
    const start = performance.now();
    const pane = new PaneProcess(s);
    try {
      const frameMs = (await pane.waitFor('bigjournal', 60_000)) - start;
      await sleep(1000);
      const rssMb = pane.peakRssKb() / 1024;
      const checkpoint = readCheckpoint(dir);
      const written = checkpoint !== undefined && checkpoint.journal.offset > BIG_BYTES;
      return [
        {
          area: 'tui',
          name: 'first frame, 200 sessions, one 150 MB journal without checkpoint',
          value: `${formatMs(frameMs)}, peak RSS ${rssMb.toFixed(1)} MB (the 199 others alone: ${formatMs(baselineMs)})`,
          goal: '< 2000 ms, < 200 MB',
          ok: frameMs < 2000 && rssMb < 200,
        },
        {
          area: 'tui',
          name: 'the pane wrote the 150 MB session’s checkpoint',
          value: written ? `yes (at byte ${checkpoint.journal.offset}${checkpoint.partial ? ', folded from the end' : ''})` : 'no',
          goal: 'written',
          ok: written,
        },
      ];
    } finally {
      await pane.stop();
    }
  } finally {
    rmSync(s.base, { recursive: true, force: true });
  }
}
