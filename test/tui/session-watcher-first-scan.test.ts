/**
 * The first scan of many sessions: the ones that changed last are in the store at once (the
 * pane's first frame), the others come after it, newest first and a batch per turn of the event
 * loop, all of them as history (no plugin events), and an event appended to a session read after
 * the frame is handed on once, as new.
 */
import { appendFileSync, mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_FRAME_SESSIONS, HISTORY_BATCH_SESSIONS } from '../../src/tui/watch/first-scan.js';
import { waitUntil } from '../support/wait-until.js';
import { useWatcherWorlds } from '../support/watcher-world.js';

const setup = useWatcherWorlds('buddy-first-scan-');

/** A session started `ageS` seconds ago whose journal last changed then (its mtime says so too). */
function writeSession(root: string, id: string, ageS: number): string {
  const dir = join(root, id);
  mkdirSync(dir, { mode: 0o700 });
  const path = join(dir, 'events.jsonl');
  const ts = Date.now() - ageS * 1000;
  appendFileSync(
    path,
    `${JSON.stringify({ ts, session_id: id, hook_event_name: 'SessionStart', cwd: `/w/${id}` })}\n`,
    { mode: 0o600 },
  );
  utimesSync(path, ts / 1000, ts / 1000);
  return path;
}

describe('session watcher first scan', () => {
  it('reads the sessions that changed last before the first frame and the others right after, all as history', async () => {
    const { root, store, batches, start } = setup();
    const count = FIRST_FRAME_SESSIONS + 12;
    // s0 changed last; older ones were written first and last alike, so directory order tells nothing.
    const paths = Array.from({ length: count }, (_, k) =>
      writeSession(root, `s${(k * 7) % count}`, ((k * 7) % count) * 60 + 10),
    );
    const watcher = start();
    const newest = Array.from({ length: FIRST_FRAME_SESSIONS }, (_, k) => `s${k}`).sort();
    expect(Object.keys(store.getState().sessions).sort()).toEqual(newest);
    expect(store.getState().selectedId).toBe('s0');
    await watcher.ready;
    expect(Object.keys(store.getState().sessions)).toHaveLength(count);
    expect(store.getState().sessions[`s${count - 1}`]?.projectName).toBe(`s${count - 1}`);
    expect(batches).toEqual([]);
    // A session read after the frame is followed like the others: a new event is handed on once.
    const late = paths.find((path) => path.includes(`/s${count - 1}/`))!;
    appendFileSync(
      late,
      `${JSON.stringify({ ts: Date.now(), session_id: `s${count - 1}`, hook_event_name: 'UserPromptSubmit', prompt_id: 'p' })}\n`,
    );
    await waitUntil(
      () => batches.flat(),
      (b) => b.length === 1,
      'the new event handed on',
    );
    expect(batches.flat().map((b) => [b.sessionId, b.events.map((e) => e.hook_event_name)])).toEqual([
      [`s${count - 1}`, ['UserPromptSubmit']],
    ]);
    // Not the shown session: the live read waits for the pane's tick, held.
    expect(store.getState().heldSessions[`s${count - 1}`]?.eventCount).toBe(2);
  });

  it('reads the older sessions after the first frame newest first, yielding to the event loop between batches', {
    timeout: 60_000,
  }, async () => {
    const { root, store, batches, start } = setup();
    // The issue's 200 sessions; s0 changed last, and the directory order tells nothing.
    const count = 200;
    for (let k = 0; k < count; k += 1) writeSession(root, `s${(k * 7) % count}`, ((k * 7) % count) * 60 + 10);
    const watcher = start();
    expect(Object.keys(store.getState().sessions)).toHaveLength(FIRST_FRAME_SESSIONS);
    expect(store.getState().selectedId).toBe('s0');
    // Which store update brought each session in (0: before the first frame).
    const arrivedIn = new Map(Object.keys(store.getState().sessions).map((id) => [id, 0]));
    let update = 0;
    const unsubscribe = store.subscribe((state) => {
      update += 1;
      for (const id of Object.keys(state.sessions)) if (!arrivedIn.has(id)) arrivedIn.set(id, update);
    });
    try {
      // A turn of the event loop queued right after the start (a key, a timer, Ink's next frame)
      // runs while older sessions are still to be read: they do not all go in one synchronous read.
      const atNextTurn = await new Promise<number>((resolve) =>
        setImmediate(() => resolve(Object.keys(store.getState().sessions).length)),
      );
      expect(atNextTurn).toBeGreaterThan(FIRST_FRAME_SESSIONS);
      expect(atNextTurn).toBeLessThan(count);
      await watcher.ready;
      expect(arrivedIn.size).toBe(count);
      // Newest first: a session never comes in before one that changed later, in small batches.
      const order = Array.from({ length: count }, (_, k) => arrivedIn.get(`s${k}`)!);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      const perUpdate = new Map<number, number>();
      for (const at of order) perUpdate.set(at, (perUpdate.get(at) ?? 0) + 1);
      expect(Math.max(...perUpdate.values())).toBeLessThanOrEqual(
        Math.max(FIRST_FRAME_SESSIONS, HISTORY_BATCH_SESSIONS),
      );
      expect(batches).toEqual([]);
    } finally {
      unsubscribe();
    }
  });
});
