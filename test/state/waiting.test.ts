/**
 * The waiting state on event sequences RECORDED from the real interactive Claude Code 2.1.332
 * (scripts/record-waiting-session.ts): checked after every event, then on variations of the
 * recording (a denied call, a subagent working while the main agent waits, late notifications).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents, reduceEvent } from '../../src/state/reducer.js';
import { sessionActivity } from '../../src/state/selectors.js';
import { emptySessionState, type SessionState } from '../../src/state/session-state.js';

const recorded = (name: string): JournalEvent[] =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

const session = recorded('waiting-session.jsonl');
const at = (name: string, type?: string) =>
  session.find((e) => e.hook_event_name === name && (type === undefined || e.notification_type === type))!;

/** The state after each event of `events`, in order. */
function steps(events: JournalEvent[]): SessionState[] {
  const out: SessionState[] = [];
  let state = emptySessionState(events[0].session_id);
  for (const event of events) out.push((state = reduceEvent(state, event)));
  return out;
}

describe('the waiting state on the recorded approval of a Bash call', () => {
  it('the recording is what the rules expect from the real CLI', () => {
    expect(session.map((e) => `${e.hook_event_name}${e.notification_type ? `:${e.notification_type}` : ''}`)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PermissionRequest',
      'Notification:permission_prompt',
      'PostToolUse',
      'PostToolBatch',
      'Stop',
      'Notification:idle_prompt',
      'SessionEnd',
    ]);
  });

  it('after each event: working, waiting for approval of `rm -rf build`, working again, idle, idle at the prompt (not an ask), ended', () => {
    const states = steps(session);
    const request = at('PermissionRequest');
    const idle = at('Notification', 'idle_prompt');
    expect(states.map((s) => sessionActivity(s))).toEqual([
      'idle',
      'thinking',
      'working',
      'waiting',
      'waiting',
      'thinking',
      'thinking',
      'idle',
      'idle',
      'ended',
    ]);
    const permission = { since: request.ts, reason: 'permission', tool: 'Bash', detail: 'rm -rf build' };
    expect(states[3].waiting).toEqual(permission);
    // The reminder six seconds later keeps the ask as it was (since, tool, command).
    expect(states[4].waiting).toEqual(permission);
    for (const i of [0, 1, 2, 5, 6, 7, 9]) expect(states[i].waiting, `after event ${i}`).toBeUndefined();
    expect(states[8].waiting).toEqual({ since: idle.ts, reason: 'idle', detail: 'Claude is waiting for your input' });
  });

  it('the next prompt ends the idle wait', () => {
    const untilIdle = session.slice(0, 9);
    const prompt = {
      ...at('UserPromptSubmit'),
      prompt_id: 'next-prompt',
      ts: at('Notification', 'idle_prompt').ts + 1000,
    };
    const state = foldEvents(undefined, [...untilIdle, prompt]);
    expect(state.waiting).toBeUndefined();
    expect(sessionActivity(state)).toBe('thinking');
  });

  it('a denied or failing call ends the ask, and so does the turn stopping without it', () => {
    const upToAsk = session.slice(0, 4);
    const post = at('PostToolUse');
    expect(
      foldEvents(undefined, [...upToAsk, { ...post, hook_event_name: 'PostToolUseFailure', error: 'denied' }]).waiting,
    ).toBeUndefined();
    expect(
      foldEvents(undefined, [...upToAsk, { ...post, hook_event_name: 'PermissionDenied' }]).waiting,
    ).toBeUndefined();
    expect(foldEvents(undefined, [...upToAsk, at('Stop')]).waiting).toBeUndefined();
    expect(foldEvents(undefined, [...upToAsk, at('SessionEnd')]).waiting).toBeUndefined();
  });

  it('another tool of the same agent starting means the ask was answered; a subagent working meanwhile does not', () => {
    const upToAsk = session.slice(0, 4);
    const pre = at('PreToolUse');
    const nextCall = {
      ...pre,
      tool_use_id: 'toolu_next',
      tool_name: 'Read',
      tool_input: { file_path: '/home/dev/project/a' },
      ts: pre.ts + 5000,
    };
    expect(foldEvents(undefined, [...upToAsk, nextCall]).waiting).toBeUndefined();
    const subagentCall = { ...nextCall, agent_id: 'agent-1', agent_type: 'general-purpose' };
    expect(foldEvents(undefined, [...upToAsk, subagentCall]).waiting).toMatchObject({
      reason: 'permission',
      tool: 'Bash',
    });
  });

  it('a permission reminder after the call already ran, or an idle reminder after a new prompt, is stale', () => {
    const reminder = at('Notification', 'permission_prompt');
    const afterRun = session.slice(0, 6).filter((e) => e !== reminder);
    expect(
      foldEvents(undefined, [...afterRun, { ...reminder, ts: at('PostToolUse').ts + 10 }]).waiting,
    ).toBeUndefined();
    const prompt = { ...at('UserPromptSubmit'), prompt_id: 'next-prompt', ts: at('Stop').ts + 10 };
    expect(
      foldEvents(undefined, [...session.slice(0, 8), prompt, at('Notification', 'idle_prompt')]).waiting,
    ).toBeUndefined();
  });

  it('a question (agent_needs_input, elicitation) waits with its message; the next tool ends it', () => {
    const base = session.slice(0, 2);
    const question = {
      ...at('Notification', 'permission_prompt'),
      notification_type: 'agent_needs_input',
      message: 'Which branch?',
    };
    const asked = foldEvents(undefined, [...base, question]);
    expect(asked.waiting).toEqual({ since: question.ts, reason: 'question', detail: 'Which branch?' });
    expect(foldEvents(undefined, [...base, { ...question, notification_type: 'elicitation' }]).waiting?.reason).toBe(
      'question',
    );
    expect(reduceEvent(asked, { ...at('PreToolUse'), ts: question.ts + 1 }).waiting).toBeUndefined();
  });

  it('other notifications and duplicated deliveries leave it alone; the input state is never mutated', () => {
    const asking = foldEvents(undefined, session.slice(0, 4));
    const frozen = JSON.stringify(asking);
    const other = reduceEvent(asking, {
      ...at('Notification', 'permission_prompt'),
      notification_type: 'auth_success',
      message: 'ok',
    });
    expect(other.waiting).toEqual(asking.waiting);
    // The same PreToolUse delivered twice (two settings files) is deduplicated, so it does not end the ask.
    expect(reduceEvent(asking, at('PreToolUse')).waiting).toEqual(asking.waiting);
    expect(JSON.stringify(asking)).toBe(frozen);
  });
});

describe('waitingSentence: what the bubble says', () => {
  it('names the tool and its command, a question, or the next prompt', async () => {
    const { waitingSentence, waitingWhat } = await import('../../src/state/waiting-text.js');
    expect(waitingSentence({ since: 0, reason: 'permission', tool: 'Bash', detail: 'rm -rf build' })).toBe(
      'waiting for you: approve Bash `rm -rf build`',
    );
    expect(waitingSentence({ since: 0, reason: 'permission', detail: 'Claude needs your permission' })).toBe(
      'waiting for you: approve: Claude needs your permission',
    );
    expect(waitingSentence({ since: 0, reason: 'question', detail: 'Which branch?\nmore' })).toBe(
      'waiting for you: answer: Which branch?',
    );
    expect(waitingSentence({ since: 0, reason: 'idle' })).toBe('waiting for your next prompt');
    expect(waitingWhat({ since: 0, reason: 'question' })).toBe('answer a question');
  });
});
