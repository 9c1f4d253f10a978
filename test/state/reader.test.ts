import { spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { createJournalTail, parseJournalLines, serializeEventLine } from '../../src/state/journal.js';
import { TAIL_FOLD_ABOVE_BYTES, readCheckpoint, readSession } from '../../src/state/reader.js';
import { foldEvents } from '../../src/state/reducer.js';
import { REDUCER_VERSION } from '../../src/state/reducer-version.js';
import { REPO_ROOT, fixturePayloads } from '../support/hook-process.js';
import { recordedTurn, startFor, writeRepeatedJournal } from '../support/recorded-journal.js';
import { makeTempDir } from '../support/temp-dir.js';

function sessionDir(): string {
  const dir = join(makeTempDir(), 'sess');
  mkdirSync(dir, { mode: 0o700 });
  return dir;
}

function fixtureEvents(): JournalEvent[] {
  return fixturePayloads().map((line, i) => ({ ...JSON.parse(line), ts: 1_800_000_000_000 + i * 1000 }));
}

function writeEvents(dir: string, events: JournalEvent[]): void {
  appendFileSync(join(dir, 'events.jsonl'), events.map((e) => serializeEventLine(e)).join(''));
}

describe('readSession', () => {
  it('gives the same state with and without a checkpoint', () => {
    const events = fixtureEvents();
    const dir = sessionDir();
    writeEvents(dir, events.slice(0, 10));
    readSession(dir); // checkpoint after 10 events
    expect(readCheckpoint(dir)?.state.eventCount).toBe(10);
    writeEvents(dir, events.slice(10));
    const incremental = readSession(dir);
    const fresh = readSession(dir, { writeCheckpoint: false });
    const direct = foldEvents(undefined, events);
    expect(incremental).toEqual(direct);
    expect(fresh).toEqual(direct);
    // A cold read (no checkpoint at all) agrees too.
    const cold = sessionDir();
    writeEvents(cold, events);
    expect(readSession(cold, { writeCheckpoint: false })).toEqual(direct);
    expect(existsSync(join(cold, 'state.json'))).toBe(false);
  });

  it('returns undefined for a session with no journal', () => {
    expect(readSession(sessionDir())).toBeUndefined();
  });

  it('keeps a partial last line for the next read', () => {
    const [first, second] = fixtureEvents();
    const dir = sessionDir();
    const line = serializeEventLine(second);
    writeFileSync(join(dir, 'events.jsonl'), serializeEventLine(first) + line.slice(0, 20));
    expect(readSession(dir)?.eventCount).toBe(1);
    appendFileSync(join(dir, 'events.jsonl'), line.slice(20));
    const state = readSession(dir);
    expect(state?.eventCount).toBe(2);
    expect(state?.promptCount).toBe(1);
  });

  it('starts over when the journal was truncated', () => {
    const events = fixtureEvents();
    const dir = sessionDir();
    writeEvents(dir, events.slice(0, 12));
    readSession(dir);
    truncateSync(join(dir, 'events.jsonl'), 0);
    writeEvents(dir, events.slice(0, 2));
    expect(readSession(dir)).toEqual(foldEvents(undefined, events.slice(0, 2)));
  });

  it('starts over when the journal was replaced by another file', () => {
    const events = fixtureEvents();
    const dir = sessionDir();
    writeEvents(dir, events.slice(0, 5));
    readSession(dir);
    const replacement = join(dir, 'new.jsonl');
    writeFileSync(
      replacement,
      events
        .slice(20, 30)
        .map((e) => serializeEventLine(e))
        .join(''),
    );
    renameSync(replacement, join(dir, 'events.jsonl'));
    expect(readSession(dir)).toEqual(foldEvents(undefined, events.slice(20, 30)));
  });

  it('ignores a damaged checkpoint and a damaged journal line', () => {
    const events = fixtureEvents();
    const dir = sessionDir();
    writeFileSync(join(dir, 'state.json'), '{"version":1,"journal":');
    writeFileSync(
      join(dir, 'events.jsonl'),
      `${serializeEventLine(events[0])}{"broken\n${serializeEventLine(events[1])}`,
    );
    expect(readSession(dir)?.eventCount).toBe(2);
  });

  it('leaves a readable checkpoint or none when the writer is killed mid-write', async () => {
    for (let round = 0; round < 3; round += 1) {
      const dir = sessionDir();
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(REPO_ROOT, 'test/support/checkpoint-writer.ts'), dir],
        {
          cwd: REPO_ROOT,
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      // Let it write a few checkpoints, then kill it at an arbitrary point.
      await new Promise((resolve) => setTimeout(resolve, 150 + round * 137));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('close', resolve));
      if (existsSync(join(dir, 'state.json'))) {
        const checkpoint = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
        expect(checkpoint.state.version).toBe(1);
        expect(readCheckpoint(dir)).toBeDefined();
      }
      // Whatever was left, a reader gets the full, correct state.
      const state = readSession(dir, { writeCheckpoint: false });
      const lines = readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n').filter(Boolean).length;
      expect(state?.eventCount ?? 0).toBe(
        lines - (readFileSync(join(dir, 'events.jsonl'), 'utf8').endsWith('\n') ? 0 : 1),
      );
    }
  }, 60_000);
});

describe('createJournalTail', () => {
  it('reads only new events and reports resets', () => {
    const events = fixtureEvents();
    const dir = sessionDir();
    const tail = createJournalTail(join(dir, 'events.jsonl'));
    expect(tail.readNew()).toEqual({ events: [], reset: false });
    writeEvents(dir, events.slice(0, 3));
    expect(tail.readNew().events).toHaveLength(3);
    writeEvents(dir, events.slice(3, 4));
    expect(tail.readNew()).toMatchObject({ events: [events[3]], reset: false });
    expect(tail.readNew().events).toEqual([]);
    truncateSync(join(dir, 'events.jsonl'), 0);
    writeEvents(dir, events.slice(0, 1));
    expect(tail.readNew()).toMatchObject({ events: [events[0]], reset: true });
  });
});

describe('readSession on a long journal', () => {
  it('folds from the end past TAIL_FOLD_ABOVE_BYTES, saves a partial checkpoint, and reads on from it', () => {
    const dir = sessionDir();
    const path = join(dir, 'events.jsonl');
    const turn = recordedTurn();
    const bytes = TAIL_FOLD_ABOVE_BYTES + 1024 * 1024;
    writeRepeatedJournal(path, turn, bytes, {
      sessionId: 'sess',
      start: startFor(turn, bytes, 60_000, 1_800_000_000_000),
      stepMs: 60_000,
    });
    const events = parseJournalLines(readFileSync(path));
    const state = readSession(dir)!;
    const whole = foldEvents(undefined, events, 'sess');
    // Only the end was folded (its totals are the tail's), yet the turn shown is the same.
    expect(state.eventCount).toBeLessThan(events.length / 10);
    for (const key of [
      'pendingPrompts',
      'toolsThisTurn',
      'lastTurnMs',
      'projectName',
      'startedAt',
      'lastEventAt',
    ] as const) {
      expect(state[key], key).toEqual(whole[key]);
    }
    expect(state.failures.at(-1)).toEqual(whole.failures.at(-1));
    expect(readCheckpoint(dir)).toMatchObject({
      reducerVersion: REDUCER_VERSION,
      partial: true,
      journal: { offset: statSync(path).size },
    });
    writeEvents(dir, [
      { ts: 1_900_000_000_000, session_id: 'sess', hook_event_name: 'UserPromptSubmit', prompt_id: 'next' },
    ]);
    const next = readSession(dir)!;
    expect(next.eventCount).toBe(state.eventCount + 1);
    expect(next.pendingPrompts).toBe(1);
    expect(readCheckpoint(dir)).toMatchObject({ partial: true, journal: { offset: statSync(path).size } });
  });

  it('folds again a checkpoint written by another reducer version', () => {
    const dir = sessionDir();
    writeEvents(dir, fixtureEvents());
    const state = readSession(dir)!;
    const stale = { ...readCheckpoint(dir)!, reducerVersion: REDUCER_VERSION + 1 };
    stale.state = { ...stale.state, projectName: 'stale' };
    writeFileSync(join(dir, 'state.json'), JSON.stringify(stale));
    expect(readSession(dir)).toEqual(state);
    expect(readCheckpoint(dir)?.state.projectName).toBe(state.projectName);
  });
});
