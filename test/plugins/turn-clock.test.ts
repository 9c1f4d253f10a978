/** The turn clock on its own: prompt to Stop per session, the event's own time, a bounded memory. */
import { describe, expect, it } from 'vitest';
import { TurnClock } from '../../src/plugins/turn-clock.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);
const event = (hook_event_name: string, session_id: string, ts?: number): JournalEvent =>
  ({ hook_event_name, session_id, ...(ts !== undefined ? { ts } : {}) }) as JournalEvent;

describe('turn clock', () => {
  it("measures prompt to Stop per session by the events' own times, once", () => {
    const clock = new TurnClock();
    expect(clock.turnLength(event('UserPromptSubmit', 'a', T0), 0)).toBeUndefined();
    expect(clock.turnLength(event('UserPromptSubmit', 'b', T0 + 1_000), 0)).toBeUndefined();
    expect(clock.turnLength(event('PostToolUse', 'a', T0 + 2_000), 0)).toBeUndefined();
    expect(clock.turnLength(event('Stop', 'a', T0 + 90_000), 0)).toBe(90_000);
    expect(clock.turnLength(event('Stop', 'a', T0 + 95_000), 0)).toBeUndefined();
    expect(clock.turnLength(event('Stop', 'b', T0 + 3_000), 0)).toBe(2_000);
  });

  it('takes the time of receipt for an event without one, and a new prompt restarts the clock', () => {
    const clock = new TurnClock();
    clock.turnLength(event('UserPromptSubmit', 'a'), T0);
    clock.turnLength(event('UserPromptSubmit', 'a'), T0 + 10_000);
    expect(clock.turnLength(event('Stop', 'a'), T0 + 15_000)).toBe(5_000);
  });

  it('forgets the session that prompted longest ago past its limit', () => {
    const clock = new TurnClock(2);
    clock.turnLength(event('UserPromptSubmit', 'a', T0), 0);
    clock.turnLength(event('UserPromptSubmit', 'b', T0), 0);
    clock.turnLength(event('UserPromptSubmit', 'a', T0 + 1), 0);
    clock.turnLength(event('UserPromptSubmit', 'c', T0 + 2), 0);
    expect(clock.turnLength(event('Stop', 'b', T0 + 5), 0)).toBeUndefined();
    expect(clock.turnLength(event('Stop', 'a', T0 + 5), 0)).toBe(4);
    expect(clock.turnLength(event('Stop', 'c', T0 + 5), 0)).toBe(3);
  });
});
