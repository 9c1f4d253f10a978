/**
 * The Gemini translator over real Gemini CLI 0.61.0 payloads (test/fixtures/gemini/): Claude's event
 * names, the exit code read from `Exit Code: N`, a tool error as a failure, the model-level events
 * dropped, and a turn left open by Esc closed by the next prompt.
 */
import { describe, expect, it } from 'vitest';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { awaitsAnswer } from '../../src/state/selectors.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';

const journal = (name: string): JournalEvent[] =>
  HOST_FIXTURES.gemini()
    .find((r) => r.name === name)!
    .payloads.flatMap((p, i) => {
      const e = normalizeHostEvent('gemini', p);
      return e ? [{ ...e, ts: 10_000 + i * 100 } as JournalEvent] : [];
    });

describe('the Gemini translator', () => {
  it('keeps what the buddy reads of p-basic, with the failures and the files written', () => {
    const events = journal('p-basic');
    expect(events.map((e) => e.hook_event_name)).not.toContain('BeforeModel');
    const done = events
      .filter((e) => e.hook_event_name.startsWith('PostToolUse'))
      .map((e) => [e.hook_event_name, e.tool_name, e.exit_code]);
    expect(done).toEqual([
      ['PostToolUse', 'run_shell_command', 0],
      ['PostToolUseFailure', 'run_shell_command', 3],
      ['PostToolUse', 'write_file', undefined],
      ['PostToolUse', 'replace', undefined],
      ['PostToolUseFailure', 'replace', undefined],
      ['PostToolUse', 'complete_task', undefined],
      ['PostToolUse', 'invoke_agent', undefined],
    ]);
    expect(events.find((e) => e.exit_code === 3)?.error).toBe('Exit code 3\nabout-to-fail');
    const state = foldEvents(undefined, events, events[0].session_id);
    expect(state.host).toBe('gemini');
    expect(state.toolFailuresTotal).toBe(2);
    expect(state.filesTouched).toEqual(['/home/dev/project/hello.txt']);
    expect(state.turnCount).toBe(1);
    expect(state.endedAt).toBeDefined();
  });

  it('a permission prompt makes the session wait; Esc (no AfterTool, no AfterAgent) is closed by the next prompt', () => {
    const events = journal('tui');
    const notified = events.findIndex((e) => e.hook_event_name === 'PermissionRequest');
    expect(events[notified]).toMatchObject({ notification_type: 'permission_prompt', tool_name: 'run_shell_command' });
    expect(awaitsAnswer(foldEvents(undefined, events.slice(0, notified + 1), events[0].session_id))).toBe(true);
    const secondPrompt = events.findIndex((e, i) => i > notified && e.hook_event_name === 'UserPromptSubmit');
    const second = events.findIndex((e, i) => i > secondPrompt && e.hook_event_name === 'PermissionRequest');
    const beforeQuit = foldEvents(undefined, events.slice(0, second + 1), events[0].session_id);
    expect(beforeQuit.turnCount).toBe(2);
    expect(beforeQuit.pendingPrompts).toBe(1);
    expect(awaitsAnswer(beforeQuit)).toBe(true);
    // Esc: nothing more until /quit, whose SessionEnd ends the wait and the turn.
    const ended = foldEvents(undefined, events, events[0].session_id);
    expect([awaitsAnswer(ended), ended.pendingPrompts]).toEqual([false, 0]);
  });

  it('an API error (no AfterAgent) leaves the turn to SessionEnd', () => {
    const events = journal('p-apierror');
    expect(events.map((e) => e.hook_event_name)).toEqual(['SessionStart', 'UserPromptSubmit', 'SessionEnd']);
    expect(foldEvents(undefined, events, events[0].session_id).pendingPrompts).toBe(0);
  });
});
