import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeEventLine } from '../../src/state/journal.js';
import { readSession } from '../../src/state/reader.js';
import { DEFAULT_RETENTION_MS, markReader, pruneSessions, unmarkReader } from '../../src/state/retention.js';
import { makeTempDir } from '../support/temp-dir.js';

const DAY = 24 * 3600_000;

function session(
  root: string,
  id: string,
  events: Array<{ name: string; ts: number }>,
  mtime: number,
  checkpoint = true,
): string {
  const dir = join(root, id);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(dir, 'events.jsonl'),
    events.map((e) => serializeEventLine({ ts: e.ts, session_id: id, hook_event_name: e.name })).join(''),
  );
  if (checkpoint) readSession(dir);
  const seconds = mtime / 1000;
  utimesSync(join(dir, 'events.jsonl'), seconds, seconds);
  utimesSync(dir, seconds, seconds);
  return dir;
}

describe('pruneSessions', () => {
  it('removes ended sessions past retention, and abandoned ones after a week', () => {
    const root = makeTempDir();
    const now = Date.now();
    const old = now - 2 * DAY;
    session(
      root,
      'ended-old',
      [
        { name: 'SessionStart', ts: old },
        { name: 'SessionEnd', ts: old },
      ],
      old,
    );
    session(root, 'ended-recent', [{ name: 'SessionEnd', ts: now - 3600_000 }], now - 3600_000);
    session(root, 'open-quiet', [{ name: 'SessionStart', ts: old }], old);
    session(root, 'abandoned', [{ name: 'SessionStart', ts: now - 8 * DAY }], now - 8 * DAY);
    expect(pruneSessions(root, { now }).sort()).toEqual(['abandoned', 'ended-old']);
    expect(existsSync(join(root, 'ended-recent'))).toBe(true);
    expect(existsSync(join(root, 'open-quiet'))).toBe(true);
  });

  it('sees a SessionEnd that no reader has folded into the checkpoint yet', () => {
    const root = makeTempDir();
    const now = Date.now();
    const old = now - 2 * DAY;
    // Checkpoint taken mid-session (the statusline's last run), SessionEnd appended after it.
    const dir = session(root, 'ended-unread', [{ name: 'SessionStart', ts: old }], old);
    writeFileSync(
      join(dir, 'events.jsonl'),
      serializeEventLine({ ts: old, session_id: 'ended-unread', hook_event_name: 'SessionEnd' }),
      { flag: 'a' },
    );
    utimesSync(join(dir, 'events.jsonl'), old / 1000, old / 1000);
    session(
      root,
      'never-read',
      [
        { name: 'SessionStart', ts: old },
        { name: 'SessionEnd', ts: old },
      ],
      old,
      false,
    );
    expect(pruneSessions(root, { now }).sort()).toEqual(['ended-unread', 'never-read']);
  });

  it('leaves a session that a live reader has open', () => {
    const root = makeTempDir();
    const now = Date.now();
    const old = now - 2 * DAY;
    const dir = session(root, 'watched', [{ name: 'SessionEnd', ts: old }], old);
    markReader(dir);
    utimesSync(dir, old / 1000, old / 1000);
    expect(pruneSessions(root, { now })).toEqual([]);
    unmarkReader(dir);
    expect(pruneSessions(root, { now, retentionMs: DEFAULT_RETENTION_MS })).toEqual(['watched']);
  });
});
