/**
 * The Qwen translator over real Qwen Code 0.24.4 payloads (test/fixtures/qwen/): the empty prompt
 * before each continuation is no new turn, the exit code from the failure's text, and Esc on a
 * permission prompt (no Stop, a cancelled PostToolBatch) ends the turn.
 */
import { describe, expect, it } from 'vitest';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { awaitsAnswer } from '../../src/state/selectors.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';

const journal = (name: string): JournalEvent[] =>
  HOST_FIXTURES.qwen()
    .find((r) => r.name === name)!
    .payloads.flatMap((p, i) => {
      const e = normalizeHostEvent('qwen', p);
      return e ? [{ ...e, ts: 10_000 + i * 100 } as JournalEvent] : [];
    });

describe('the Qwen translator', () => {
  it('one turn for p-basic, its failures with exit codes, the subagent and the files', () => {
    const events = journal('p-basic');
    const state = foldEvents(undefined, events, events[0].session_id);
    expect(state.turnCount).toBe(1);
    expect(state.promptCount).toBe(1);
    expect(state.pendingPrompts).toBe(0);
    expect(state.host).toBe('qwen');
    expect(state.failures.map((f) => f.error.split('\n')[0])).toEqual(['Exit code 3', expect.any(String)]);
    expect(events.find((e) => e.exit_code === 3)?.error).toBe('Exit code 3\nabout-to-fail');
    expect(state.subagentsStartedTotal).toBe(1);
    expect(state.filesTouched.length).toBe(1);
  });

  it('Esc on a permission prompt: waiting, then the cancelled batch ends the turn', () => {
    const events = journal('tui');
    const asked = events.map((e) => e.hook_event_name).lastIndexOf('PermissionRequest');
    expect(awaitsAnswer(foldEvents(undefined, events.slice(0, asked + 1), events[0].session_id))).toBe(true);
    const interrupt = events.findIndex((e) => e.hook_event_name === 'Interrupt');
    expect(interrupt).toBeGreaterThan(asked);
    const after = foldEvents(undefined, events.slice(0, interrupt + 1), events[0].session_id);
    expect([after.pendingPrompts, awaitsAnswer(after)]).toEqual([0, false]);
  });
});
