/** What the runner gives the pane to arbitrate with: event ids, the fallback mark, priorities, drops, chattiness. */
import { afterEach, describe, expect, it } from 'vitest';
import { createPluginRunner, type PluginRunner, type PluginRunnerOptions } from '../../src/plugins/plugin-runner.js';
import { BUILTIN_PLUGIN_NAME } from '../../src/plugins/builtin-quips.js';
import { nextChattiness, quipAllowed } from '../../src/plugins/chattiness.js';
import type { EventKind } from '../../src/protocol/event-kind.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { REACTION_PRIORITY, type Reaction } from '../../src/protocol/reaction.js';
import { bashEvent, collector, command, handlers } from './plugin-fixtures.js';

const runners: PluginRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
});
const runnerWith = (options: PluginRunnerOptions) => {
  const runner = createPluginRunner({ shell: '/bin/sh', ...options });
  runners.push(runner);
  return runner;
};
const quipFor = (kind: EventKind) => `quip:${kind}`;
const failing = (cmd: string, extra: Partial<JournalEvent> = {}) =>
  bashEvent(cmd, { hook_event_name: 'PostToolUseFailure', error: 'Exit code 1', ...extra });

describe('plugin runner: answers the pane can arbitrate', () => {
  it("gives the quip and the plugin's answer to one event the same event id; only the quip is the fallback", async () => {
    const out = collector();
    const runner = runnerWith({
      limits: { cooldownMs: 0 },
      quipFor,
      handlers: handlers({
        event: 'PostToolUseFailure',
        matcher: 'Bash',
        handler: command(`echo '{"reaction": "my plugin saw that"}'`),
        origin: { plugin: 'mine' },
      }),
      ...out.callbacks,
    });
    await runner.handleEvent(failing('make'));
    await runner.handleEvent(failing('make again'));
    const [quip1, answer1, quip2, answer2] = out.reactions;
    expect(quip1).toMatchObject({ source: BUILTIN_PLUGIN_NAME, fallback: true, text: 'quip:tool_failure' });
    expect(answer1).toMatchObject({ source: 'mine', text: 'my plugin saw that' });
    expect(answer1!.fallback).toBeUndefined();
    expect(answer1!.eventId).toBe(quip1!.eventId);
    expect(quip2!.eventId).not.toBe(quip1!.eventId);
    expect(answer2!.eventId).toBe(quip2!.eventId);
  });

  it("gives an answer with no priority its event's priority: a failure's answer is a failure", async () => {
    const out = collector();
    const runner = runnerWith({
      limits: { cooldownMs: 0 },
      handlers: handlers(
        { event: 'PostToolUseFailure', handler: command(`echo '{"reaction": "ouch"}'`) },
        { event: 'PostToolUseFailure', handler: command(`echo '{"reaction": "meh", "priority": 0}'`) },
      ),
      ...out.callbacks,
    });
    await runner.handleEvent(failing('make'));
    expect(out.reactions.map((r) => [r.text, r.priority]).sort()).toEqual([
      ['meh', REACTION_PRIORITY.chat],
      ['ouch', REACTION_PRIORITY.failure],
    ]);
  });

  it('passes the event id to a delegate request', async () => {
    const out = collector();
    const runner = runnerWith({
      limits: { cooldownMs: 0 },
      quipFor,
      handlers: handlers({
        event: 'PostToolUseFailure',
        handler: command(`echo '{"delegate": true, "prompt": "say hi"}'`),
      }),
      ...out.callbacks,
    });
    await runner.handleEvent(failing('make'));
    expect(out.delegates[0]!.meta.eventId).toBe(out.reactions[0]!.eventId);
  });

  it("reports a user's answer its cooldown kept off the bubble, and never a quip's", async () => {
    const out = collector();
    const dropped: Array<[Reaction, string]> = [];
    const runner = runnerWith({
      limits: { cooldownMs: 60_000 },
      quipFor,
      handlers: handlers({
        event: 'PostToolUseFailure',
        handler: command(`echo '{"reaction": "again?"}'`),
        origin: { plugin: 'mine' },
      }),
      onDropped: (reaction, why) => dropped.push([reaction, why]),
      ...out.callbacks,
    });
    await runner.handleEvent(failing('make'));
    await runner.handleEvent(failing('make'));
    expect(out.reactions.map((r) => r.source)).toEqual([BUILTIN_PLUGIN_NAME, 'mine']);
    expect(dropped.map(([r, why]) => [r.text, r.source, why])).toEqual([
      ['again?', 'mine', 'cooldown: mine spoke less than 60000 ms ago'],
    ]);
  });
});

describe('chattiness of the built-in quips', () => {
  const session: JournalEvent[] = [
    failing('npm test'),
    bashEvent('npm test'), // green again: a recovery
    bashEvent('npm test'), // green, not a recovery
    bashEvent('git commit -m x'),
    bashEvent('git push'),
    { ts: 5, session_id: 'sess-1', hook_event_name: 'Notification', message: 'Claude needs your permission' },
    { ts: 6, session_id: 'sess-1', hook_event_name: 'SessionStart', source: 'startup' },
    failing('make'),
  ];
  async function quipsAt(level: 'quiet' | 'normal' | 'chatty', cooldownMs = 0, clock?: () => number) {
    const out = collector();
    const runner = runnerWith({
      limits: { cooldownMs },
      quipFor,
      chattiness: level,
      ...(clock ? { now: clock } : {}),
      ...out.callbacks,
    });
    for (const event of session) await runner.handleEvent(event);
    return out.reactions.map((r) => r.text);
  }

  it('quiet: failures, the recovery, and Claude waiting for you only', async () => {
    expect(await quipsAt('quiet')).toEqual([
      'quip:test_failure',
      'quip:tests_passed',
      'quip:notification',
      'quip:tool_failure',
    ]);
  });

  it('normal: what the buddy always said', async () => {
    expect(await quipsAt('normal')).toEqual([
      'quip:test_failure',
      'quip:tests_passed',
      'quip:tests_passed',
      'quip:git_commit',
      'quip:tool_failure',
    ]);
  });

  it('chatty: more kinds, and a shorter cooldown than the configured one', async () => {
    expect(await quipsAt('chatty')).toEqual([
      'quip:test_failure',
      'quip:tests_passed',
      'quip:tests_passed',
      'quip:git_commit',
      'quip:git_push',
      'quip:notification',
      'quip:session_start',
      'quip:tool_failure',
    ]);
    // Events 1.5 s apart under a 3 s cooldown: normal says every other one, chatty all of them.
    let t = 0;
    const clock = () => (t += 750); // each event reads the clock twice
    const normal = await quipsAt('normal', 3_000, clock);
    t = 0;
    const chatty = await quipsAt('chatty', 3_000, clock);
    expect(chatty.length).toBeGreaterThan(normal.length);
  });

  it('a change applies to the next event; the key cycles quiet → normal → chatty → quiet', async () => {
    const out = collector();
    const runner = runnerWith({ limits: { cooldownMs: 0 }, quipFor, chattiness: 'normal', ...out.callbacks });
    await runner.handleEvent(bashEvent('git commit -m x'));
    runner.setChattiness('quiet');
    await runner.handleEvent(bashEvent('git commit -m y'));
    expect(out.reactions.map((r) => r.text)).toEqual(['quip:git_commit']);
    expect([nextChattiness('quiet'), nextChattiness('normal'), nextChattiness('chatty')]).toEqual([
      'normal',
      'chatty',
      'quiet',
    ]);
    expect(quipAllowed('quiet', 'fed')).toBe(false);
    expect(quipAllowed('normal', 'fed')).toBe(true);
  });
});
