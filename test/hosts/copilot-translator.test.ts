/**
 * The Copilot translator over real Copilot CLI 1.0.102 payloads (test/fixtures/copilot/): the exit code
 * read from the shell's text, files from `path`, the half-camelCase SubagentStart, a child agent's
 * own events on the parent's session, an API error ending the turn; and what the reducer makes of it.
 */
import { describe, expect, it } from 'vitest';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import { eventKinds } from '../../src/protocol/event-kind.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { sessionMood } from '../../src/display/mood.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';

const run = (name: string) => HOST_FIXTURES.copilot().find((r) => r.name === name)!.payloads;
const journal = (name: string): JournalEvent[] =>
  run(name).flatMap((p, i) => {
    const e = normalizeHostEvent('copilot', p);
    return e ? [{ ...e, ts: 10_000 + i * 100 } as JournalEvent] : [];
  });

describe('the Copilot translator', () => {
  it('turns `exit 3` (a "success" with the code only as text) into a failure with its exit code', () => {
    const events = journal('p-pascal');
    const shells = events.filter((e) => e.tool_name === 'Bash' && e.hook_event_name.startsWith('PostToolUse'));
    expect(shells.map((e) => [e.hook_event_name, e.exit_code])).toEqual([
      ['PostToolUse', 0],
      ['PostToolUseFailure', 3],
    ]);
    expect(shells[1].error).toBe('Exit code 3\nabout-to-fail');
    expect(eventKinds(shells[1])).toEqual(['tool_failure']);
  });

  it('names the files Write and Edit touched, and folds the run into one session with its subagent', () => {
    const events = journal('p-pascal');
    const state = foldEvents(undefined, events, events[0].session_id);
    expect(new Set(events.map((e) => e.session_id)).size).toBe(1);
    expect(state.host).toBe('copilot');
    expect(state.toolFailuresTotal).toBe(1); // exit 3
    expect(state.subagentsStartedTotal).toBe(1);
    expect(Object.keys(state.subagents)).toEqual([]);
    expect(state.turnCount).toBe(1); // the child's own prompt is not a new turn
    expect(state.pendingPrompts).toBe(0);
    expect(state.endedAt).toBeDefined();
    expect(
      events.filter((e) => e.hook_event_name === 'PostToolUse' && e.files_touched).map((e) => e.files_touched),
    ).toEqual([['/home/dev/project/hello.txt'], ['/home/dev/project/hello.txt']]);
  });

  it("moves the child agent's own prompt and Stop to the parent session under their own names", () => {
    const events = journal('p-pascal');
    expect(events.map((e) => e.hook_event_name).filter((n) => n.startsWith('Subagent'))).toEqual([
      'SubagentStart',
      'SubagentPrompt',
      'SubagentTurnEnd',
      'SubagentStop',
    ]);
  });

  it('ends the turn on an API error (no Stop follows) and counts it as a failure', () => {
    const events = journal('p-pascal-apierror');
    const error = events.find((e) => e.hook_event_name === 'StopFailure')!;
    expect(error.error).toContain('mock: simulated model failure');
    const beforeEnd = foldEvents(
      undefined,
      events.filter((e) => e.hook_event_name !== 'SessionEnd'),
      error.session_id,
    );
    expect(beforeEnd.pendingPrompts).toBe(0);
    expect(beforeEnd.toolFailuresTotal).toBe(1);
    expect(beforeEnd.failures[0].tool).toBe('copilot'); // the host's failed turn, not "Claude"

    expect(sessionMood(beforeEnd, error.ts + 1000)).toBe('error');
  });

  it('recognises the camelCase PermissionRequest and refuses a payload with no session', () => {
    const permission = run('p-pascal').find((p) => p.hookName === 'permissionRequest')!;
    expect(normalizeHostEvent('copilot', permission)).toMatchObject({
      hook_event_name: 'PermissionRequest',
      tool_name: 'bash',
      session_id: permission.sessionId,
    });
    expect(normalizeHostEvent('copilot', { hook_event_name: 'Stop' })).toBeUndefined();
    expect(normalizeHostEvent('copilot', { sessionId: 's', timestamp: 1 })).toBeUndefined();
  });
});
