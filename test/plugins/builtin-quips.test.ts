import { describe, expect, it } from 'vitest';
import { createPluginRunner } from '../../src/plugins/plugin-runner.js';
import { builtinQuipAnswer, BUILTIN_PLUGIN_NAME } from '../../src/plugins/builtin-quips.js';
import { LONG_TURN_MS, type EventKind } from '../../src/protocol/event-kind.js';
import { REACTION_PRIORITY } from '../../src/protocol/reaction.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { bashEvent, collector } from './plugin-fixtures.js';

const QUIPS: Partial<Record<EventKind, string>> = {
  tool_failure: 'Oops, that broke.',
  test_failure: 'Red tests! \u001b[31mWe got this.',
  tests_passed: 'All green!',
  git_commit: 'Committed. Proud of you.',
  long_turn: 'That was a long one.',
  subagent_start: 'A helper joins the party.',
  prompt: 'never used: prompts are not quip-worthy',
};

describe('built-in quip reactions (no plugin configured)', () => {
  it('react to failures, test results, commits, long turns and subagents through the same contract', async () => {
    const asked: Array<[EventKind, string]> = [];
    const out = collector();
    const runner = createPluginRunner({
      limits: { cooldownMs: 0 },
      quipFor: (kind, sessionId) => {
        asked.push([kind, sessionId]);
        return QUIPS[kind];
      },
      ...out.callbacks,
    });
    const events: JournalEvent[] = [
      { ts: 0, session_id: 's1', hook_event_name: 'UserPromptSubmit', prompt: 'go' },
      bashEvent('npm test', { hook_event_name: 'PostToolUseFailure', error: 'Exit code 1', session_id: 's1' }),
      bashEvent('make build', { hook_event_name: 'PostToolUseFailure', error: 'Exit code 2', session_id: 's1' }),
      bashEvent('npx vitest run', { session_id: 's1' }),
      bashEvent('git commit -m "x"', { session_id: 's1' }),
      bashEvent('ls', { session_id: 's1' }),
      { ts: 10, session_id: 's1', hook_event_name: 'SubagentStart', agent_id: 'a', agent_type: 'Explore' },
      { ts: LONG_TURN_MS + 1, session_id: 's1', hook_event_name: 'Stop' },
      { ts: LONG_TURN_MS + 2, session_id: 's1', hook_event_name: 'UserPromptSubmit', prompt: 'again' },
      { ts: LONG_TURN_MS + 3, session_id: 's1', hook_event_name: 'Stop' }, // a short turn: no quip
    ];
    for (const event of events) await runner.handleEvent(event);
    expect(out.reactions.map((r) => [r.text, r.event, r.priority])).toEqual([
      ['Red tests! We got this.', 'PostToolUseFailure', REACTION_PRIORITY.failure],
      ['Oops, that broke.', 'PostToolUseFailure', REACTION_PRIORITY.failure],
      ['All green!', 'PostToolUse', REACTION_PRIORITY.success],
      ['Committed. Proud of you.', 'PostToolUse', REACTION_PRIORITY.success],
      ['A helper joins the party.', 'SubagentStart', REACTION_PRIORITY.chat],
      ['That was a long one.', 'Stop', REACTION_PRIORITY.info],
    ]);
    expect(new Set(out.reactions.map((r) => r.source))).toEqual(new Set([BUILTIN_PLUGIN_NAME]));
    expect(asked.every(([, session]) => session === 's1')).toBe(true);
    expect(asked.map(([kind]) => kind)).not.toContain('prompt');
  });

  it('stay quiet when the species has no quip, and obey the cooldown', async () => {
    let clock = 0;
    const out = collector();
    const runner = createPluginRunner({
      now: () => clock,
      limits: { cooldownMs: 1000 },
      quipFor: (kind) => (kind === 'tool_failure' ? 'ow' : undefined),
      ...out.callbacks,
    });
    await runner.handleEvent(bashEvent('npm test')); // tests_passed: no quip
    await runner.handleEvent(bashEvent('make', { hook_event_name: 'PostToolUseFailure' }));
    clock = 500;
    await runner.handleEvent(bashEvent('make', { hook_event_name: 'PostToolUseFailure' }));
    clock = 1500;
    await runner.handleEvent(bashEvent('make', { hook_event_name: 'PostToolUseFailure' }));
    expect(out.reactions.map((r) => r.ts)).toEqual([0, 1500]);
  });

  it('are not even made while the cooldown would drop them (a burst costs one quip)', async () => {
    let clock = 0;
    let made = 0;
    const out = collector();
    const runner = createPluginRunner({
      now: () => clock,
      limits: { cooldownMs: 1000 },
      quipFor: () => ((made += 1), 'ow'),
      ...out.callbacks,
    });
    for (let i = 0; i < 50; i += 1)
      await runner.handleEvent(bashEvent('make', { hook_event_name: 'PostToolUseFailure' }));
    expect([made, out.reactions.length]).toEqual([1, 1]);
    clock = 1000;
    await runner.handleEvent(bashEvent('make', { hook_event_name: 'PostToolUseFailure' }));
    expect([made, out.reactions.length]).toEqual([2, 2]);
  });

  it('a throwing quipFor is a logged warning, not a crash', async () => {
    const out = collector();
    const runner = createPluginRunner({
      quipFor: () => {
        throw new Error('species broke');
      },
      ...out.callbacks,
    });
    await runner.handleEvent(bashEvent('make', { hook_event_name: 'PostToolUseFailure' }));
    expect(out.warnings).toMatchObject([{ plugin: BUILTIN_PLUGIN_NAME, message: 'quip failed: species broke' }]);
  });

  it('picks the most specific kind that has a quip', () => {
    expect(
      builtinQuipAnswer(['test_failure', 'tool_failure'], 's', (k) => (k === 'tool_failure' ? 'generic' : undefined)),
    ).toEqual({ reaction: 'generic', priority: REACTION_PRIORITY.failure });
    expect(builtinQuipAnswer(['turn_end'], 's', () => 'x')).toBeUndefined();
  });
});

describe('callbacks that throw', () => {
  it('never make handleEvent throw or reject', async () => {
    const runner = createPluginRunner({
      quipFor: () => 'hi',
      onReaction: () => {
        throw new Error('ui broke');
      },
      report: () => {
        throw new Error('logger broke');
      },
    });
    await expect(
      runner.handleEvent(bashEvent('make', { hook_event_name: 'PostToolUseFailure' })),
    ).resolves.toBeUndefined();
    await runner.close();
  });
});
