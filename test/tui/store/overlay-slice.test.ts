/** One overlay at a time: opening one closes the other, whichever order the keys come in. */
import { describe, expect, it } from 'vitest';
import { foldEvents } from '../../../src/state/reducer.js';
import type { SessionState } from '../../../src/state/session-state.js';
import { overviewMode } from '../../../src/tui/store/overview.js';
import { createBuddyStore, type Overlay } from '../../../src/tui/store/index.js';
import { fixtureEvents, indexOf, T0 } from '../../components/fixture-session.js';

function live(id: string): SessionState {
  const events = fixtureEvents().slice(0, indexOf((e) => e.hook_event_name === 'PreToolUse') + 1);
  return foldEvents(
    undefined,
    events.map((event) => ({ ...event, session_id: id, cwd: `/home/dev/${id}` })),
  );
}

/** A pane big enough for the docked overview, with two live sessions. */
function bigPane() {
  const now = T0 + 60_000;
  const store = createBuddyStore({ now, columns: 120, rows: 40 });
  store.getState().applySessions([live('a'), live('b')], now, 2);
  return store;
}

describe('overlays exclude each other', () => {
  it('help then history shows only the history, and history then help only the help (help used to stay under it)', () => {
    const store = createBuddyStore({ now: T0 });
    store.getState().toggleOverlay('help');
    store.getState().toggleOverlay('history');
    expect(store.getState().overlay).toBe('history');
    store.getState().toggleOverlay('help');
    expect(store.getState().overlay).toBe('help');
    store.getState().toggleOverlay('help');
    expect(store.getState().overlay).toBe('none');
  });

  it('every overlay, opened over any other, is the only one open', () => {
    const overlays: Overlay[] = ['help', 'history', 'overview'];
    for (const first of overlays) {
      for (const second of overlays) {
        const store = bigPane();
        store.getState().setOverlay(first);
        store.getState().setOverlay(second);
        expect(store.getState().overlay, `${first} then ${second}`).toBe(second);
        expect(overviewMode(store.getState()) === 'full', `${first} then ${second}`).toBe(second === 'overview');
      }
    }
  });

  it('help over the open overview closes it, and the dock stays closed after', () => {
    const store = bigPane();
    expect(overviewMode(store.getState())).toBe('docked');
    store.getState().toggleOverview();
    store.getState().toggleOverview();
    expect(overviewMode(store.getState())).toBe('full');
    expect(store.getState().overviewCursor).toBe(store.getState().selectedId);
    store.getState().toggleOverlay('help');
    expect(overviewMode(store.getState())).toBe('none');
    store.getState().setOverlay('none');
    expect(overviewMode(store.getState())).toBe('none');
  });

  it('the history keeps the docked overview below it; closing it changes nothing else', () => {
    const store = bigPane();
    store.getState().toggleOverlay('history');
    expect(overviewMode(store.getState())).toBe('docked');
    store.getState().setOverlay('none');
    expect(overviewMode(store.getState())).toBe('docked');
  });
});
