/**
 * One "needs you" per turn (issue 47: with approvals on, one turn sent three in 20 s): the recorded
 * Claude Code 2.1.332 approval (PreToolUse, PermissionRequest, PostToolUse) played three times in
 * one turn, folded by the reducer, pings once; again in the same turn only after
 * notify.waitingRepeatSeconds; a new turn pings again; waitingRepeatSeconds 0 pings every wait.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { NotifyConfig } from '../../src/notify/notify-config.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { createMomentTracker } from '../../src/notify/moments.js';
import { momentSettings } from '../../src/notify/notify-policy.js';
import { reduceEvent } from '../../src/state/reducer.js';
import { emptySessionState } from '../../src/state/session-state.js';

const recorded: JournalEvent[] = readFileSync(new URL('../fixtures/waiting-session.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const named = (name: string) => recorded.find((event) => event.hook_event_name === name)!;

/** One approval of the recorded session: the tool call, the ask, the answer; its own tool_use_id. */
const approval = (id: string): JournalEvent[] =>
  ['PreToolUse', 'PermissionRequest', 'PostToolUse'].map((name) => ({
    ...named(name),
    ...(named(name).tool_use_id ? { tool_use_id: id } : {}),
  }));

/** Each event at its offset (ms) from the start, folded and looked at: the waiting titles found. */
function waitingPings(
  steps: Array<[JournalEvent, number]>,
  config: NotifyConfig,
  sent: (offset: number) => boolean = () => true,
): number[] {
  const start = 2_000_000_000_000;
  const tracker = createMomentTracker(start);
  const settings = momentSettings(config);
  let state = emptySessionState(recorded[0]!.session_id);
  const pings: number[] = [];
  for (const [event, offset] of steps) {
    state = reduceEvent(state, { ...event, ts: start + offset });
    const found = tracker.check({ [state.sessionId]: state }, start + offset, settings);
    for (const notification of found) {
      if (notification.kind !== 'waiting') continue;
      // A ping the notifier did not send (the user was looking at the pane) is handed back.
      if (sent(offset)) pings.push(offset);
      else tracker.unsent(notification);
    }
  }
  return pings;
}

/** A turn: the prompt at `at`, then the approvals `gaps` ms apart (each approval's events 1 s apart). */
function turn(at: number, approvals: number, gapMs: number): Array<[JournalEvent, number]> {
  // Each turn's prompt and tool calls are its own (the reducer ignores an event it has folded).
  const steps: Array<[JournalEvent, number]> = [[{ ...named('UserPromptSubmit'), prompt_id: `prompt-${at}` }, at]];
  for (let n = 0; n < approvals; n++)
    approval(`tool-${at}-${n}`).forEach((event, i) => steps.push([event, at + 1_000 + n * gapMs + i * 1_000]));
  return steps;
}

const session: Array<[JournalEvent, number]> = [[named('SessionStart'), 0]];
const stop = (at: number): Array<[JournalEvent, number]> => [[named('Stop'), at]];

describe('waiting notifications: one per turn', () => {
  it('three approvals in 20 s of one turn: one ping, at the first', () => {
    expect(waitingPings([...session, ...turn(1_000, 3, 7_000)], { channels: ['bell'] })).toEqual([3_000]);
  });

  it('a later wait of the same turn pings again once waitingRepeatSeconds have passed since the last ping', () => {
    const steps = [...session, ...turn(1_000, 3, 200_000)];
    // Approvals at 3 s, 203 s and 403 s: the default 300 s lets the third through.
    expect(waitingPings(steps, { channels: ['bell'] })).toEqual([3_000, 403_000]);
    expect(waitingPings(steps, { channels: ['bell'], waitingRepeatSeconds: 100 })).toEqual([3_000, 203_000, 403_000]);
  });

  it('a new turn pings at its first wait; waitingRepeatSeconds 0 pings every wait, as before', () => {
    const two = [...session, ...turn(1_000, 2, 5_000), ...stop(20_000), ...turn(30_000, 2, 5_000)];
    expect(waitingPings(two, { channels: ['bell'] })).toEqual([3_000, 32_000]);
    expect(waitingPings(two, { channels: ['bell'], waitingRepeatSeconds: 0 })).toEqual([3_000, 8_000, 32_000, 37_000]);
  });

  it('a first wait the user saw in its pane does not use up the turn: the next wait rings', () => {
    const seenAtFirst = (offset: number) => offset !== 3_000;
    expect(waitingPings([...session, ...turn(1_000, 3, 7_000)], { channels: ['bell'] }, seenAtFirst)).toEqual([10_000]);
  });
});
