/**
 * The pane's watcher and checkpoints: a long journal found at start is folded from its end (fast)
 * as history, never handed to plugins or the pet; the pane saves checkpoints as it reads and on
 * close, so the next pane or statusline starts where it is.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJournalLines, serializeEventLine } from '../../src/state/journal.js';
import { TAIL_FOLD_ABOVE_BYTES, readCheckpoint } from '../../src/state/reader.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { startSessionWatcher, type SessionEvents, type SessionWatcher } from '../../src/tui/watch/session-watcher.js';
import { recordedTurn, startFor, writeRepeatedJournal } from '../support/recorded-journal.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const watchers: SessionWatcher[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.close()));
});

function setup(checkpointEveryMs?: number) {
  const base = makeTempDir('buddy-watch-cp-');
  const root = join(base, 'root');
  mkdirSync(root, { mode: 0o700 });
  const env = { ...process.env, BUDDY_TUI_STATE_DIR: root, BUDDY_TUI_FOUNDRY_DIR: join(base, 'no-foundry') };
  const store = createBuddyStore({ now: Date.now() });
  const batches: SessionEvents[][] = [];
  const start = () => {
    const watcher = startSessionWatcher({
      root,
      store,
      env,
      foundry: false,
      checkpointEveryMs,
      onEvents: (batch) => batches.push(batch),
    });
    watchers.push(watcher);
    return watcher;
  };
  return { root, store, batches, start };
}

const event = (sessionId: string, fields: Record<string, unknown>) =>
  serializeEventLine({ ts: Date.now(), session_id: sessionId, ...fields });

describe('session watcher checkpoints', () => {
  it('loads a long journal from its end as history, saves its checkpoint, and hands on only what comes after', async () => {
    const { root, store, batches, start } = setup();
    const dir = join(root, 'long');
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, 'events.jsonl');
    const turn = recordedTurn();
    const bytes = TAIL_FOLD_ABOVE_BYTES + 1024 * 1024;
    writeRepeatedJournal(path, turn, bytes, {
      sessionId: 'long',
      start: startFor(turn, bytes, 1000, Date.now() - 60_000),
      stepMs: 1000,
    });
    const whole = foldEvents(undefined, parseJournalLines(readFileSync(path)), 'long');
    const watcher = start();
    // The first scan is in the store at once (before the watchers are ready), folded over the
    // narrow first-frame window, and not saved; then the pane's whole window replaces it, saved.
    const first = store.getState().sessions.long;
    expect(first).toMatchObject({
      toolsThisTurn: whole.toolsThisTurn,
      lastTurnMs: whole.lastTurnMs,
      pendingPrompts: 0,
      projectName: whole.projectName,
    });
    expect(readCheckpoint(dir)).toBeUndefined();
    await watcher.ready;
    await waitUntil(() => readCheckpoint(dir), Boolean, 'the widened fold saved');
    const shown = store.getState().sessions.long;
    expect(first.eventCount).toBeLessThan(shown.eventCount);
    expect(shown.eventCount).toBeLessThan(whole.eventCount);
    expect(shown).toMatchObject({
      toolsThisTurn: whole.toolsThisTurn,
      lastTurnMs: whole.lastTurnMs,
      pendingPrompts: 0,
      projectName: whole.projectName,
    });
    expect(readCheckpoint(dir)).toMatchObject({
      partial: true,
      journal: { offset: statSync(path).size },
      state: { eventCount: shown.eventCount },
    });
    expect(batches).toEqual([]);
    appendFileSync(
      path,
      event('long', { hook_event_name: 'UserPromptSubmit', prompt_id: 'new-1' }) +
        event('long', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'new-t' }),
    );
    await waitUntil(
      () => batches.flat().reduce((n, b) => n + b.events.length, 0) === 2,
      Boolean,
      'the two new events handed on',
    );
    expect(batches.flat().flatMap((b) => b.events.map((e) => e.hook_event_name))).toEqual([
      'UserPromptSubmit',
      'PreToolUse',
    ]);
  });

  it('saves a session’s checkpoint as it reads it', async () => {
    const { root, store, start } = setup(0);
    await start().ready;
    const dir = join(root, 'fresh');
    mkdirSync(dir, { mode: 0o700 });
    appendFileSync(
      join(dir, 'events.jsonl'),
      event('fresh', { hook_event_name: 'SessionStart', cwd: '/w/fresh' }) +
        event('fresh', { hook_event_name: 'UserPromptSubmit', prompt_id: 'p' }),
    );
    await waitUntil(() => store.getState().sessions.fresh?.eventCount === 2, Boolean, 'the new session');
    await waitUntil(() => readCheckpoint(dir)?.state.eventCount === 2, Boolean, 'its checkpoint');
    // The checkpoint holds the reducer's state of the whole journal, as JSON keeps it (the store
    // shows a sanitised copy of it).
    const journal = readFileSync(join(dir, 'events.jsonl'));
    expect(readCheckpoint(dir)).toMatchObject({
      journal: { offset: journal.length },
      state: JSON.parse(JSON.stringify(foldEvents(undefined, parseJournalLines(journal), 'fresh'))),
    });
  });

  it('saves at most every checkpointEveryMs while running, and what is left on close', async () => {
    const { root, store, start } = setup(3_600_000);
    const dir = join(root, 'steady');
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, 'events.jsonl');
    appendFileSync(path, event('steady', { hook_event_name: 'SessionStart', cwd: '/w/steady' }));
    const watcher = start();
    // History is read before the first frame and saved on the first update after it.
    expect(readCheckpoint(dir)).toBeUndefined();
    await watcher.ready;
    await waitUntil(() => readCheckpoint(dir)?.state.eventCount === 1, Boolean, 'the history saved');
    appendFileSync(path, event('steady', { hook_event_name: 'UserPromptSubmit', prompt_id: 'p' }));
    await waitUntil(() => store.getState().sessions.steady?.eventCount === 2, Boolean, 'the new event');
    expect(readCheckpoint(dir)?.state.eventCount).toBe(1);
    await watcher.close();
    expect(readCheckpoint(dir)).toMatchObject({
      journal: { offset: statSync(path).size },
      state: { eventCount: 2, pendingPrompts: 1 },
    });
    expect(existsSync(join(dir, `.reader-${process.pid}`))).toBe(false);
  });
});
