/**
 * A change held for the next tick (issue 50: another session's change draws on the tick) brings
 * the steady tick back while the pane breathes slowly, so it shows within a tick, not 4 s later.
 */
import { describe, expect, it } from 'vitest';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { BUSY_TICK_MS, QUIET_TICK_MS, tickDelay } from '../../src/tui/tick-pace.js';

const T0 = 1_700_000_000_000;
const opened = (sessionId: string, at: number) =>
  foldEvents(undefined, [{ ts: at, session_id: sessionId, hook_event_name: 'SessionStart', cwd: `/w/${sessionId}` }]);

describe('the pace of the tick', () => {
  it('is steady while a change of a session not shown waits for it, and slow again once folded in', () => {
    const now = T0 + 10_000;
    const store = createBuddyStore({ now });
    store.getState().applySessions([opened('shown', T0 + 1), opened('other', T0 + 2)], now, 2);
    store.getState().select('shown');
    expect(tickDelay(store.getState())).toBe(QUIET_TICK_MS);
    store.getState().receiveSessions([opened('other', now + 1)], now + 1, 1);
    expect(Object.keys(store.getState().heldSessions)).toEqual(['other']);
    expect(tickDelay(store.getState())).toBe(BUSY_TICK_MS);
    store.getState().advance(now + 500);
    expect(store.getState().heldSessions).toEqual({});
    expect(tickDelay(store.getState())).toBe(QUIET_TICK_MS);
  });
});
