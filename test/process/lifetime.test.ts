import { describe, expect, it } from 'vitest';
import { lifetimeWithin, onAbort, onEnded } from '../../src/process/lifetime.js';

describe('lifetime', () => {
  it('runs each teardown once, in the order registered, when it ends', async () => {
    const life = lifetimeWithin();
    const ran: string[] = [];
    onAbort(life.signal, () => ran.push('first'));
    onAbort(life.signal, () => ran.push('second'));
    expect(ran).toEqual([]);
    await life.end();
    await life.end();
    expect(ran).toEqual(['first', 'second']);
    expect(life.signal.aborted).toBe(true);
  });

  it('waits for what the teardowns return, and a failing one does not stop the others', async () => {
    const life = lifetimeWithin();
    const ran: string[] = [];
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    onAbort(life.signal, () => slow.then(() => ran.push('slow done')));
    onAbort(life.signal, () => {
      throw new Error('broken teardown');
    });
    onAbort(life.signal, async () => {
      throw new Error('broken async teardown');
    });
    onAbort(life.signal, () => ran.push('after the broken ones'));
    let ended = false;
    const ending = life.end().then(() => (ended = true));
    await Promise.resolve();
    expect(ran).toEqual(['after the broken ones']);
    expect(ended).toBe(false);
    finish();
    await ending;
    expect(ran).toEqual(['after the broken ones', 'slow done']);
  });

  it('runs a teardown registered after the end at once', async () => {
    const life = lifetimeWithin();
    await life.end();
    const ran: string[] = [];
    onAbort(life.signal, () => ran.push('late'));
    expect(ran).toEqual(['late']);
  });

  it('does not run an unregistered teardown', async () => {
    const life = lifetimeWithin();
    const ran: string[] = [];
    const unregister = onAbort(life.signal, () => ran.push('gone'));
    unregister();
    await life.end();
    expect(ran).toEqual([]);
  });

  it('ends a lifetime within another with its owner, and the owner waits for it', async () => {
    const owner = lifetimeWithin();
    const service = lifetimeWithin(owner.signal);
    const ran: string[] = [];
    let finish!: () => void;
    onAbort(service.signal, () =>
      new Promise<void>((resolve) => (finish = resolve)).then(() => ran.push('service closed')),
    );
    let ended = false;
    const ending = owner.end().then(() => (ended = true));
    expect(service.signal.aborted).toBe(true);
    await Promise.resolve();
    expect(ended).toBe(false);
    finish();
    await ending;
    expect(ran).toEqual(['service closed']);
  });

  it('ends a lifetime within another on its own, leaving the owner running', async () => {
    const owner = lifetimeWithin();
    const service = lifetimeWithin(owner.signal);
    await service.end();
    expect(service.signal.aborted).toBe(true);
    expect(owner.signal.aborted).toBe(false);
  });
});

describe('lifetime: after the end', () => {
  it('runs what outlasts the services once every teardown has settled, in the order registered', async () => {
    const life = lifetimeWithin();
    const ran: string[] = [];
    let finish!: () => void;
    onEnded(life.signal, () => ran.push('lock released'));
    onAbort(life.signal, () =>
      new Promise<void>((resolve) => (finish = resolve)).then(() => ran.push('watcher closed')),
    );
    onEnded(life.signal, () => ran.push('handlers off'));
    const ending = life.end();
    await Promise.resolve();
    expect(ran).toEqual([]);
    finish();
    await ending;
    expect(ran).toEqual(['watcher closed', 'lock released', 'handlers off']);
  });

  it('takes a teardown per service without a MaxListenersExceededWarning on stderr (the pane has a dozen)', async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.name);
    process.on('warning', listen);
    try {
      const life = lifetimeWithin();
      for (let i = 0; i < 30; i += 1) onAbort(life.signal, () => undefined);
      await new Promise((resolve) => setTimeout(resolve, 10));
      await life.end();
    } finally {
      process.off('warning', listen);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
