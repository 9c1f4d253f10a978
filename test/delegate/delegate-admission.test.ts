/**
 * What an admission costs: a request that makes no model call after all gives its cooldown
 * token and its count against the day's budget back, in memory and in the accounting file.
 */
import { describe, expect, it } from 'vitest';
import { readDelegateUsage } from '../../src/delegate/delegate-usage.js';
import { makeTempDir } from '../support/temp-dir.js';
import { ask, settle, setup } from './resolver-fixture.js';

const DAY = '2026-11-30';

describe('delegate resolver: admissions given back', () => {
  it('gives the admission back when no call was made: a cache hit, a replaced request', async () => {
    // Burst 2, no refill while the clock stands still: without the refunds the third call is refused.
    const cached = setup();
    const first = cached.resolver.resolve(ask('same'), cached.meta());
    await settle();
    cached.pending[0]!.answer('cached words');
    await first;
    await expect(cached.resolver.resolve(ask('same'), cached.meta())).resolves.toMatchObject({ outcome: 'cached' });
    void cached.resolver.resolve(ask('different'), cached.meta());
    await settle();
    expect(cached.pending.map((p) => p.call.prompt)).toEqual(['same', 'different']);
    expect(cached.resolver.usage().plugins.chat!.days).toEqual({ '2026-11-30': 2 });

    const replaced = setup();
    void replaced.resolver.resolve(ask('busy'), replaced.meta({ plugin: 'other' }));
    const older = replaced.resolver.resolve(ask('two'), replaced.meta());
    await settle();
    void replaced.resolver.resolve(ask('three'), replaced.meta());
    await expect(older).resolves.toEqual({ outcome: 'dropped', reason: 'replaced' });
    const elsewhere = replaced.resolver.resolve(ask('other session'), replaced.meta({ sessionId: 's2' }));
    for (let i = 0; i < 3; i++) {
      await settle();
      replaced.pending[i]!.answer('ok');
    }
    await expect(elsewhere).resolves.toMatchObject({ outcome: 'answered' });
    expect(replaced.pending.map((p) => p.call.prompt)).toEqual(['busy', 'three', 'other session']);
    expect(replaced.resolver.usage().plugins.chat!.days).toEqual({ '2026-11-30': 2 });
  });

  it('writes the give-back of a request gone stale in the queue to the accounting file at once', async () => {
    const usageDir = makeTempDir('buddy-admission-');
    const { pending, resolver, meta, clock } = setup({}, { usageDir });
    void resolver.resolve(ask('running'), meta({ plugin: 'one' }));
    const queued = resolver.resolve(ask('waiting'), meta({ plugin: 'two' }));
    await settle();
    clock.now += 21_000;
    pending[0]!.answer('late but fine');
    await expect(queued).resolves.toEqual({ outcome: 'dropped', reason: 'stale' });
    // The answered call's write came before the drop; a restart must not count "waiting".
    expect(readDelegateUsage(usageDir).plugins.two!.days).toEqual({ [DAY]: 0 });
    expect(readDelegateUsage(usageDir).plugins.one!.days).toEqual({ [DAY]: 1 });
  });

  it('close() gives the admissions of queued requests back; the running call keeps its own', async () => {
    const usageDir = makeTempDir('buddy-admission-');
    const { pending, resolver, meta } = setup({}, { usageDir });
    const running = resolver.resolve(ask('a'), meta({ plugin: 'one' }));
    const queued = resolver.resolve(ask('b'), meta({ plugin: 'two' }));
    await settle();
    resolver.close();
    await expect(queued).resolves.toMatchObject({ outcome: 'offline', reason: 'closed' });
    await running;
    expect(pending).toHaveLength(1);
    expect(resolver.usage().plugins.two!.days).toEqual({ [DAY]: 0 });
    expect(readDelegateUsage(usageDir).plugins.two!.days).toEqual({ [DAY]: 0 });
    expect(readDelegateUsage(usageDir).plugins.one).toMatchObject({ calls: 1, failures: 1, days: { [DAY]: 1 } });
  });

  it('an aborted signal closes it as close() does: queued requests fall back, the call is aborted, later ones are refused', async () => {
    const controller = new AbortController();
    const { pending, resolver, meta } = setup({}, { signal: controller.signal });
    const running = resolver.resolve(ask('a'), meta({ plugin: 'one' }));
    const queued = resolver.resolve(ask('b'), meta({ plugin: 'two' }));
    await settle();
    controller.abort();
    await expect(queued).resolves.toMatchObject({ outcome: 'offline', reason: 'closed' });
    await expect(running).resolves.toMatchObject({ outcome: 'offline', reason: expect.stringMatching(/closing/) });
    await expect(resolver.resolve(ask('c'), meta({ plugin: 'three' }))).resolves.toMatchObject({
      outcome: 'offline',
      reason: 'closed',
    });
    expect(pending).toHaveLength(1);
    expect(resolver.usage().plugins.two!.days).toEqual({ [DAY]: 0 });
  });

  it('gives the admission back when the resolver fails before the call (here: the species prompt throws)', async () => {
    let broken = true;
    const speciesSystemPromptFor = () => {
      if (broken) throw new Error('species file half read');
      return undefined;
    };
    // Burst 1, no refill while the clock stands still: without the give-back the next request is refused.
    const { pending, resolver, meta, logs } = setup({ policy: { burst: 1 } }, { speciesSystemPromptFor });
    await expect(resolver.resolve(ask('x'), meta())).resolves.toMatchObject({
      outcome: 'offline',
      reason: 'resolver error',
    });
    expect(logs).toContain('chat/failed: resolver error: species file half read');
    expect(resolver.usage().plugins.chat!.days).toEqual({ [DAY]: 0 });

    broken = false;
    void resolver.resolve(ask('y'), meta());
    await settle();
    expect(pending.map((p) => p.call.prompt)).toEqual(['y']);
    expect(resolver.usage().plugins.chat!.days).toEqual({ [DAY]: 1 });
  });
});
