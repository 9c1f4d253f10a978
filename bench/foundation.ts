/** Foundation benchmarks: the hook's start-up cost, reducer throughput, reader catch-up. */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { JournalEvent } from '../src/protocol/hook-event.js';
import { serializeEventLine } from '../src/state/journal.js';
import { readSession } from '../src/state/reader.js';
import { foldEvents } from '../src/state/reducer.js';
import { REPO_ROOT, formatMb, formatMs, measureCommands, median, ratio, type BenchRow } from './measure.js';

const fixture = readFileSync(join(REPO_ROOT, 'test/fixtures/hook-events.jsonl'), 'utf8').split('\n').filter(Boolean);

/** `count` realistic events: the recorded session over and over, with fresh ids each time round. */
export function syntheticEvents(
  count: number,
  sessionId = 'bench-session',
  start = Date.now() - count * 10,
): JournalEvent[] {
  const templates = fixture.map((line) => JSON.parse(line) as JournalEvent);
  const events: JournalEvent[] = [];
  for (let i = 0; i < count; i += 1) {
    const template = templates[i % templates.length];
    const round = Math.floor(i / templates.length);
    const event: JournalEvent = { ...template, session_id: sessionId, ts: start + i * 10 };
    if (template.tool_use_id) event.tool_use_id = `${template.tool_use_id}-${round}`;
    if (template.agent_id) event.agent_id = `${template.agent_id}-${round}`;
    if (template.prompt_id) event.prompt_id = `${template.prompt_id}-${round}`;
    events.push(event);
  }
  return events;
}

function benchHookStartup(scratch: string): BenchRow[] {
  const payload = fixture.find((line) => line.includes('"PostToolUse"') && line.includes('"Bash"'))!;
  const stats = measureCommands(
    [
      { name: 'node -e 0', argv: [process.execPath, '-e', '0'], stdin: payload },
      {
        name: 'hook',
        argv: [process.execPath, join(REPO_ROOT, 'dist/hook.js')],
        stdin: payload,
        env: { BUDDY_TUI_STATE_DIR: join(scratch, 'hook-root') },
      },
      {
        name: 'cli hook',
        argv: [process.execPath, join(REPO_ROOT, 'dist/cli.js'), 'hook'],
        stdin: payload,
        env: { BUDDY_TUI_STATE_DIR: join(scratch, 'hook-root') },
      },
    ],
    40,
  );
  const base = stats['node -e 0'];
  const rows: BenchRow[] = [
    { area: 'hook', name: 'node -e 0 (baseline)', value: `${formatMs(base.medianMs)}, ${formatMb(base.medianRssKb)}` },
  ];
  for (const name of ['hook', 'cli hook']) {
    const s = stats[name];
    const wall = s.medianMs / base.medianMs;
    rows.push({
      area: 'hook',
      name: `${name === 'hook' ? 'node dist/hook.js' : 'buddy-tui hook (via dist/cli.js)'} vs node -e 0`,
      value: `${ratio(s.medianMs, base.medianMs)} wall (${formatMs(s.medianMs)}), ${ratio(s.medianRssKb, base.medianRssKb)} RSS (${formatMb(s.medianRssKb)})`,
      goal: '<= 1.25x',
      ok: wall <= 1.25,
    });
  }
  return rows;
}

function benchReducer(): BenchRow {
  const events = syntheticEvents(100_000);
  foldEvents(undefined, events.slice(0, 5000)); // warm the JIT
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    foldEvents(undefined, events);
    times.push(performance.now() - start);
  }
  const perSecond = 100_000 / (median(times) / 1000);
  return {
    area: 'reducer',
    name: 'fold 100,000 events',
    value: `${Math.round(perSecond).toLocaleString('en-US')} events/s`,
    goal: '> 200,000 events/s',
    ok: perSecond > 200_000,
  };
}

function benchReaderCatchUp(scratch: string): BenchRow {
  const dir = join(scratch, 'catch-up');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const journal = join(dir, 'events.jsonl');
  // Fill to 20 MB with realistic lines, checkpoint, then append the last 1,000 events.
  const lines = syntheticEvents(40_000).map((e) => serializeEventLine(e));
  let size = 0;
  let body = '';
  let index = 0;
  while (size < 20 * 1024 * 1024) {
    const line = lines[index % lines.length].replace('"ts":', `"n":${index},"ts":`);
    body += line;
    size += Buffer.byteLength(line);
    index += 1;
  }
  writeFileSync(journal, body);
  readSession(dir);
  copyFileSync(join(dir, 'state.json'), join(dir, 'checkpoint.saved'));
  const tailEvents = syntheticEvents(1000, 'bench-session', Date.now())
    .map((e) => serializeEventLine(e))
    .join('');
  appendFileSync(journal, tailEvents);
  const times: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    copyFileSync(join(dir, 'checkpoint.saved'), join(dir, 'state.json'));
    const start = performance.now();
    readSession(dir);
    times.push(performance.now() - start);
  }
  const ms = median(times);
  return {
    area: 'reader',
    name: `catch up 1,000 events on a ${(size / 1048576).toFixed(0)} MB journal from a checkpoint`,
    value: formatMs(ms),
    goal: '< 15 ms',
    ok: ms < 15,
  };
}

export async function bench(): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'buddy-bench-'));
  try {
    return [...benchHookStartup(scratch), benchReducer(), benchReaderCatchUp(scratch)];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
