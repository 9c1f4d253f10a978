/**
 * A plugin's outcome to the runner's action, on its own: one reaction built once (text and mood
 * sanitised, priority and ttl within bounds), a delegate hand-off, a warning, or nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  answerAction,
  MAX_REACTION_LENGTH,
  MAX_TTL_MS,
  MIN_TTL_MS,
  type AnswerContext,
} from '../../src/plugins/answer-reaction.js';
import { BUILTIN_PLUGIN_NAME } from '../../src/plugins/builtin-quips.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { REACTION_PRIORITY } from '../../src/protocol/reaction.js';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);
const event = { ts: T0, session_id: 's1', hook_event_name: 'PostToolUseFailure', tool_name: 'Bash' } as JournalEvent;

function context(overrides: Partial<AnswerContext> = {}): AnswerContext {
  let ids = 0;
  return {
    plugin: 'probe',
    event,
    kinds: ['tool_failure'],
    eventId: 'e7',
    startedAt: T0,
    now: T0 + 250,
    newId: () => `id-${++ids}`,
    ...overrides,
  };
}

const answer = (raw: unknown) => ({ kind: 'answer' as const, raw });

describe('answer to action', () => {
  it("plain stdout: one reaction as urgent as the event, with the run's number, time and id", () => {
    expect(answerAction(answer('Ouch, \u001b[31mthat\u001b[0m hurt\n'), context())).toEqual({
      kind: 'reaction',
      reaction: {
        id: 'id-1',
        sessionId: 's1',
        source: 'probe',
        event: 'PostToolUseFailure',
        eventId: 'e7',
        kind: 'reaction',
        text: 'Ouch, that hurt',
        priority: REACTION_PRIORITY.failure,
        ttlMs: 10_000,
        ts: T0 + 250,
        elapsedMs: 250,
      },
    });
  });

  it('a reaction answer: mood sanitised, priority and ttl kept within bounds, text cut at the limit', () => {
    const loud = answerAction(
      answer({ reaction: 'x'.repeat(2000), mood: '\u001b[1mhappy', priority: 99, ttlMs: 10 }),
      context({ kinds: ['turn_end'] }),
    );
    expect(loud).toMatchObject({
      kind: 'reaction',
      reaction: { mood: 'happy', priority: REACTION_PRIORITY.failure, ttlMs: MIN_TTL_MS },
    });
    if (loud.kind !== 'reaction') return;
    expect(loud.reaction.text).toHaveLength(MAX_REACTION_LENGTH);
    expect(loud.reaction.text.endsWith('…')).toBe(true);
    const quiet = answerAction(answer({ reaction: 'hm', priority: -5, ttlMs: 10_000_000 }), context());
    expect(quiet).toMatchObject({ reaction: { priority: REACTION_PRIORITY.chat, ttlMs: MAX_TTL_MS } });
  });

  it('exit 2: a warning bubble; a built-in quip is marked as the fallback', () => {
    expect(answerAction({ kind: 'warning-reaction', text: 'careful\n' }, context())).toMatchObject({
      kind: 'reaction',
      reaction: { kind: 'warning', text: 'careful', priority: REACTION_PRIORITY.warning },
    });
    const quip = answerAction(answer('Oof.'), context({ plugin: BUILTIN_PLUGIN_NAME }));
    expect(quip).toMatchObject({ kind: 'reaction', reaction: { source: BUILTIN_PLUGIN_NAME, fallback: true } });
  });

  it('nothing to show is nothing, and makes no id: empty, only escapes, an empty answer', () => {
    let made = 0;
    const counting = context({ newId: () => `id-${++made}` });
    for (const outcome of [
      answer(''),
      answer('\u001b[2J\u0007'),
      answer({ reaction: '  ' }),
      { kind: 'warning-reaction' as const, text: '\u001b[0m' },
      { kind: 'none' as const },
    ]) {
      expect(answerAction(outcome, counting)).toEqual({ kind: 'none' });
    }
    expect(made).toBe(0);
  });

  it('a delegate request: handed off with its meta; an invalid answer or a failed run: a warning', () => {
    const request = { delegate: true, prompt: 'say hi', systemPrompt: 'be brief' };
    expect(answerAction(answer(request), context())).toEqual({
      kind: 'delegate',
      request: expect.objectContaining({ prompt: 'say hi' }),
      meta: {
        plugin: 'probe',
        sessionId: 's1',
        event,
        kinds: ['tool_failure'],
        eventId: 'e7',
        systemPrompt: 'be brief',
        receivedAt: T0 + 250,
      },
    });
    expect(answerAction(answer({ reaction: 42 }), context())).toMatchObject({
      kind: 'warning',
      message: expect.stringMatching(/^invalid answer: /),
    });
    expect(answerAction({ kind: 'warning', message: 'timed out after 10s' }, context())).toEqual({
      kind: 'warning',
      message: 'timed out after 10s',
    });
  });
});
