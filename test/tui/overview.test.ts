import { describe, expect, it } from 'vitest';
import { createBuddyStore, type BuddyStore } from '../../src/tui/store/index.js';
import { foldEvents } from '../../src/state/reducer.js';
import { sessionActivity } from '../../src/state/selectors.js';
import type { SessionState } from '../../src/state/session-state.js';
import {
  FAILURE_FRESH_MS,
  OVERVIEW_AUTO_MIN_COLUMNS,
  OVERVIEW_AUTO_MIN_LIVE,
  OVERVIEW_AUTO_MIN_ROWS,
  OVERVIEW_DOCK_MAX_ROWS,
  overviewMode,
  overviewRows,
} from '../../src/tui/store/overview.js';
import { fixtureEvents, indexOf, T0 } from '../components/fixture-session.js';

/** The recorded session cut after `count` events, as session `id` in project `project`. */
function cut(id: string, project: string, count: number): SessionState {
  const events = fixtureEvents()
    .slice(0, count)
    .map((event) => ({ ...event, session_id: id, cwd: `/home/dev/${project}` }));
  return foldEvents(undefined, events);
}

const afterFirst = (name: string) => indexOf((e) => e.hook_event_name === name) + 1;
const working = () => cut('a', 'alpha', afterFirst('PreToolUse'));
const failed = () => cut('b', 'beta', afterFirst('PostToolUseFailure'));
const ended = () => cut('c', 'gamma', afterFirst('SessionEnd'));
const at = (count: number) => T0 + (count - 1) * 1000;

function storeWith(states: SessionState[], now: number, columns = 100, rows = 30): BuddyStore {
  const store = createBuddyStore({ now, columns, rows });
  store.getState().applySessions(states, now, 1);
  return store;
}

describe('overview rows', () => {
  it('says per session: project, host, state, running tool and for how long, subagents, the fresh failure, time since the last event', () => {
    const now = at(afterFirst('SessionEnd')) + 2000;
    const store = storeWith([working(), failed(), ended()], now);
    const rows = overviewRows(store.getState().sessions, now);
    expect(rows.map((row) => [row.project, row.host, row.activity])).toEqual([
      ['alpha', 'claude', 'working'],
      ['beta', 'claude', 'thinking'],
      ['gamma', 'claude', 'ended'],
    ]);
    const [alpha, beta, gamma] = rows;
    expect(alpha.tool).toBe('Bash');
    expect(alpha.toolMs).toBe(now - at(afterFirst('PreToolUse')));
    expect(alpha.failure).toBeUndefined();
    expect(beta.failure?.tool).toBe('Bash');
    expect(beta.failure?.error).toMatch(/Exit code/);
    expect(beta.sinceMs).toBe(now - at(afterFirst('PostToolUseFailure')));
    expect(gamma.tool).toBeUndefined();
    expect(gamma.sinceMs).toBe(2000);
  });

  it('tells sessions of one project apart by the start of their ids, as the tabs do', () => {
    const now = at(afterFirst('SessionEnd')) + 2000;
    const store = storeWith([cut('aaaa1111', 'shop', 3), cut('bbbb2222', 'shop', 3), cut('c', 'docs', 3)], now);
    expect(overviewRows(store.getState().sessions, now).map((row) => row.project)).toEqual(
      expect.arrayContaining(['shop #aaaa', 'shop #bbbb', 'docs']),
    );
  });

  it('counts active subagents', () => {
    const count = afterFirst('SubagentStart');
    const store = storeWith([cut('a', 'alpha', count)], at(count));
    expect(overviewRows(store.getState().sessions, at(count))[0].subagents).toBe(1);
  });

  it('leaves the subagent count unknown (not 0) for a host that reports no subagents', () => {
    const count = afterFirst('SubagentStart');
    // The same events under host gemini: Gemini CLI has no subagent events, so it cannot say.
    const gemini = foldEvents(
      undefined,
      fixtureEvents()
        .slice(0, count)
        .map((event) => ({ ...event, session_id: 'g', cwd: '/home/dev/gem', host: 'gemini' })),
    );
    const store = storeWith([gemini, cut('a', 'alpha', count)], at(count));
    const rows = overviewRows(store.getState().sessions, at(count));
    expect(Object.fromEntries(rows.map((row) => [row.host, row.subagents]))).toEqual({ gemini: undefined, claude: 1 });
    expect(rows.find((row) => row.host === 'gemini')).toHaveProperty('subagents', undefined);
  });

  it('a failure stops standing out once the turn ended and it is older than FAILURE_FRESH_MS', () => {
    const stopped = cut('b', 'beta', afterFirst('Stop'));
    const failureAt = stopped.failures[stopped.failures.length - 1].at;
    const store = storeWith([stopped], failureAt + 1000);
    expect(overviewRows(store.getState().sessions, failureAt + FAILURE_FRESH_MS - 1)[0].failure).toBeDefined();
    expect(overviewRows(store.getState().sessions, failureAt + FAILURE_FRESH_MS)[0].failure).toBeUndefined();
  });

  it('a failure stands out for the whole turn it happened in; an interrupt never does', () => {
    const session = failed();
    const failureAt = session.failures[session.failures.length - 1].at;
    const later = failureAt + FAILURE_FRESH_MS * 3;
    expect(session.turnStartedAt).toBeDefined();
    expect(overviewRows(storeWith([session], later).getState().sessions, later)[0].failure).toBeDefined();
    const interrupted = {
      ...session,
      failures: session.failures.map((failure) => ({ ...failure, isInterrupt: true })),
    };
    expect(overviewRows(storeWith([interrupted], failureAt).getState().sessions, failureAt)[0].failure).toBeUndefined();
  });

  it('waiting comes from sessionActivity; a host field makes the badge, made safe', () => {
    const session = {
      ...working(),
      waiting: { since: T0, reason: 'permission' as const, tool: 'Bash' },
      host: 'co\x1b[31mdex',
    };
    expect(sessionActivity(session)).toBe('waiting');
    const store = storeWith([session], T0 + 5000);
    const [row] = overviewRows(store.getState().sessions, T0 + 5000);
    expect(row.activity).toBe('waiting');
    expect(row.host).toBe('codex');
  });
});

describe('overview mode', () => {
  it('the numbers docs/tui.md gives', () => {
    expect([
      OVERVIEW_AUTO_MIN_COLUMNS,
      OVERVIEW_AUTO_MIN_ROWS,
      OVERVIEW_AUTO_MIN_LIVE,
      OVERVIEW_DOCK_MAX_ROWS,
      FAILURE_FRESH_MS,
    ]).toEqual([100, 30, 2, 6, 5 * 60_000]);
  });

  const now = at(afterFirst('SessionEnd'));
  it('docks by itself from 100 columns and 30 rows with two live sessions', () => {
    const mode = (columns: number, rows: number, states: SessionState[]) =>
      overviewMode(storeWith(states, now, columns, rows).getState());
    expect(mode(100, 30, [working(), failed()])).toBe('docked');
    expect(mode(99, 30, [working(), failed()])).toBe('none');
    expect(mode(100, 29, [working(), failed()])).toBe('none');
    // One live session and one ended: nothing to compare.
    expect(mode(160, 50, [working(), ended()])).toBe('none');
  });

  it('o opens it full in any pane and closes it; the arrows move the cursor; Enter selects and closes', () => {
    const store = storeWith([working(), failed(), ended()], now, 60, 20);
    const state = () => store.getState();
    const shown = state().selectedId;
    expect(overviewMode(state())).toBe('none');
    state().toggleOverview();
    expect(overviewMode(state())).toBe('full');
    expect(state().overviewCursor).toBe(shown);
    state().moveOverviewCursor(-5);
    expect(state().overviewCursor).toBe('a');
    state().moveOverviewCursor(1);
    expect(state().overviewCursor).toBe('b');
    state().openOverviewCursor();
    expect(state().selectedId).toBe('b');
    expect(state().userSelected).toBe(true);
    expect(overviewMode(state())).toBe('none');
    // A docked overview closes on o, and o then opens it full.
    const big = storeWith([working(), failed()], now, 120, 40);
    expect(overviewMode(big.getState())).toBe('docked');
    big.getState().toggleOverview();
    expect(overviewMode(big.getState())).toBe('none');
    big.getState().toggleOverview();
    expect(overviewMode(big.getState())).toBe('full');
  });
});
