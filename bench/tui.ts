/**
 * TUI benchmarks, against the built pane (`node dist/cli.js tui`) running as its own process
 * on a scratch state root, fed by appends from this process (the hook's own write path):
 * - hook append → frame latency (median, p95 over 200 events; goal p95 < 150 ms)
 * - a burst of 50,000 events across 20 sessions: all in the store within 2 s (measured in
 *   process on the store itself), and the frame rate stays capped (measured on the child)
 * - peak RSS of the child after the burst (goal < 120 MB)
 * - CPU over an idle period with 5 sessions open (goal < 1% of a core). 10 s by default;
 *   BUDDY_BENCH_FULL=1 (or --full) measures the full 60 s.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { JournalEvent } from '../src/protocol/hook-event.js';
import { appendLine, serializeEventLine } from '../src/state/journal.js';
import { JOURNAL_FILE, ensureSessionDir } from '../src/state/state-root.js';
import { startTui } from '../src/tui/start-tui.js';
import { syntheticEvents } from './foundation.js';
import { benchPaneBigJournal } from './big-journal.js';
import { REPO_ROOT, formatMs, median, percentile, type BenchRow } from './measure.js';
import { PaneProcess, scratch, sleep, until } from './pane-process.js';

const fixtureLines = (): string[] =>
  readFileSync(join(REPO_ROOT, 'test/fixtures/hook-events.jsonl'), 'utf8').split('\n').filter(Boolean);
const fixtureLength = (): number => fixtureLines().length;
const fixtureStopIndex = (): number => fixtureLines().findIndex((line) => JSON.parse(line).hook_event_name === 'Stop');

const FULL = process.env.BUDDY_BENCH_FULL === '1' || process.argv.includes('--full');
const IDLE_SECONDS = FULL ? 60 : 10;

function append(root: string, event: JournalEvent): void {
  appendLine(join(ensureSessionDir(root, event.session_id), JOURNAL_FILE), serializeEventLine(event));
}

async function benchLatency(): Promise<BenchRow[]> {
  const s = scratch('latency');
  const pane = new PaneProcess(s);
  try {
    await pane.waitFor('buddy-tui install', 60_000);
    append(s.root, {
      ts: Date.now(),
      session_id: 'latency',
      hook_event_name: 'UserPromptSubmit',
      cwd: '/bench/latency',
      prompt_id: 'p',
    });
    await pane.waitFor('latency', 10_000);
    const samples: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const marker = `▶ Lat${i} `;
      const shown = pane.waitFor(marker);
      const start = performance.now();
      append(s.root, {
        ts: Date.now(),
        session_id: 'latency',
        hook_event_name: 'PreToolUse',
        tool_name: `Lat${i}`,
        tool_use_id: `lat-${i}`,
      });
      samples.push((await shown) - start);
      // Hooks do not fire back to back all the time: leave a gap like real tools do.
      await sleep(20 + (i % 5) * 15);
    }
    const p95 = percentile(samples, 95);
    return [
      {
        area: 'tui',
        name: 'hook append → frame latency (200 events)',
        value: `median ${formatMs(median(samples))}, p95 ${formatMs(p95)}`,
        goal: 'p95 < 150 ms',
        ok: p95 < 150,
      },
    ];
  } finally {
    await pane.stop();
    rmSync(s.base, { recursive: true, force: true });
  }
}

/** 50,000 events over 20 sessions, appended in chunks as fast as the disk takes them. */
function burstChunks(): Array<{ sessionId: string; text: string }> {
  const perSession = 2500;
  const chunks: Array<{ sessionId: string; text: string }> = [];
  const now = Date.now();
  const sessions = Array.from({ length: 20 }, (_, k) =>
    syntheticEvents(perSession, `burst-${k}`, now - perSession * 10),
  );
  for (let offset = 0; offset < perSession; offset += 250) {
    for (const events of sessions) {
      chunks.push({
        sessionId: events[0].session_id,
        text: events
          .slice(offset, offset + 250)
          .map((e) => serializeEventLine(e))
          .join(''),
      });
    }
  }
  return chunks;
}

async function writeBurst(root: string, chunks = burstChunks()): Promise<void> {
  for (const chunk of chunks) {
    appendLine(join(ensureSessionDir(root, chunk.sessionId), JOURNAL_FILE), chunk.text);
    // Let the watcher run between chunks, as it would between hook processes.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The store side of the burst, in process: how long until all 50,000 events are applied. */
async function benchBurstStore(): Promise<BenchRow[]> {
  const s = scratch('burst-store');
  const sink = Object.assign(new (await import('node:events')).EventEmitter(), {
    columns: 100,
    rows: 30,
    isTTY: false,
    frames: 0,
    write() {
      sink.frames += 1;
      return true;
    },
  });
  const handle = await startTui({
    stateRoot: s.root,
    env: { ...process.env, ...s.env },
    foundry: false,
    plugins: false,
    petFile: join(s.base, 'state', 'pet.json'),
    configFile: join(s.base, 'cfg', 'config.json'),
    stdout: sink as unknown as NodeJS.WriteStream,
    stdin: undefined,
    alternateScreen: false,
    handleSignals: false,
  });
  try {
    const chunks = burstChunks();
    const start = performance.now();
    const framesBefore = sink.frames;
    const updatesBefore = handle.watcher.updates();
    await writeBurst(s.root, chunks);
    const written = performance.now();
    await until(() => handle.store.getState().eventsApplied >= 50_000, 60_000, 'the burst in the store');
    // The pane shares this process with the writer, so its work during the burst shows up in
    // the append time too; "current" is how long after the last append the store had it all.
    const current = performance.now() - written;
    const seconds = (performance.now() - start) / 1000;
    const updates = handle.watcher.updates() - updatesBefore;
    return [
      {
        area: 'tui',
        name: 'burst 50,000 events / 20 sessions: store current after the last append',
        value: `${formatMs(current)} (the whole burst, written and applied: ${formatMs(written - start + current)})`,
        goal: '< 2000 ms',
        ok: current < 2000,
      },
      {
        area: 'tui',
        name: 'burst: store updates / frames per second (in process)',
        value: `${(updates / seconds).toFixed(1)} updates/s, ${((sink.frames - framesBefore) / seconds).toFixed(1)} frames/s`,
        goal: '<= ~30/s',
        ok: updates / seconds <= 32,
      },
    ];
  } finally {
    await handle.close();
    rmSync(s.base, { recursive: true, force: true });
  }
}

/** The child side of the burst: frame rate on its terminal and its peak RSS. */
async function benchBurstChild(): Promise<BenchRow[]> {
  const s = scratch('burst-child');
  const pane = new PaneProcess(s);
  try {
    await pane.waitFor('buddy-tui install', 60_000);
    const cpuBefore = pane.cpuSeconds();
    const start = performance.now();
    await writeBurst(s.root);
    // Give the pane time to catch up and keep drawing (ticks included) before counting.
    await sleep(2000);
    const seconds = (performance.now() - start) / 1000;
    const frames = pane.writes.filter((w) => w.at >= start).length;
    const rssKb = pane.peakRssKb();
    const cpu = pane.cpuSeconds() - cpuBefore;
    return [
      {
        area: 'tui',
        name: 'burst: frames written by the pane process',
        value: `${(frames / seconds).toFixed(1)} frames/s over ${seconds.toFixed(1)} s`,
        goal: '<= ~30/s',
        ok: frames / seconds <= 32,
      },
      {
        area: 'tui',
        name: 'burst: CPU used by the pane process (reading, folding, drawing)',
        value: `${cpu.toFixed(2)} s`,
      },
      {
        area: 'tui',
        name: 'peak RSS of the pane after the burst',
        value: `${(rssKb / 1024).toFixed(1)} MB`,
        goal: '< 120 MB',
        ok: rssKb / 1024 < 120,
      },
    ];
  } finally {
    await pane.stop();
    rmSync(s.base, { recursive: true, force: true });
  }
}

async function benchIdleCpu(): Promise<BenchRow[]> {
  const s = scratch('idle');
  // Five open sessions, each between turns (the recording cut after a Stop): waiting for the user.
  const untilStop = fixtureLength() * 4 + fixtureStopIndex() + 1;
  for (let k = 0; k < 5; k += 1) {
    for (const event of syntheticEvents(untilStop, `idle-${k}`, Date.now() - untilStop * 10)) append(s.root, event);
  }
  const pane = new PaneProcess(s);
  try {
    await pane.waitFor('project', 60_000);
    // Past the start-up notice ("… hatched!"), which keeps the steady tick for a few seconds.
    await sleep(7000);
    const before = pane.cpuSeconds();
    const start = performance.now();
    const framesBefore = pane.writes.length;
    await sleep(IDLE_SECONDS * 1000);
    const used = pane.cpuSeconds() - before;
    const frames = pane.writes.length - framesBefore;
    const share = (used / ((performance.now() - start) / 1000)) * 100;
    return [
      {
        area: 'tui',
        name: `CPU idle, 5 sessions, ${IDLE_SECONDS} s${FULL ? '' : ' (BUDDY_BENCH_FULL=1 for 60 s)'}`,
        value: `${share.toFixed(2)}% of a core (${used.toFixed(2)} s CPU, ${frames} frames)`,
        goal: '< 1%',
        ok: share < 1,
      },
    ];
  } finally {
    await pane.stop();
    rmSync(s.base, { recursive: true, force: true });
  }
}

export async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const only = process.env.BUDDY_BENCH_ONLY?.split(',');
  for (const part of [benchLatency, benchBurstStore, benchBurstChild, benchIdleCpu, benchPaneBigJournal]) {
    if (only && !only.some((name) => part.name.toLowerCase().includes(name))) continue;
    try {
      rows.push(...(await part()));
    } catch (error) {
      rows.push({ area: 'tui', name: part.name, value: `failed: ${(error as Error).message}`, ok: false });
    }
  }
  return rows;
}

// `node --import tsx bench/tui.ts` runs just these.
if (process.argv[1]?.endsWith('bench/tui.ts')) {
  for (const row of await bench())
    process.stdout.write(
      `${row.name}: ${row.value}${row.goal ? ` (goal ${row.goal}: ${row.ok ? 'ok' : 'MISS'})` : ''}\n`,
    );
  process.exit(0);
}
