import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents, reduceEvent } from '../../src/state/reducer.js';
import {
  activeSubagents,
  activityPerMinute,
  currentTool,
  isProcessingPrompt,
  lastFailure,
  subagentGroups,
} from '../../src/state/selectors.js';
import { toolsByUse } from '../../src/display/tool-order.js';
import { emptySessionState } from '../../src/state/session-state.js';
import { FIXTURE_EVENTS } from '../support/hook-process.js';

const T0 = Date.UTC(2026, 10, 30, 9, 0, 0);

/** The real Claude Code 2.1.332 payloads, each given a receive time one second apart. */
function fixtureEvents(): JournalEvent[] {
  return readFileSync(FIXTURE_EVENTS, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line, index) => ({ ...JSON.parse(line), ts: T0 + index * 1000 }));
}

const SID = 'sess-1';
let clock = T0;
function ev(name: string, fields: Record<string, unknown> = {}): JournalEvent {
  clock += 1000;
  return { ts: clock, session_id: SID, hook_event_name: name, cwd: '/home/dev/project', ...fields };
}
const pre = (tool: string, id: string, input: Record<string, unknown> = {}) =>
  ev('PreToolUse', { tool_name: tool, tool_use_id: id, tool_input: input });
const post = (tool: string, id: string, input: Record<string, unknown> = {}) =>
  ev('PostToolUse', { tool_name: tool, tool_use_id: id, tool_input: input, duration_ms: 40 });

describe('reducer over the real Claude Code 2.1.332 session', () => {
  const events = fixtureEvents();
  // The first session in the recording ends at the first SessionEnd (index 28).
  const firstEnd = events.findIndex((e) => e.hook_event_name === 'SessionEnd');

  it('tracks the session meta', () => {
    const state = foldEvents(undefined, events.slice(0, firstEnd + 1));
    expect(state).toMatchObject({
      sessionId: '0501210e-ee64-41c1-85d0-349c27fac4b3',
      cwd: '/home/dev/project',
      projectName: 'project',
      permissionMode: 'default',
      startedAt: T0,
      endReason: 'other',
      endedAt: T0 + firstEnd * 1000,
      promptCount: 1,
      pendingPrompts: 0,
    });
    expect(state.transcriptPath).toMatch(/0501210e.*\.jsonl$/);
  });

  it('counts the tools of the turn, their failures, durations and the files written', () => {
    const stop = events.findIndex((e) => e.hook_event_name === 'Stop');
    const state = foldEvents(undefined, events.slice(0, stop + 1));
    expect(toolsByUse(Object.entries(state.toolsThisTurn))).toEqual([
      ['Bash', 2],
      ['Agent', 1],
      ['Edit', 1],
      ['Glob', 1],
      ['Grep', 1],
      ['Read', 1],
      ['Write', 1],
    ]);
    expect(state.toolRunsTotal).toBe(8);
    expect(state.toolFailuresTotal).toBe(1);
    expect(lastFailure(state)?.tool).toBe('Bash');
    expect(lastFailure(state)?.error).toMatch(/^Exit code 254\n/);
    expect(state.toolDurations.Glob).toEqual({ count: 1, totalMs: 8, maxMs: 8 });
    expect(state.filesTouched.length).toBeGreaterThanOrEqual(1);
    expect(state.toolsRunning).toEqual({});
    expect(state.subagentsStartedTotal).toBe(1);
    expect(activeSubagents(state, T0 + stop * 1000)).toEqual([]);
    expect(state.lastTurnMs).toBe((stop - 1) * 1000);
  });

  it('shows the queue badge, the running tool and the subagent mid-turn', () => {
    const subagentStart = events.findIndex((e) => e.hook_event_name === 'SubagentStart');
    const state = foldEvents(undefined, events.slice(0, subagentStart + 1));
    const now = T0 + subagentStart * 1000 + 5000;
    expect(isProcessingPrompt(state)).toBe(true);
    expect(currentTool(state)?.tool).toBe('Agent');
    expect(subagentGroups(state, now)).toEqual([{ agentType: 'general-purpose', count: 1, longestMs: 5000 }]);
  });

  it('reads the model from a SessionStart that carries one, and records compactions', () => {
    const state = foldEvents(undefined, events);
    expect(state.model).toBe('claude-opus-5-5');
    expect(state.compactionCount).toBe(1);
    expect(state.compactions.map((c) => [c.phase, c.trigger])).toEqual([
      ['pre', 'manual'],
      ['post', 'manual'],
    ]);
    expect(state.endedAt).toBe(T0 + (events.length - 1) * 1000);
  });
});

describe('reducer edge cases', () => {
  it('is pure: reduceEvent never changes its input', () => {
    const before = foldEvents(undefined, [ev('UserPromptSubmit', { prompt_id: 'p1' }), pre('Bash', 't1')]);
    const frozen = JSON.stringify(before);
    const after = reduceEvent(before, post('Bash', 't1'));
    expect(JSON.stringify(before)).toBe(frozen);
    expect(after.toolsRunning).toEqual({});
    expect(before.toolsRunning).toHaveProperty('t1');
  });

  it('pairs a PostToolUse that arrives before its PreToolUse', () => {
    const state = foldEvents(undefined, [
      ev('UserPromptSubmit', { prompt_id: 'p1' }),
      post('Read', 't9'),
      pre('Read', 't9'),
    ]);
    expect(state.toolsRunning).toEqual({});
    expect(state.toolsThisTurn).toEqual({ Read: 1 });
  });

  it('ignores duplicates from the same hook registered twice', () => {
    const prompt = ev('UserPromptSubmit', { prompt_id: 'p1' });
    const p = pre('Bash', 't1');
    const q = post('Bash', 't1');
    const start = ev('SubagentStart', { agent_id: 'a1', agent_type: 'Explore' });
    const state = foldEvents(undefined, [prompt, prompt, p, p, q, q, start, start]);
    expect(state.pendingPrompts).toBe(1);
    expect(state.toolsThisTurn).toEqual({ Bash: 1 });
    expect(state.toolDurations.Bash.count).toBe(1);
    expect(state.subagentsStartedTotal).toBe(1);
  });

  it('keeps its dedupe memory bounded, in a fold and across checkpoints', () => {
    const events = Array.from({ length: 400 }, (_, i) => [pre('Read', `r${i}`), post('Read', `r${i}`)]).flat();
    const whole = foldEvents(undefined, events);
    const split = foldEvents(foldEvents(undefined, events.slice(0, 333)), events.slice(333));
    expect(whole.seen.length).toBeLessThanOrEqual(256);
    expect(split).toEqual(whole);
    expect(whole.toolRunsTotal).toBe(400);
    // A duplicate of a recent event is still caught after the ring has wrapped.
    expect(reduceEvent(whole, events[events.length - 1]).toolRunsTotal).toBe(400);
  });

  it('counts queued prompts and clears them at Stop or StopFailure', () => {
    let state = foldEvents(undefined, [
      ev('UserPromptSubmit', { prompt_id: 'p1' }),
      ev('UserPromptSubmit', { prompt_id: 'p2' }),
    ]);
    expect(state.pendingPrompts).toBe(2);
    state = reduceEvent(state, ev('Stop', { prompt_id: 'p2' }));
    expect(state.pendingPrompts).toBe(0);
    state = foldEvents(state, [
      ev('UserPromptSubmit', { prompt_id: 'p3' }),
      ev('StopFailure', { error: 'rate_limit' }),
    ]);
    expect(state.pendingPrompts).toBe(0);
    expect(lastFailure(state)).toMatchObject({ tool: 'Claude', error: 'rate_limit' });
  });

  it('keeps the last turn’s tools until the next prompt starts a new turn', () => {
    let state = foldEvents(undefined, [
      ev('UserPromptSubmit', { prompt_id: 'p1' }),
      pre('Bash', 't1'),
      post('Bash', 't1'),
      ev('Stop'),
    ]);
    expect(state.toolsThisTurn).toEqual({ Bash: 1 });
    state = reduceEvent(state, ev('UserPromptSubmit', { prompt_id: 'p2' }));
    expect(state.toolsThisTurn).toEqual({});
    expect(state.turnCount).toBe(2);
  });

  it('survives a missing Stop, SubagentStop and SessionEnd', () => {
    const start = ev('SubagentStart', { agent_id: 'a1', agent_type: 'Explore' });
    let state = foldEvents(undefined, [ev('UserPromptSubmit', { prompt_id: 'p1' }), start, pre('Bash', 't1')]);
    expect(activeSubagents(state, start.ts + 60_000)).toHaveLength(1);
    // Ten minutes without a stop: aged out, in the selector and at the next event.
    expect(activeSubagents(state, start.ts + 10 * 60_000 + 1)).toEqual([]);
    clock = start.ts + 11 * 60_000;
    state = reduceEvent(state, ev('Notification', { message: 'idle' }));
    expect(state.subagents).toEqual({});
    // A new prompt while one is pending is a queued prompt, not a new turn.
    expect(state.pendingPrompts).toBe(1);
    expect(isProcessingPrompt(state)).toBe(true);
  });

  it('closes subagents and running tools when the session ends', () => {
    const state = foldEvents(undefined, [
      ev('UserPromptSubmit', { prompt_id: 'p1' }),
      ev('SubagentStart', { agent_id: 'a1', agent_type: 'Explore' }),
      pre('Bash', 't1'),
      ev('SessionEnd', { reason: 'prompt_input_exit' }),
    ]);
    expect(state).toMatchObject({ subagents: {}, toolsRunning: {}, pendingPrompts: 0, endReason: 'prompt_input_exit' });
  });

  it('tolerates unknown events and odd payloads', () => {
    const state = foldEvents(emptySessionState(SID), [
      ev('SomethingNew', { weird: [1, 2, 3] }),
      ev('PreToolUse', {}),
      ev('PostToolUseFailure', { tool_name: 'Bash' }),
      ev('SubagentStop', {}),
      ev('PreCompact', { trigger: 'manual' }),
    ]);
    expect(state.eventCount).toBe(5);
    expect(state.lastEventName).toBe('PreCompact');
    expect(state.toolFailuresTotal).toBe(1);
    expect(state.compactionCount).toBe(1);
  });

  it('keeps the host the journal lines name: absent before hosts existed, the latest line that names one after', () => {
    const old = foldEvents(emptySessionState(SID), [ev('SessionStart')]);
    expect(old.host).toBeUndefined();
    const state = foldEvents(old, [
      ev('UserPromptSubmit', { host: 'codex' }),
      ev('Stop', { host: 7 }),
      ev('Notification', { host: '' }),
    ]);
    expect(state.host).toBe('codex');
  });

  it('records files written or edited, most recent last, without repeats', () => {
    const state = foldEvents(undefined, [
      post('Write', 'w1', { file_path: '/p/a.ts' }),
      post('Edit', 'e1', { file_path: '/p/b.ts' }),
      post('Edit', 'e2', { file_path: '/p/a.ts' }),
      post('NotebookEdit', 'n1', { notebook_path: '/p/c.ipynb' }),
      post('Read', 'r1', { file_path: '/p/d.ts' }),
    ]);
    expect(state.filesTouched).toEqual(['/p/b.ts', '/p/a.ts', '/p/c.ipynb']);
  });

  it('buckets activity per minute for the sparkline', () => {
    const base = Date.UTC(2026, 0, 1, 12, 0, 0);
    const events = [0, 10, 70, 130, 131, 132].map((s) => ({
      ts: base + s * 1000,
      session_id: SID,
      hook_event_name: 'Notification',
    }));
    const state = foldEvents(undefined, events);
    expect(activityPerMinute(state, base + 150_000, 4)).toEqual([0, 2, 1, 3]);
  });
});
