/**
 * The resolver's own logic (the flow of a call, fallback, policy) with an injected clock and the
 * released adapter of ./resolver-fixture.ts; the real adapters are tested against real processes
 * and the stand-in in their own files. The queue (staleness, replacement, cache, close) is tested
 * in ./delegate-resolver-queue.test.ts, what an admission costs in ./delegate-admission.test.ts,
 * what leaves the machine in ./resolver-outbound.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import type { DelegateConfig } from '../../src/delegate/delegate-config.js';
import { DEFAULT_SYSTEM_PROMPT } from '../../src/delegate/delegate-prompt.js';
import { createDelegateResolver } from '../../src/delegate/delegate-resolver.js';
import type { DelegateMeta } from '../../src/protocol/plugin-answer.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { ask, QUIPS, settle, setup, T0 } from './resolver-fixture.js';

const scratch = mkdtempSync(join(tmpdir(), 'buddy-resolver-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('delegate resolver: flow', () => {
  it('emits thinking at once, then the answer with the same id and the model as source', async () => {
    const { reactions, pending, resolver, meta } = setup();
    const done = resolver.resolve(ask('hi'), meta());
    await settle();
    expect(reactions).toEqual([
      expect.objectContaining({ kind: 'thinking', text: '…', source: 'chat', sessionId: 's1', event: 'Stop' }),
    ]);
    pending[0]!.answer('\u001b[31mHello\u001b[0m there\u0007', {
      usage: { inputTokens: 9, outputTokens: 2 },
      costUsd: 0.5,
    });
    await expect(done).resolves.toEqual({ outcome: 'answered', reactionId: reactions[0]!.id, source: 'test-model' });
    expect(reactions[1]).toMatchObject({
      id: reactions[0]!.id,
      kind: 'reaction',
      text: 'Hello there',
      source: 'test-model',
    });
    expect(resolver.usage().plugins.chat).toMatchObject({ calls: 1, inputTokens: 9, outputTokens: 2, costUsd: 0.5 });
  });

  it('caps maxTokens and fills in model and system prompt defaults', async () => {
    const { pending, resolver, meta } = setup({ model: 'sonnet' });
    void resolver.resolve(ask('hi', { maxTokens: 5000 }), meta());
    await settle();
    expect(pending[0]!.call).toMatchObject({
      maxTokens: 300,
      model: 'sonnet',
      systemPrompt: DEFAULT_SYSTEM_PROMPT,
      prompt: 'hi',
    });
  });

  it('takes the system prompt from the request, else the plugin, else the species', async () => {
    const { pending, resolver, meta } = setup(
      { policy: { refillMs: 0 } },
      { speciesSystemPromptFor: (s) => `species voice for ${s}` },
    );
    void resolver.resolve(ask('a', { systemPrompt: 'from request' }), meta({ systemPrompt: 'from plugin' }));
    void resolver.resolve(ask('b'), meta({ sessionId: 's2', systemPrompt: 'from plugin' }));
    void resolver.resolve(ask('c'), meta({ sessionId: 's3' }));
    for (let i = 0; i < 3; i++) {
      await settle();
      pending[i]!.answer('ok');
    }
    await resolver.idle();
    expect(pending.map((p) => p.call.systemPrompt)).toEqual(['from request', 'from plugin', 'species voice for s3']);
  });

  it('refuses an invalid request with a clear reason and shows the offline quip', async () => {
    const { reactions, logs, pending, resolver, meta } = setup();
    const outcome = await resolver.resolve({ delegate: true, prompt: '', maxTokens: -3 }, meta());
    expect(outcome).toMatchObject({ outcome: 'offline', reason: 'invalid' });
    expect(pending).toHaveLength(0);
    expect(reactions).toEqual([expect.objectContaining({ kind: 'reaction', source: 'offline' })]);
    expect(['Done!', 'Phew.']).toContain(reactions[0]!.text);
    expect(logs[0]).toMatch(/^chat\/refused: invalid request: .*prompt/s);
    expect(logs[0]).toMatch(/maxTokens/);
  });

  it('falls back to the quip under the same id when the adapter fails; withdraws the bubble when there is no quip', async () => {
    const { reactions, pending, resolver, meta } = setup({ policy: { refillMs: 0 } });
    const first = resolver.resolve(ask('x'), meta({ kinds: ['tool_failure'] }));
    await settle();
    pending[0]!.fail(new DelegateCallError('claude: API Error: 500 boom', 'http'));
    await expect(first).resolves.toMatchObject({ outcome: 'offline', reason: 'http: claude: API Error: 500 boom' });
    expect(reactions[1]).toMatchObject({ id: reactions[0]!.id, kind: 'reaction', source: 'offline' });
    expect(['Ouch.', 'Oof.']).toContain(reactions[1]!.text);

    const second = resolver.resolve(ask('y'), meta({ kinds: ['git_push'] }));
    await settle();
    pending[1]!.fail(new Error('unexpected'));
    await second;
    expect(reactions[3]).toMatchObject({ id: reactions[2]!.id, kind: 'reaction', ttlMs: 0, source: 'offline' });
    // The withdrawal says why, for the pane's `r` history: nothing else on screen tells the user.
    expect(reactions[3]!.text).toBe('no answer (process: unexpected); no quip for this event');
    expect(resolver.usage().plugins.chat).toMatchObject({ calls: 2, failures: 2, offline: 2 });
  });

  it('times out a call with its own timer and aborts the adapter', async () => {
    const { reactions, pending, resolver, meta } = setup({ timeoutMs: 1000 }, { now: Date.now });
    const outcome = await resolver.resolve(
      ask('never answered'),
      meta({ receivedAt: Date.now(), kinds: ['tool_failure'] }),
    );
    expect(outcome).toMatchObject({ outcome: 'offline', reason: 'timeout: no answer within 1000 ms' });
    expect(pending[0]!.call.signal.aborted).toBe(true);
    expect(reactions.at(-1)).toMatchObject({ id: reactions[0]!.id, source: 'offline' });
  });

  it('with the offline adapter, answers with quips and no thinking bubble', async () => {
    const reactions: Reaction[] = [];
    const resolver = createDelegateResolver({
      onReaction: (r) => reactions.push(r),
      config: { adapter: 'offline' },
      quipsFor: (k) => QUIPS[k],
    });
    const meta: DelegateMeta = {
      plugin: 'p',
      sessionId: 's',
      event: { ts: Date.now(), session_id: 's', hook_event_name: 'Stop' },
      kinds: ['turn_end'],
      receivedAt: Date.now(),
    };
    await expect(resolver.resolve(ask('x'), meta)).resolves.toMatchObject({ outcome: 'offline' });
    expect(reactions).toEqual([expect.objectContaining({ kind: 'reaction', source: 'offline' })]);
    await expect(resolver.adapterChoice()).resolves.toMatchObject({ adapter: 'offline' });
  });
});

describe('delegate resolver: policy', () => {
  it('refuses past the burst with the cooldown reason, and admits again after a refill period', async () => {
    const { reactions, logs, pending, resolver, meta, clock } = setup();
    for (const prompt of ['1', '2']) {
      const done = resolver.resolve(ask(prompt), meta());
      await settle();
      pending.at(-1)!.answer(`answer ${prompt}`);
      await done;
    }
    const refused = await resolver.resolve(ask('3'), meta());
    expect(refused).toMatchObject({ outcome: 'offline', reason: 'cooldown' });
    expect(reactions.at(-1)).toMatchObject({ kind: 'reaction', source: 'offline' });
    expect(logs).toContain('chat/refused: cooldown: next call in 30 s');
    expect(resolver.usage().plugins.chat!.refusals).toEqual({ cooldown: 1 });

    clock.now += 30_000;
    const again = resolver.resolve(ask('4'), meta());
    await settle();
    expect(pending).toHaveLength(3);
    pending[2]!.answer('back');
    await expect(again).resolves.toMatchObject({ outcome: 'answered' });
  });

  it('lets a failure, or the buddy being addressed, bypass the cooldown once', async () => {
    const { logs, pending, resolver, meta } = setup(
      { policy: { burst: 1 } },
      { isAddressed: (event) => typeof event.prompt === 'string' && /\bpebble\b/i.test(event.prompt) },
    );
    let n = 0;
    const run = async (m: DelegateMeta) => {
      const done = resolver.resolve(ask(`x${++n}`), m);
      await settle();
      pending.at(-1)?.answer('ok');
      return done;
    };
    await expect(run(meta())).resolves.toMatchObject({ outcome: 'answered' });
    await expect(run(meta())).resolves.toMatchObject({ reason: 'cooldown' });
    await expect(run(meta({ kinds: ['tool_failure'] }))).resolves.toMatchObject({ outcome: 'answered' });
    expect(logs).toContain('chat/accepted: cooldown bypassed once');
    await expect(run(meta({ kinds: ['tool_failure'] }))).resolves.toMatchObject({ reason: 'cooldown' });

    const addressed = setup(
      { policy: { burst: 1 } },
      { isAddressed: (event) => /\bpebble\b/i.test(String(event.prompt)) },
    );
    const prompt = (text: string) =>
      addressed.meta({
        kinds: ['prompt'],
        event: { ts: T0, session_id: 's1', hook_event_name: 'UserPromptSubmit', prompt: text },
      });
    void addressed.resolver.resolve(ask('x1'), prompt('fix the bug'));
    await settle();
    addressed.pending[0]!.answer('ok');
    await addressed.resolver.idle();
    await expect(addressed.resolver.resolve(ask('x2'), prompt('fix it again'))).resolves.toMatchObject({
      reason: 'cooldown',
    });
    void addressed.resolver.resolve(ask('x3'), prompt('Pebble, what do you think?'));
    await settle();
    expect(addressed.pending).toHaveLength(2);
  });

  it('keeps a daily budget that survives a restart and resets the next UTC day', async () => {
    const usageDir = join(scratch, 'budget');
    const config: DelegateConfig = { policy: { refillMs: 0, dailyBudget: 2 } };
    const first = setup(config, { usageDir });
    for (let i = 0; i < 2; i++) {
      const done = first.resolver.resolve(ask(`q${i}`), first.meta());
      await settle();
      first.pending.at(-1)!.answer('ok');
      await done;
    }
    await expect(first.resolver.resolve(ask('q3'), first.meta())).resolves.toMatchObject({ reason: 'daily_budget' });

    const restarted = setup(config, { usageDir });
    await expect(restarted.resolver.resolve(ask('q4'), restarted.meta())).resolves.toMatchObject({
      reason: 'daily_budget',
    });
    restarted.clock.now = T0 + 24 * 3_600_000;
    void restarted.resolver.resolve(ask('q5'), restarted.meta());
    await settle();
    expect(restarted.pending).toHaveLength(1);
  });

  it('applies per-plugin overrides', async () => {
    const { resolver, meta, pending } = setup({ plugins: { quiet: { enabled: false }, terse: { maxTokensCap: 40 } } });
    await expect(resolver.resolve(ask('x'), meta({ plugin: 'quiet' }))).resolves.toMatchObject({ reason: 'disabled' });
    void resolver.resolve(ask('x', { maxTokens: 200 }), meta({ plugin: 'terse' }));
    await settle();
    expect(pending[0]!.call.maxTokens).toBe(40);
  });
});
