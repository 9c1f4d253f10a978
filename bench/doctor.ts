/**
 * `buddy-tui doctor` on a big state root: 200 sessions, one of them with a 150 MB journal and no
 * checkpoint (a long session). Doctor reads only the end of each journal, so its time and memory
 * must not grow with the journal. Goal (issue 12, "Big journals"): under 1 s.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serializeEventLine } from '../src/state/journal.js';
import { syntheticEvents } from './foundation.js';
import { REPO_ROOT, formatMb, formatMs, measureCommands, type BenchRow } from './measure.js';

/**
 * A state root of `sessions` sessions with small journals, the first one `bigMb` MB (a block of
 * realistic lines repeated, so it is written in a second or two). Returns the big session's dir.
 */
export function buildBigStateRoot(root: string, sessions: number, bigMb: number): string {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const now = Date.now();
  for (let i = 0; i < sessions; i += 1) {
    const id = `bench-${String(i).padStart(4, '0')}`;
    const dir = join(root, id);
    mkdirSync(dir, { mode: 0o700 });
    const events = syntheticEvents(40, id, now - (sessions - i) * 60_000);
    if (i > 0) {
      writeFileSync(join(dir, 'events.jsonl'), events.map((e) => serializeEventLine(e)).join(''), { mode: 0o600 });
      continue;
    }
    const block = Buffer.from(
      syntheticEvents(4000, id, now - 3600_000)
        .map((e) => serializeEventLine(e))
        .join(''),
    );
    const fd = openSync(join(dir, 'events.jsonl'), 'w', 0o600);
    try {
      for (let written = 0; written < bigMb * 1024 * 1024; written += block.length) writeSync(fd, block);
      writeSync(fd, serializeEventLine({ ...events[events.length - 1], hook_event_name: 'Stop', ts: now }));
    } finally {
      closeSync(fd);
    }
  }
  return join(root, 'bench-0000');
}

/**
 * Doctor on the big root, side by side (interleaved) with doctor on an empty root and `node -e 0`,
 * so a loaded machine shows as a slow baseline rather than as a slow doctor.
 */
export function benchDoctorBigJournal(scratch: string): BenchRow[] {
  const envFor = (home: string) => ({
    HOME: home,
    BUDDY_TUI_STATE_DIR: join(home, 'state'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_STATE_HOME: join(home, 'xdg-state'),
  });
  const big = envFor(join(scratch, 'doctor-big'));
  const empty = envFor(join(scratch, 'doctor-empty'));
  buildBigStateRoot(big.BUDDY_TUI_STATE_DIR, 200, 150);
  mkdirSync(empty.BUDDY_TUI_STATE_DIR, { recursive: true, mode: 0o700 });
  const doctor = [process.execPath, join(REPO_ROOT, 'dist/cli.js'), 'doctor', '--json'];
  const stats = measureCommands(
    [
      { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
      { name: 'empty', argv: doctor, env: empty },
      { name: 'big', argv: doctor, env: big },
    ],
    5,
    1,
  );
  const figure = (name: string) => `${formatMs(stats[name].medianMs)}, ${formatMb(stats[name].medianRssKb)} max RSS`;
  return [
    { area: 'doctor', name: 'node -e 0 (baseline)', value: figure('node -e 0') },
    { area: 'doctor', name: 'doctor, empty state root', value: figure('empty') },
    {
      area: 'doctor',
      name: 'doctor, 200 sessions, one 150 MB journal, no checkpoint',
      value: figure('big'),
      goal: '< 1 s',
      ok: stats.big.medianMs < 1000,
    },
  ];
}

export async function bench(): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'buddy-bench-doctor-'));
  try {
    return benchDoctorBigJournal(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
