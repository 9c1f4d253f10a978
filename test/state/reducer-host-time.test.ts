/**
 * Turn order by the host's clock (`event_time`, Cline): a turn's start journaled after its end (a
 * drain ran between the two claims) opens nothing, an end journaled after the next turn's start
 * closes nothing; events without `event_time` fold as before, and a fold cut by a checkpoint
 * agrees with one fold.
 */
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { checkedSessionState } from '../../src/state/checkpoint-check.js';
import { foldEvents } from '../../src/state/reducer.js';
import { sessionActivity } from '../../src/state/selectors.js';

let ts = 1_000;
/** One event as the drain journals it: `ts` is the claim's time, `at` the host's own (ms). */
const event = (hook_event_name: string, at?: number, extra: Record<string, unknown> = {}): JournalEvent =>
  ({
    ts: ts++,
    session_id: 's',
    host: 'cline',
    hook_event_name,
    ...(at === undefined ? {} : { event_time: at }),
    ...(hook_event_name === 'UserPromptSubmit' ? { new_turn: true } : {}),
    ...extra,
  }) as JournalEvent;

/** The fold, and the same fold cut after every event and resumed from its checkpoint. */
function foldBothWays(events: JournalEvent[]) {
  const whole = foldEvents(undefined, events);
  for (let cut = 1; cut < events.length; cut++) {
    const head = checkedSessionState(JSON.parse(JSON.stringify(foldEvents(undefined, events.slice(0, cut)))));
    expect(head).toBeDefined();
    expect(foldEvents(head, events.slice(cut))).toEqual(whole);
  }
  return whole;
}

describe('turn order by the host clock', () => {
  it('a start journaled after its own end opens no turn', () => {
    const state = foldBothWays([event('Stop', 2_000), event('UserPromptSubmit', 1_000)]);
    expect(state.pendingPrompts).toBe(0);
    expect(sessionActivity(state)).toBe('idle');
    expect(state.turnCount).toBe(1);
  });

  it('the same two in their order open and close the turn', () => {
    const state = foldBothWays([event('UserPromptSubmit', 1_000), event('Stop', 2_000)]);
    expect(state.pendingPrompts).toBe(0);
    expect(state.turnCount).toBe(1);
    expect(state.lastTurnMs).toBe(1);
  });

  it('a late start of an ended turn leaves the next, newer turn open', () => {
    const state = foldBothWays([
      event('Stop', 2_000),
      event('UserPromptSubmit', 3_000),
      event('UserPromptSubmit', 1_000),
    ]);
    expect(sessionActivity(state)).toBe('thinking');
    expect(state.turnStartHostTime).toBe(3_000);
  });

  it("an earlier turn's end journaled after the next turn's start leaves that turn open", () => {
    const state = foldBothWays([
      event('UserPromptSubmit', 1_000),
      event('UserPromptSubmit', 3_000),
      event('Stop', 2_000),
    ]);
    expect(sessionActivity(state)).toBe('thinking');
    expect(foldEvents(state, [event('Stop', 4_000)]).pendingPrompts).toBe(0);
  });

  it('events without event_time fold as before: a Stop then a prompt opens a turn', () => {
    const state = foldBothWays([event('Stop'), event('UserPromptSubmit')]);
    expect(sessionActivity(state)).toBe('thinking');
    expect(state.turnStartHostTime).toBeUndefined();
    expect(state.lastTurnEndHostTime).toBeUndefined();
  });
});
