import { afterEach, describe, expect, it, vi } from 'vitest';
import stringWidth from 'string-width';
import { App } from '../../components/App.js';
import { CONNECT_HINT } from '../../components/EmptyState.js';
import { toReactionText, toSafeText } from '../../src/text/safe-text.js';
import { toShownReaction } from '../../src/tui/store/bubble-queue.js';
import { createBuddyStore, type BuddyStore } from '../../src/tui/store/index.js';
import { foldEvents } from '../../src/state/reducer.js';
import { fixtureSession, indexOf, T0 } from './fixture-session.js';
import { renderAtSize, settle, waitForFrame, type SizedRender } from './render-at-size.js';

const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

function busyStore(columns: number, rows: number): BuddyStore {
  const { state, now } = fixtureSession(indexOf((e) => e.hook_event_name === 'SubagentStart') + 1);
  const store = createBuddyStore({ now, columns, rows });
  const other = foldEvents(undefined, [
    { ts: now - 60_000, session_id: 'other', hook_event_name: 'SessionStart', cwd: '/w/api' },
  ]);
  store.getState().applySessions([state, other], now, state.eventCount + 1);
  store.getState().setPet({
    name: toSafeText('Pip'),
    level: 3,
    rarity: toSafeText('rare'),
    hunger: 20,
    energy: 80,
    happiness: 90,
    xp: 40,
    xpToNext: 60,
    mood: 'working',
  });
  store.getState().setMood('working');
  store.getState().pushReaction(
    toShownReaction({
      id: 'r1',
      sessionId: state.sessionId,
      kind: 'warning',
      text: toReactionText('npm test failed: no package.json here. Want me to look?'),
      source: 'buddy',
      priority: 4,
      ttlMs: 10_000,
      ts: now,
    }),
    now,
  );
  return store;
}

function show(
  store: BuddyStore,
  columns: number,
  rows: number,
  options: { tty?: boolean; onQuit?: () => void } = {},
): SizedRender {
  const view = renderAtSize(<App store={store} theme={{ color: false }} onQuit={options.onQuit} />, columns, rows, {
    tty: options.tty,
  });
  views.push(view);
  return view;
}

function expectFits(view: SizedRender, columns: number, rows: number): void {
  const lines = view.lastFrame().split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows - 1);
  for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(columns - 1);
}

describe('App layout', () => {
  it.each([
    [40, 12],
    [60, 20],
    [100, 30],
    [200, 50],
    [20, 6],
  ])('fits %ix%i: at most rows-1 lines, never wider than columns-1', async (columns, rows) => {
    const view = show(busyStore(columns, rows), columns, rows);
    await settle(20);
    expectFits(view, columns, rows);
    expect(view.lastFrame()).toContain('project');
  });

  it('wide: two columns with sprite, needs, activity and sparkline', async () => {
    const view = show(busyStore(100, 30), 100, 30);
    await settle(20);
    const frame = view.lastFrame();
    for (const text of [
      '1 api',
      '2 project 💬',
      'npm test failed',
      '╰─ buddy',
      'Pip · Lv 3 · rare',
      'fed ',
      'happiness',
      'to Lv 4',
      '💬 working',
      '▶ Agent',
      'tools Bash×2',
      '● general-purpose',
      '✗ Bash',
      'events/min',
      '? help · q quit',
    ]) {
      expect(frame).toContain(text);
    }
    // The sprite (five lines of the default blob) is drawn, not the one-line face.
    expect(frame).toContain('.-----.');
  });

  it('narrow panes drop the sparkline, then the needs, then draw the face', async () => {
    const at = async (columns: number, rows: number) => {
      const view = show(busyStore(columns, rows), columns, rows);
      await settle(20);
      const frame = view.lastFrame();
      view.unmount();
      return frame;
    };
    const medium = await at(60, 24);
    expect(medium).not.toContain('events/min');
    expect(medium).toContain('energy');
    expect(medium).toContain('.-----.');
    const small = await at(46, 16);
    expect(small).not.toContain('energy');
    expect(small).toContain('.-----.');
    const tiny = await at(40, 12);
    expect(tiny).not.toContain('.-----.');
    expect(tiny).toContain('Pip · Lv 3');
    expect(tiny).toContain('💬 working');
  });

  it('resizes live', async () => {
    const store = busyStore(100, 30);
    const view = show(store, 100, 30);
    await settle(20);
    expect(view.lastFrame()).toContain('events/min');
    view.stdout.resize(40, 12);
    const small = await waitForFrame(view.lastFrame, (frame) => !frame.includes('events/min'));
    expect(store.getState().columns).toBe(40);
    expectFits(view, 40, 12);
    expect(small).toContain('project');
    view.stdout.resize(120, 40);
    await waitForFrame(view.lastFrame, (frame) => frame.includes('events/min'));
    expectFits(view, 120, 40);
  });

  it('shows the empty state before any session', async () => {
    const store = createBuddyStore({ now: T0, columns: 80, rows: 24 });
    const view = show(store, 80, 24);
    await settle(20);
    expect(view.lastFrame()).toContain(CONNECT_HINT);
    expect(view.lastFrame().split('\n')[0]).toBe('buddy-tui');
  });
});

describe('App keys', () => {
  it('switches sessions with arrows and numbers, opens help, mutes, and quits on q', async () => {
    const store = busyStore(100, 30);
    const quit = vi.fn();
    const view = show(store, 100, 30, { onQuit: quit });
    await settle(20);
    const selected = store.getState().selectedId;
    view.stdin.write('\x1b[D');
    await waitForFrame(
      () => store.getState().selectedId ?? '',
      (id) => id !== selected,
    );
    expect(store.getState().selectedId).toBe('other');
    view.stdin.write('2');
    await waitForFrame(
      () => store.getState().selectedId ?? '',
      (id) => id === selected,
    );
    view.stdin.write('?');
    await waitForFrame(view.lastFrame, (frame) => frame.includes('switch session'));
    view.stdin.write('?');
    await waitForFrame(view.lastFrame, (frame) => !frame.includes('switch session'));
    view.stdin.write('m');
    await waitForFrame(view.lastFrame, (frame) => frame.includes('reactions muted'));
    expect(view.lastFrame()).not.toContain('npm test failed');
    view.stdin.write('q');
    await waitForFrame(
      () => String(quit.mock.calls.length),
      (n) => n === '1',
    );
  });

  it('Ctrl+C quits too; f and p reach the services', async () => {
    const store = busyStore(80, 24);
    const asked: string[] = [];
    store.getState().setInteract((what) => asked.push(what));
    const quit = vi.fn();
    const view = show(store, 80, 24, { onQuit: quit });
    await settle(20);
    view.stdin.write('f');
    view.stdin.write('p');
    await waitForFrame(
      () => asked.join(','),
      (text) => text === 'feed,pet',
    );
    view.stdin.write('\x03');
    await waitForFrame(
      () => String(quit.mock.calls.length),
      (n) => n === '1',
    );
  });

  it('runs with a non-TTY stdin (keys off, no crash)', async () => {
    const store = busyStore(80, 24);
    const view = show(store, 80, 24, { tty: false });
    await settle(20);
    expect(view.lastFrame()).toContain('project');
    view.stdin.write('?');
    await settle(50);
    expect(store.getState().overlay).toBe('none');
  });
});
