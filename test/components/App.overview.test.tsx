import { afterEach, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { App } from '../../components/App.js';
import { OVERVIEW_TITLE } from '../../components/SessionOverview.js';
import { createBuddyStore, type BuddyStore } from '../../src/tui/store/index.js';
import { foldEvents } from '../../src/state/reducer.js';
import type { SessionState } from '../../src/state/session-state.js';
import { fixtureEvents, indexOf } from './fixture-session.js';
import { renderAtSize, settle, waitForFrame, type SizedRender } from './render-at-size.js';

const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

const DOWN = '\x1b[B';
const UP = '\x1b[A';
const ENTER = '\r';

function cut(id: string, project: string, count: number): SessionState {
  const events = fixtureEvents()
    .slice(0, count)
    .map((event) => ({ ...event, session_id: id, cwd: `/home/dev/${project}` }));
  return foldEvents(undefined, events);
}

/** alpha runs a tool, beta just failed, gamma ended; all from the recorded session. */
function threeSessions(columns: number, rows: number): BuddyStore {
  const after = (name: string) => indexOf((e) => e.hook_event_name === name) + 1;
  const states = [
    cut('a', 'alpha', after('PreToolUse')),
    cut('b', 'beta', after('PostToolUseFailure')),
    cut('c', 'gamma', after('SessionEnd')),
  ];
  const now = Math.max(...states.map((state) => state.lastEventAt ?? 0));
  const store = createBuddyStore({ now, columns, rows });
  store.getState().applySessions(states, now, 3);
  return store;
}

function show(store: BuddyStore, columns: number, rows: number): SizedRender {
  const view = renderAtSize(<App store={store} theme={{ color: false }} />, columns, rows);
  views.push(view);
  return view;
}

const line = (frame: string, project: string) =>
  frame.split('\n').find((text) => text.includes(project) && /working|thinking|ended|idle/.test(text)) ?? '';

describe('the overview in the pane', () => {
  it('o opens it over the body; ↑/↓ move the cursor, Enter opens that session; ←/→ and 1-9 still switch', async () => {
    const store = threeSessions(60, 20);
    const view = show(store, 60, 20);
    await settle(20);
    expect(view.lastFrame()).not.toContain(OVERVIEW_TITLE);
    const shown = store.getState().selectedId;
    view.stdin.write('o');
    const open = await waitForFrame(view.lastFrame, (frame) => frame.includes(OVERVIEW_TITLE));
    expect(line(open, 'alpha')).toContain('working');
    expect(line(open, 'beta')).toMatch(/^.✗ beta .*thinking/);
    expect(line(open, 'gamma')).toContain('ended');
    // The cursor starts on the session shown (the most recent one, beta).
    expect(shown).toBe('b');
    expect(line(open, 'beta').startsWith('›')).toBe(true);
    view.stdin.write(UP);
    await waitForFrame(view.lastFrame, (frame) => line(frame, 'alpha').startsWith('›'));
    view.stdin.write(DOWN);
    view.stdin.write(DOWN);
    await waitForFrame(view.lastFrame, (frame) => line(frame, 'gamma').startsWith('›'));
    // Moving the cursor does not change the session shown until Enter.
    expect(store.getState().selectedId).toBe('b');
    view.stdin.write(ENTER);
    const opened = await waitForFrame(view.lastFrame, (frame) => !frame.includes(OVERVIEW_TITLE));
    expect(store.getState().selectedId).toBe('c');
    expect(opened).toContain('gamma');
    // The session keys are unchanged.
    view.stdin.write('1');
    await waitForFrame(
      () => store.getState().selectedId ?? '',
      (id) => id === 'a',
    );
    view.stdin.write('\x1b[C');
    await waitForFrame(
      () => store.getState().selectedId ?? '',
      (id) => id === 'b',
    );
    // With the overview closed, ↑/↓ and Enter do nothing.
    view.stdin.write(DOWN);
    view.stdin.write(ENTER);
    await settle(50);
    expect(store.getState().selectedId).toBe('b');
    expect(view.lastFrame()).not.toContain(OVERVIEW_TITLE);
    // Esc closes it as o does.
    view.stdin.write('o');
    await waitForFrame(view.lastFrame, (frame) => frame.includes(OVERVIEW_TITLE));
    view.stdin.write('\x1b');
    await waitForFrame(view.lastFrame, (frame) => !frame.includes(OVERVIEW_TITLE));
  });

  it('docks below the session in a pane of 100x30 with two live sessions, and o hides it', async () => {
    const store = threeSessions(100, 30);
    const view = show(store, 100, 30);
    const docked = await waitForFrame(view.lastFrame, (frame) => frame.includes(OVERVIEW_TITLE));
    // The session's own view is still there above it (its activity panel and the buddy).
    expect(docked).toContain('✗ Bash');
    expect(docked.split('\n').length).toBeLessThanOrEqual(29);
    for (const text of docked.split('\n')) expect(stringWidth(text)).toBeLessThanOrEqual(99);
    expect(line(docked, 'alpha')).toContain('[claude]');
    view.stdin.write('o');
    await waitForFrame(view.lastFrame, (frame) => !frame.includes(OVERVIEW_TITLE));
    // Too small for the dock: 99 columns.
    const narrow = show(threeSessions(99, 30), 99, 30);
    await settle(20);
    expect(narrow.lastFrame()).not.toContain(OVERVIEW_TITLE);
  });

  it('the dock shows 6 sessions at most and scrolls with its cursor', async () => {
    const after = indexOf((e) => e.hook_event_name === 'PreToolUse') + 1;
    const states = Array.from({ length: 8 }, (_, i) => cut(`s${i}`, `proj${i}`, after));
    const now = Math.max(...states.map((state) => state.lastEventAt ?? 0));
    const store = createBuddyStore({ now, columns: 120, rows: 40 });
    store.getState().applySessions(states, now, 8);
    const view = show(store, 120, 40);
    const docked = await waitForFrame(view.lastFrame, (frame) => frame.includes(OVERVIEW_TITLE));
    const rowsShown = (frame: string) =>
      frame
        .split(OVERVIEW_TITLE)[1]
        .split('\n')
        .filter((text) => /^.. proj\d /.test(text));
    // The cursor starts on the session shown, the last one.
    expect(rowsShown(docked)).toHaveLength(6);
    expect(rowsShown(docked)[5]).toMatch(/^›  proj7/);
    for (let i = 0; i < 8; i += 1) view.stdin.write(UP);
    const scrolled = await waitForFrame(view.lastFrame, (frame) =>
      rowsShown(frame).some((text) => text.startsWith('›  proj0')),
    );
    expect(rowsShown(scrolled)).toHaveLength(6);
    expect(rowsShown(scrolled).some((text) => text.includes('proj7'))).toBe(false);
  });

  it('fits 40x12 when opened', async () => {
    const store = threeSessions(40, 12);
    const view = show(store, 40, 12);
    await settle(20);
    view.stdin.write('o');
    const frame = await waitForFrame(view.lastFrame, (text) => text.includes('sessions ·'));
    expect(frame.split('\n').length).toBeLessThanOrEqual(11);
    for (const text of frame.split('\n')) expect(stringWidth(text)).toBeLessThanOrEqual(39);
    for (const [project, state] of [
      ['alpha', 'working'],
      ['beta', 'thinking'],
      ['gamma', 'ended'],
    ])
      expect(line(frame, project)).toContain(state);
  });
});
