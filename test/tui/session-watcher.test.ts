import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSessionWatcher, READ_SLICE_BYTES } from '../../src/tui/watch/session-watcher.js';
import { fixturePayloads, runHook } from '../support/hook-process.js';
import { waitUntil } from '../support/wait-until.js';
import { useWatcherWorlds } from '../support/watcher-world.js';

const setup = useWatcherWorlds('buddy-watch-');

const line = (sessionId: string, event: Record<string, unknown>) =>
  `${JSON.stringify({ ts: Date.now(), session_id: sessionId, ...event })}\n`;

function writeJournal(root: string, sessionId: string, text: string): string {
  const dir = join(root, sessionId);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, 'events.jsonl');
  appendFileSync(path, text, { mode: 0o600 });
  return path;
}

describe('session watcher', () => {
  it('marks the sessions it reads so retention leaves them alone, and unmarks them on close', async () => {
    const { root, start } = setup();
    writeJournal(root, 'watched', line('watched', { hook_event_name: 'SessionStart', cwd: '/w/watched' }));
    const watcher = start();
    await watcher.ready;
    const mark = join(root, 'watched', `.reader-${process.pid}`);
    expect(existsSync(mark)).toBe(true);
    await watcher.close();
    expect(existsSync(mark)).toBe(false);
  });

  it('loads existing journals as history (store only, no plugin events)', async () => {
    const { root, store, batches, start } = setup();
    writeJournal(root, 'old-session', line('old-session', { hook_event_name: 'SessionStart', cwd: '/w/history' }));
    await start().ready;
    expect(store.getState().sessions['old-session']?.projectName).toBe('history');
    expect(batches).toHaveLength(0);
  });

  it('picks up events appended by the real hook, for new and known sessions', async () => {
    const { store, batches, start, env } = setup();
    await start().ready;
    const payloads = fixturePayloads();
    const sessionId = JSON.parse(payloads[0]).session_id as string;
    for (const payload of payloads.slice(0, 4)) {
      const result = await runHook(payload, env);
      expect(result.code).toBe(0);
    }
    const state = await waitUntil(
      () => store.getState().sessions[sessionId],
      (s) => s?.eventCount === 4,
      'four events in the store',
    );
    expect(state.toolsRunning).toBeDefined();
    expect(
      Object.values(state.toolsRunning)
        .map((t) => t.tool)
        .sort(),
    ).toEqual(['Bash', 'Glob']);
    await waitUntil(
      () => batches.flat().reduce((n, b) => n + b.events.length, 0),
      (n) => n === 4,
      'four events handed on',
    );
    expect(store.getState().selectedId).toBe(sessionId);
  });

  it('keeps a partial last line until it is complete', async () => {
    const { root, store, start } = setup();
    const path = writeJournal(root, 's1', line('s1', { hook_event_name: 'SessionStart', cwd: '/w/p' }));
    await start().ready;
    const whole = line('s1', { hook_event_name: 'UserPromptSubmit', prompt_id: 'p1' });
    appendFileSync(path, whole.slice(0, 20));
    // A second session's event proves the watcher ran after the half line was written.
    writeJournal(root, 's2', line('s2', { hook_event_name: 'SessionStart' }));
    // s2 is not shown: its read waits in heldSessions for the pane's tick (none runs here).
    await waitUntil(() => store.getState().heldSessions.s2, Boolean, 's2');
    appendFileSync(path, whole.slice(20, 30));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.getState().sessions.s1.eventCount).toBe(1);
    appendFileSync(path, whole.slice(30));
    const state = await waitUntil(
      () => store.getState().sessions.s1,
      (s) => s.eventCount === 2,
      'the completed line',
    );
    expect(state.pendingPrompts).toBe(1);
  });

  it('starts the fold over when a journal is truncated or replaced', async () => {
    const { root, store, start } = setup();
    const path = writeJournal(
      root,
      's1',
      [1, 2, 3].map((i) => line('s1', { hook_event_name: 'UserPromptSubmit', prompt_id: `p${i}` })).join(''),
    );
    await start().ready;
    expect(store.getState().sessions.s1.pendingPrompts).toBe(3);
    truncateSync(path, 0);
    appendFileSync(path, line('s1', { hook_event_name: 'SessionStart', cwd: '/w/truncated' }));
    let state = await waitUntil(
      () => store.getState().sessions.s1,
      (s) => s.projectName === 'truncated',
      'the truncated journal',
    );
    expect(state.eventCount).toBe(1);
    expect(state.pendingPrompts).toBe(0);
    const replacement = join(root, 's1', 'events.jsonl.new');
    writeFileSync(
      replacement,
      line('s1', { hook_event_name: 'SessionStart', cwd: '/w/replaced' }) + line('s1', { hook_event_name: 'Stop' }),
      { mode: 0o600 },
    );
    renameSync(replacement, path);
    state = await waitUntil(
      () => store.getState().sessions.s1,
      (s) => s.projectName === 'replaced',
      'the replaced journal',
    );
    expect(state.eventCount).toBe(2);
  });

  it("sees the last of two appends made within chokidar's 50 ms change throttle", async () => {
    const { root, store, start } = setup();
    const path = writeJournal(root, 's1', line('s1', { hook_event_name: 'SessionStart' }));
    await start().ready;
    for (let round = 1; round <= 5; round += 1) {
      appendFileSync(path, line('s1', { hook_event_name: 'UserPromptSubmit', prompt_id: `a${round}` }));
      await waitUntil(
        () => store.getState().sessions.s1.eventCount,
        (n) => n >= round * 2,
        `round ${round}, first append`,
      );
      // Right after the first change was reported: chokidar drops this one's event.
      appendFileSync(path, line('s1', { hook_event_name: 'Stop', prompt_id: `a${round}` }));
      await waitUntil(
        () => store.getState().sessions.s1.eventCount,
        (n) => n === round * 2 + 1,
        `round ${round}, second append`,
      );
    }
    expect(store.getState().sessions.s1.pendingPrompts).toBe(0);
  });

  it('reports the runner lock appearing and going away (a viewer takes over on that)', async () => {
    const { root, store, env, track } = setup();
    let changes = 0;
    const watcher = track(startSessionWatcher({ root, store, env, onLockChange: () => (changes += 1) }));
    await watcher.ready;
    writeFileSync(join(root, 'runner.lock'), JSON.stringify({ pid: 1 }));
    await waitUntil(
      () => changes,
      (n) => n >= 1,
      'the lock to appear',
    );
    const seen = changes;
    rmSync(join(root, 'runner.lock'));
    await waitUntil(
      () => changes,
      (n) => n > seen,
      'the lock to go away',
    );
  });

  it('drops a session whose directory is removed', async () => {
    const { root, store, start } = setup();
    writeJournal(root, 'gone', line('gone', { hook_event_name: 'SessionStart' }));
    writeJournal(root, 'kept', line('kept', { hook_event_name: 'SessionStart' }));
    await start().ready;
    rmSync(join(root, 'gone'), { recursive: true });
    appendFileSync(join(root, 'kept', 'events.jsonl'), line('kept', { hook_event_name: 'Stop' }));
    await waitUntil(
      () => Object.keys(store.getState().sessions).sort().join(','),
      (ids) => ids === 'kept',
      'the removed session to go',
    );
  });

  it('applies a burst in few store updates, losing nothing', async () => {
    const { root, store, start } = setup();
    const watcher = start();
    await watcher.ready;
    const sessions = ['b1', 'b2', 'b3', 'b4'];
    const perSession = 1500;
    const startedAt = Date.now();
    for (let chunk = 0; chunk < 30; chunk += 1) {
      for (const id of sessions) {
        let text = '';
        for (let i = 0; i < perSession / 30; i += 1)
          text += line(id, { hook_event_name: 'PreToolUse', tool_name: 'Read', tool_use_id: `${id}-${chunk}-${i}` });
        writeJournal(root, id, text);
      }
    }
    await waitUntil(
      () => sessions.map((id) => store.getState().sessions[id]?.eventCount ?? 0),
      (counts) => counts.every((n) => n === perSession),
      'every event',
    );
    const elapsedMs = Date.now() - startedAt;
    expect(store.getState().eventsApplied).toBe(sessions.length * perSession);
    // At most one store update per throttle interval (33 ms), plus the first.
    expect(watcher.updates()).toBeLessThanOrEqual(Math.ceil(elapsedMs / 33) + 2);
    expect(watcher.updates()).toBeLessThan(120);
  });

  it('takes a big backlog in bounded slices (memory), losing nothing; history at start is read whole', async () => {
    const { root, store, batches, start } = setup();
    const pad = 'x'.repeat(400);
    const backlog = (id: string, count: number) => {
      let text = '';
      for (let i = 0; i < count; i += 1)
        text += line(id, {
          hook_event_name: 'PreToolUse',
          tool_name: 'Read',
          tool_use_id: `${id}-${i}`,
          tool_input: { file_path: pad },
        });
      return text;
    };
    const historyText = backlog('hist', 2000);
    expect(historyText.length).toBeGreaterThan(2 * READ_SLICE_BYTES);
    writeJournal(root, 'hist', historyText);
    const watcher = start();
    await watcher.ready;
    expect(store.getState().sessions.hist?.eventCount).toBe(2000);
    expect(batches).toEqual([]);
    const text = backlog('big', 2000);
    writeJournal(root, 'big', text);
    await waitUntil(
      () => (store.getState().heldSessions.big ?? store.getState().sessions.big)?.eventCount ?? 0,
      (n) => n === 2000,
      'the whole backlog',
    );
    const handed = batches.flat().filter((b) => b.sessionId === 'big');
    expect(handed.reduce((sum, b) => sum + b.events.length, 0)).toBe(2000);
    // Several slices, none much bigger than the limit (it stops at the first line end past it).
    const perLine = text.length / 2000;
    expect(handed.length).toBeGreaterThanOrEqual(Math.floor(text.length / READ_SLICE_BYTES));
    for (const b of handed)
      expect(b.events.length * perLine).toBeLessThanOrEqual(READ_SLICE_BYTES + 4096 + 2 * perLine);
    expect(handed.flatMap((b) => b.events.map((e) => e.tool_use_id))).toEqual(
      Array.from({ length: 2000 }, (_, i) => `big-${i}`),
    );
  });
});
