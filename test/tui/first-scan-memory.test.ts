/**
 * Memory of the pane's first scan with long-lived older sessions: a journal read from its
 * checkpoint (or its start) is folded a slice at a time, so the events alive at once are a
 * slice's, however many the old sessions hold, and the store keeps only each session's summary.
 * The reducer is the real one, watched: the spy only notes how many events each fold gets.
 */
import { readFileSync, mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MAX_LINE_BYTES } from '../../src/state/journal.js';
import { FOLD_SLICE_BYTES, TAIL_FOLD_ABOVE_BYTES } from '../../src/state/reader.js';
import { FIRST_FRAME_SESSIONS } from '../../src/tui/watch/first-scan.js';
import { recordedTurn, writeRepeatedJournal } from '../support/recorded-journal.js';
import { useWatcherWorlds } from '../support/watcher-world.js';

const folds = vi.hoisted(() => ({ largest: 0 }));
vi.mock('../../src/state/reducer.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/state/reducer.js')>();
  const foldEvents: typeof real.foldEvents = (state, events, sessionId) => {
    if (Array.isArray(events)) folds.largest = Math.max(folds.largest, events.length);
    return real.foldEvents(state, events, sessionId);
  };
  return { ...real, foldEvents };
});

const setup = useWatcherWorlds('buddy-first-scan-memory-');

/** A session of recorded turns, about `bytes` long, that last changed `ageS` seconds ago. */
function writeSession(root: string, id: string, bytes: number, ageS: number): string {
  mkdirSync(join(root, id), { mode: 0o700 });
  const path = join(root, id, 'events.jsonl');
  const endAt = Date.now() - ageS * 1000;
  writeRepeatedJournal(path, recordedTurn(), bytes, { sessionId: id, start: 0, stepMs: 50, endAt });
  utimesSync(path, endAt / 1000, endAt / 1000);
  return path;
}

/** The most lines any one read slice can hold: a slice, and the rest of the line it stops in. */
function mostLinesInASlice(path: string): number {
  const lengths = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => Buffer.byteLength(line) + 1);
  let most = 0;
  let bytes = 0;
  for (let end = 0, start = 0; end < lengths.length; end += 1) {
    bytes += lengths[end];
    while (bytes > FOLD_SLICE_BYTES + MAX_LINE_BYTES) bytes -= lengths[start++];
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('the first scan of long older sessions', () => {
  it('folds their journals a slice at a time and keeps only their summaries', { timeout: 120_000 }, async () => {
    const { root, store, start } = setup();
    for (let k = 0; k < FIRST_FRAME_SESSIONS; k += 1) writeSession(root, `new${k}`, 16 * 1024, 60 + k);
    // Older sessions just under the size a reader folds from the end: read from their start.
    const bytes = TAIL_FOLD_ABOVE_BYTES - 512 * 1024;
    const old = ['old0', 'old1', 'old2'];
    const paths = old.map((id, k) => writeSession(root, id, bytes, 3600 + k * 60));
    const lines = readFileSync(paths[0], 'utf8').split('\n').length - 1;
    folds.largest = 0;
    const watcher = start();
    await watcher.ready;
    const sessions = store.getState().sessions;
    for (const id of old) expect(sessions[id]?.eventCount).toBe(lines);
    // The events alive at once are one slice's, not a whole journal's.
    expect(folds.largest).toBeGreaterThan(0);
    expect(folds.largest).toBeLessThanOrEqual(Math.max(...paths.map(mostLinesInASlice)));
    expect(folds.largest).toBeLessThan(lines / 4);
    // What the store keeps of each is its summary, a sliver of its journal.
    for (const id of old) expect(JSON.stringify(sessions[id]).length).toBeLessThan(bytes / 100);
  });
});
