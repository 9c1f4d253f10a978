/**
 * The resolver's queue: one call at a time, a request gone stale, a queued request replaced by a
 * newer one, failures first, the answer cache and close(), with an injected clock and the
 * released adapter of ./resolver-fixture.ts, so queue states are exact.
 */
import { describe, expect, it } from 'vitest';
import { ask, settle, setup, T0 } from './resolver-fixture.js';

describe('delegate resolver: queue', () => {
  it('runs one call at a time by default; the next waits for the slot', async () => {
    const { pending, resolver, meta } = setup();
    void resolver.resolve(ask('a'), meta({ plugin: 'one' }));
    void resolver.resolve(ask('b'), meta({ plugin: 'two' }));
    await settle();
    expect(pending.map((p) => p.call.prompt)).toEqual(['a']);
    pending[0]!.answer('A');
    await settle();
    expect(pending.map((p) => p.call.prompt)).toEqual(['a', 'b']);

    const wide = setup({ maxInFlight: 2 });
    void wide.resolver.resolve(ask('a'), wide.meta({ plugin: 'one' }));
    void wide.resolver.resolve(ask('b'), wide.meta({ plugin: 'two' }));
    await settle();
    expect(wide.pending).toHaveLength(2);
  });

  it('drops a request that is stale on arrival, and one that went stale in the queue', async () => {
    const { reactions, logs, pending, resolver, meta, clock } = setup();
    await expect(resolver.resolve(ask('old'), meta({ receivedAt: T0 - 25_000 }))).resolves.toEqual({
      outcome: 'dropped',
      reason: 'stale',
    });
    expect(reactions).toHaveLength(0);

    void resolver.resolve(ask('running'), meta({ plugin: 'one' }));
    const queued = resolver.resolve(ask('waiting'), meta({ plugin: 'two' }));
    await settle();
    const thinkingId = reactions.find((r) => r.source === 'two')!.id;
    clock.now += 21_000;
    pending[0]!.answer('late but fine');
    await expect(queued).resolves.toEqual({ outcome: 'dropped', reason: 'stale' });
    expect(pending).toHaveLength(1); // "waiting" never reached the adapter
    expect(reactions.at(-1)).toMatchObject({ id: thinkingId, kind: 'reaction', source: 'offline' });
    expect(logs.some((l) => /^two\/dropped: stale: waited 21000 ms$/.test(l))).toBe(true);
    // It never made its call: today's budget does not count it.
    expect(resolver.usage().plugins.two!.days).toEqual({ '2026-11-30': 0 });
  });

  it('replaces a queued request with a newer one from the same plugin and session, keeping its bubble', async () => {
    const { reactions, pending, resolver, meta } = setup({ policy: { burst: 5 } });
    void resolver.resolve(ask('busy'), meta({ plugin: 'other' }));
    const older = resolver.resolve(ask('two'), meta());
    await settle();
    const newer = resolver.resolve(ask('three'), meta());
    const elsewhere = resolver.resolve(ask('other session'), meta({ sessionId: 's2' }));
    await expect(older).resolves.toEqual({ outcome: 'dropped', reason: 'replaced' });
    const thinking = reactions.filter((r) => r.kind === 'thinking');
    expect(thinking.map((r) => r.source)).toEqual(['other', 'chat', 'chat']); // "three" reused the bubble of "two"

    for (let i = 0; i < 3; i++) {
      await settle();
      pending[i]!.answer(`answer to ${pending[i]!.call.prompt}`);
    }
    await Promise.all([newer, elsewhere]);
    expect(pending.map((p) => p.call.prompt)).toEqual(['busy', 'three', 'other session']);
    const answerToThree = reactions.find((r) => r.text === 'answer to three')!;
    expect(answerToThree.id).toBe(thinking[1]!.id);
  });

  it('puts a queued failure before queued small talk', async () => {
    const { pending, resolver, meta } = setup();
    void resolver.resolve(ask('first'), meta({ plugin: 'a' }));
    void resolver.resolve(ask('small talk'), meta({ plugin: 'b' }));
    void resolver.resolve(ask('failure'), meta({ plugin: 'c', kinds: ['tool_failure'] }));
    await settle();
    pending[0]!.answer('ok');
    await settle();
    expect(pending[1]!.call.prompt).toBe('failure');
  });

  it('answers an identical request from the cache, without thinking or a call', async () => {
    const { reactions, logs, pending, resolver, meta, clock } = setup({ policy: { refillMs: 0 } });
    const first = resolver.resolve(ask('same'), meta());
    await settle();
    pending[0]!.answer('cached words');
    await first;
    const before = reactions.length;
    await expect(resolver.resolve(ask('same'), meta())).resolves.toMatchObject({
      outcome: 'cached',
      source: 'test-model',
    });
    expect(reactions.slice(before)).toEqual([
      expect.objectContaining({ kind: 'reaction', text: 'cached words', source: 'test-model' }),
    ]);
    expect(pending).toHaveLength(1);
    expect(logs).toContain('chat/cached');
    clock.now += 600_000;
    void resolver.resolve(ask('same'), meta());
    await settle();
    expect(pending).toHaveLength(2); // expired
  });

  it('close() aborts running calls and falls back for queued ones', async () => {
    const { pending, resolver, meta } = setup();
    const running = resolver.resolve(ask('a'), meta({ plugin: 'one', kinds: ['tool_failure'] }));
    const queued = resolver.resolve(ask('b'), meta({ plugin: 'two' }));
    await settle();
    resolver.close();
    await expect(queued).resolves.toMatchObject({ outcome: 'offline', reason: 'closed' });
    await expect(running).resolves.toMatchObject({ outcome: 'offline', reason: 'timeout: buddy-tui is closing' });
    expect(pending[0]!.call.signal.aborted).toBe(true);
  });
});
