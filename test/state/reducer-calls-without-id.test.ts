/**
 * Tool calls with no call id (Copilot CLI, Gemini CLI, Droid): a start and the next end of its
 * tool's name are one call, an end with no start is one call, and a fold cut anywhere (a
 * checkpoint written and read back in between) counts the same as one fold.
 */
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { checkedSessionState } from '../../src/state/checkpoint-check.js';
import { foldEvents } from '../../src/state/reducer.js';

let ts = 1_000;
const event = (hook_event_name: string, tool_name?: string): JournalEvent =>
  ({ ts: ts++, session_id: 's', host: 'gemini', hook_event_name, ...(tool_name ? { tool_name } : {}) }) as JournalEvent;
const pre = (tool: string) => event('PreToolUse', tool);
const post = (tool: string) => event('PostToolUse', tool);

/** Nested and overlapping calls, a failure, a start that never ends, and an end whose start is cut. */
const EVENTS = [
  event('UserPromptSubmit'),
  post('Read'),
  pre('Agent'),
  pre('Bash'),
  post('Bash'),
  pre('Bash'),
  pre('Bash'),
  event('PostToolUseFailure', 'Bash'),
  post('Bash'),
  post('Agent'),
  pre('Write'),
];
const COUNTS = { Read: 1, Agent: 1, Bash: 3, Write: 1 };

describe('tool calls without ids', () => {
  it('count once each', () => {
    const state = foldEvents(undefined, EVENTS);
    expect(state.toolsThisTurn).toEqual(COUNTS);
    expect(state.toolRunsTotal).toBe(6);
  });

  it('count the same when the fold is cut anywhere and resumed from a checkpoint', () => {
    for (let cut = 0; cut <= EVENTS.length; cut += 1) {
      const checkpoint = JSON.parse(JSON.stringify(foldEvents(undefined, EVENTS.slice(0, cut), 's')));
      const resumed = foldEvents(checkedSessionState(checkpoint), EVENTS.slice(cut), 's');
      expect(resumed.toolsThisTurn, `cut at ${cut}`).toEqual(COUNTS);
    }
  });

  it('leave no open start past the turn: an end in the next turn is a call of its own', () => {
    const state = foldEvents(undefined, [...EVENTS, event('Stop'), event('UserPromptSubmit'), post('Write')]);
    expect(state.toolsThisTurn).toEqual({ Write: 1 });
    expect(state.toolRunsTotal).toBe(7);
  });
});
