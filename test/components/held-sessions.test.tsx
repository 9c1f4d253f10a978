/**
 * Issue 50, fewer frames: a change the watcher reads for a session not shown (its tab's badge at
 * most) draws no frame of its own; the next tick draws it. The shown session's change draws at
 * once, as the append → frame latency needs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { T0 } from './fixture-session.js';
import { renderAtSize, settle, type SizedRender } from './render-at-size.js';

const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

const opened = (sessionId: string, cwd: string, at: number): JournalEvent[] => [
  { ts: at, session_id: sessionId, hook_event_name: 'SessionStart', cwd },
];
const prompted = (sessionId: string, at: number): JournalEvent => ({
  ts: at,
  session_id: sessionId,
  hook_event_name: 'UserPromptSubmit',
  prompt_id: `p-${sessionId}`,
});
const toolStarted = (sessionId: string, tool: string, at: number): JournalEvent => ({
  ts: at,
  session_id: sessionId,
  hook_event_name: 'PreToolUse',
  tool_name: tool,
  tool_use_id: `t-${tool}`,
});

/** A store with two sessions read at start, 'shown' (alpha, prompted) picked and 'other' (beta) not. */
function twoSessionsShowingOne() {
  const now = T0 + 10_000;
  const store = createBuddyStore({ now, columns: 100, rows: 30 });
  const shown = [...opened('shown', '/w/alpha', T0 + 1), prompted('shown', T0 + 2)];
  const other = opened('other', '/w/beta', T0 + 3);
  store.getState().applySessions([foldEvents(undefined, shown), foldEvents(undefined, other)], now, 3);
  store.getState().select('shown');
  return { now, store, shown, other };
}

describe('a change of a session not shown', () => {
  it('draws no frame until the next tick; the shown session draws at once', async () => {
    const { now, store, shown, other } = twoSessionsShowingOne();
    const view = renderAtSize(<App store={store} theme={{ color: false }} />, 100, 30);
    views.push(view);
    await settle(20);
    expect(view.lines()[0]).toMatch(/alpha 💬/);
    expect(view.lines()[0]).not.toMatch(/beta 💬/);

    const frames = view.stdout.frames.length;
    store.getState().receiveSessions([foldEvents(undefined, [...other, prompted('other', now + 1)])], now + 1, 1);
    await settle(20);
    expect(view.stdout.frames.length).toBe(frames);
    expect(view.lines()[0]).not.toMatch(/beta 💬/);

    store.getState().advance(now + 500);
    await settle(20);
    expect(view.lines()[0]).toMatch(/beta 💬/);

    const beforeTool = view.stdout.frames.length;
    store
      .getState()
      .receiveSessions([foldEvents(undefined, [...shown, toolStarted('shown', 'Grep', now + 600)])], now + 600, 1);
    await settle(20);
    expect(view.stdout.frames.length).toBeGreaterThan(beforeTool);
    expect(view.lastFrame()).toContain('Grep');
  });

  it("comes with the tick's work when the tick is due soon: one frame for both, held changes and all", async () => {
    const { now, store, shown, other } = twoSessionsShowingOne();
    const asked: number[] = [];
    let due = false;
    store.getState().setEarlyTick((at) => {
      asked.push(at);
      return due ? { mood: 'working' } : undefined;
    });
    const view = renderAtSize(<App store={store} theme={{ color: false }} />, 100, 30);
    views.push(view);
    await settle(20);
    store.getState().receiveSessions([foldEvents(undefined, [...other, prompted('other', now + 1)])], now + 1, 1);
    // Not due: the shown session's change draws at once, the other's still waits.
    store
      .getState()
      .receiveSessions([foldEvents(undefined, [...shown, toolStarted('shown', 'Read', now + 2)])], now + 2, 1);
    await settle(20);
    expect(view.lastFrame()).toContain('Read');
    expect(view.lines()[0]).not.toMatch(/beta 💬/);
    expect(store.getState().tick).toBe(0);

    due = true;
    const frames = view.stdout.frames.length;
    store
      .getState()
      .receiveSessions([foldEvents(undefined, [...shown, toolStarted('shown', 'Grep', now + 3)])], now + 3, 1);
    await settle(20);
    expect(view.stdout.frames.length).toBe(frames + 1);
    expect(view.lastFrame()).toContain('Grep');
    expect(view.lines()[0]).toMatch(/beta 💬/);
    expect(store.getState()).toMatchObject({ tick: 1, mood: 'working', heldSessions: {}, eventsApplied: 6 });
    // Only a change drawn at once asks: a held one waits for the tick as before.
    expect(asked).toEqual([now + 2, now + 3]);
  });

  it('is held until the user picks that session, which then shows as it is now', async () => {
    const now = T0 + 10_000;
    const store = createBuddyStore({ now, columns: 100, rows: 30 });
    const other = opened('other', '/w/beta', T0 + 3);
    store
      .getState()
      .applySessions(
        [foldEvents(undefined, opened('shown', '/w/alpha', T0 + 1)), foldEvents(undefined, other)],
        now,
        2,
      );
    store.getState().select('shown');
    store.getState().receiveSessions([foldEvents(undefined, [...other, prompted('other', now + 1)])], now + 1, 1);
    expect(store.getState().sessions.other?.pendingPrompts).toBe(0);
    store.getState().select('other');
    expect(Object.keys(store.getState().heldSessions)).toEqual([]);
    expect(store.getState().sessions.other?.pendingPrompts).toBe(1);
    expect(store.getState().eventsApplied).toBe(3);
  });
});
