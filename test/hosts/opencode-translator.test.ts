/**
 * OpenCode's and Kilo's recorded plugin calls (test/fixtures/<id>/captured.jsonl) through
 * buddy-tui's plugin recorder (opencode-records.ts) and the translator (opencode-events.ts),
 * folded by the reducer: what the user sees of each recorded run (RECIPE §7).
 */
import { describe, expect, it } from 'vitest';
import { busEventRecords, emptyOpenCodeMemory, hookRecords } from '../../src/ingest/host-plugin/opencode-records.js';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import type { SessionState } from '../../src/state/session-state.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';

type Host = 'opencode' | 'kilo';

function eventsOf(host: Host, runName: string): JournalEvent[] {
  const run = HOST_FIXTURES[host]().find((r) => r.name === runName);
  if (!run) throw new Error(`no run ${runName}`);
  return run.payloads.flatMap((payload, i) => {
    const event = normalizeHostEvent(host, payload);
    return event ? [{ ...event, ts: 1_000 + i } as JournalEvent] : [];
  });
}

/** The state after each event of the root session. */
function statesOf(events: JournalEvent[]): SessionState[] {
  const states: SessionState[] = [];
  let state: SessionState | undefined;
  for (const event of events) states.push((state = foldEvents(state, [event], event.session_id)));
  return states;
}

describe.each([['opencode'], ['kilo']] as const)('%s: the recorded runs as the user sees them', (host) => {
  it('p-basic: a bash that exited 3 is a failure with its exit code; a tool error (no after-hook) a failure; a subagent starts and stops', () => {
    const events = eventsOf(host, 'p-basic');
    expect(new Set(events.map((e) => e.session_id)).size).toBe(1);
    const failed = events.find((e) => e.hook_event_name === 'PostToolUseFailure' && e.tool_name === 'bash');
    expect(failed).toMatchObject({ exit_code: 3, tool_role: 'shell', error: 'Exit code 3\nabout-to-fail' });
    expect(failed?.tool_use_id).toMatch(/^call_/);
    expect(events.find((e) => e.hook_event_name === 'PostToolUseFailure' && e.tool_name === 'edit')?.error).toMatch(
      /oldString/,
    );
    const state = foldEvents(undefined, events);
    expect(state.host).toBe(host);
    expect(state.failures.map((f) => f.tool)).toEqual(['bash', 'edit']);
    expect(state.subagentsStartedTotal).toBe(1);
    expect(Object.keys(state.subagents)).toEqual([]);
    expect(state.toolsRunning).toEqual({});
    expect(state.endedAt).toBeDefined();
    expect(state.filesTouched.some((path) => path.endsWith('hello.txt'))).toBe(true);
  });

  it('p-auto and tui: "waiting for you" from the ask until the answer, before the tool ends', () => {
    for (const name of ['p-auto', 'tui']) {
      const events = eventsOf(host, name);
      const states = statesOf(events);
      const asked = events.findIndex((e) => e.hook_event_name === 'PermissionRequest');
      expect(states[asked].waiting).toMatchObject({ reason: 'permission', tool: 'bash' });
      const answered = events.findIndex((e, i) => i > asked && e.hook_event_name === 'buddy-tui.AskAnswered');
      expect(answered).toBe(asked + 1);
      expect(states[answered].waiting).toBeUndefined();
      expect(Object.keys(states[answered].toolsRunning)).toHaveLength(1);
    }
  });

  it('p-ask: a rejected ask is denied and the call fails', () => {
    const names = eventsOf(host, 'p-ask').map((e) => e.hook_event_name);
    expect(names).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PermissionRequest',
      'PermissionDenied',
      'PostToolUseFailure',
      'Stop',
      'SessionEnd',
    ]);
  });

  it('p-apierror: the model error ends the turn as a failure', () => {
    const state = foldEvents(undefined, eventsOf(host, 'p-apierror'));
    expect(state.failures).toMatchObject([{ tool: host }]);
  });

  it('tui: /compact is PreCompact then PostCompact', () => {
    expect(foldEvents(undefined, eventsOf(host, 'tui')).compactionCount).toBe(1);
  });
});

describe('the OpenCode plugin recorder', () => {
  it('never records chat.params or chat.headers (they carry the API key) nor streamed deltas', () => {
    const memory = emptyOpenCodeMemory();
    expect(hookRecords(memory, 'chat.params', { sessionID: 's' }, { options: { apiKey: 'sk-x' } })).toEqual([]);
    expect(hookRecords(memory, 'chat.headers', { sessionID: 's' }, { headers: { authorization: 'x' } })).toEqual([]);
    expect(busEventRecords(memory, { type: 'message.part.delta', properties: { sessionID: 's' } })).toEqual([]);
  });

  it('takes any shape without throwing, and bounds what it keeps', () => {
    const memory = emptyOpenCodeMemory();
    for (const junk of [
      undefined,
      null,
      3,
      'x',
      [],
      { type: 'session.created' },
      { type: 'session.idle', properties: 7 },
    ])
      expect(() => busEventRecords(memory, junk)).not.toThrow();
    const [after] = hookRecords(
      memory,
      'tool.execute.after',
      { tool: 'bash', sessionID: 's', callID: 'c' },
      { output: 'x'.repeat(100_000), metadata: { exit: 1 } },
    );
    expect(JSON.stringify(after).length).toBeLessThan(10_000);
  });
});
