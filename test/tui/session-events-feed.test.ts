/**
 * The one place the watcher's batches go: a listener subscribed once hears each batch the real
 * watcher reads from a real hook's event, with no code between them, in the order listeners
 * subscribed; its own signal or the feed's lifetime ending stops it hearing anything more.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lifetimeWithin } from '../../src/process/lifetime.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { createSessionEventsFeed, type SessionEventsFeed } from '../../src/tui/watch/session-events-feed.js';
import { startSessionWatcher } from '../../src/tui/watch/session-watcher.js';
import type { SessionEvents } from '../../src/tui/watch/watched-sessions.js';
import { fixturePayloads, runHook } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const lifetimes: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(lifetimes.splice(0).map((end) => end()));
});

/** The recorded Stop, as session `id`, through the real hook. */
async function hookStop(id: string, env: NodeJS.ProcessEnv) {
  const payload = JSON.parse(fixturePayloads().find((p) => JSON.parse(p).hook_event_name === 'Stop')!);
  expect((await runHook(JSON.stringify({ ...payload, session_id: id }), env)).code).toBe(0);
}

const batch = (sessionId: string) => [{ sessionId, events: [], state: {} }] as unknown as SessionEvents[];

describe('the session events feed', () => {
  it("is the watcher's one output: a listener subscribed once hears a hook's event, and nothing after its signal aborts", {
    timeout: 60_000,
  }, async () => {
    const base = makeTempDir('buddy-events-feed-');
    const root = join(base, 'root');
    mkdirSync(root, { mode: 0o700 });
    const env = { ...process.env, BUDDY_TUI_STATE_DIR: root, BUDDY_TUI_FOUNDRY_DIR: join(base, 'none') };
    const pane = lifetimeWithin();
    lifetimes.push(pane.end);
    const feed = createSessionEventsFeed(pane.signal);
    const watcher = startSessionWatcher({
      root,
      store: createBuddyStore({ now: Date.now() }),
      env,
      foundry: false,
      signal: pane.signal,
      onEvents: feed.publish,
    });
    const consumer = lifetimeWithin(pane.signal);
    const heard: string[] = [];
    const always: string[] = [];
    feed.subscribe((b) => heard.push(...b.map((item) => item.sessionId)), consumer.signal);
    feed.subscribe((b) => always.push(...b.map((item) => item.sessionId)), pane.signal);
    await watcher.ready;

    await hookStop('first', env);
    await waitUntil(
      () => heard,
      (ids) => ids.includes('first'),
      'the first Stop heard',
    );
    await consumer.end();
    await hookStop('second', env);
    await waitUntil(
      () => always,
      (ids) => ids.includes('second'),
      'the second Stop read',
    );
    expect(heard).toEqual(['first']);
  });

  it('hands a batch on in the order listeners subscribed; an unsubscribe or the feed’s end stops them', async () => {
    const pane = lifetimeWithin();
    const feed: SessionEventsFeed = createSessionEventsFeed(pane.signal);
    const order: string[] = [];
    const one = (b: SessionEvents[]) => order.push(`one:${b[0].sessionId}`);
    const offOne = feed.subscribe(one);
    feed.subscribe((b) => order.push(`two:${b[0].sessionId}`));
    // The same function subscribed twice is two subscriptions.
    const offAgain = feed.subscribe(one);
    feed.publish(batch('a'));
    offOne();
    offAgain();
    feed.publish(batch('b'));
    await pane.end();
    feed.publish(batch('c'));
    expect(feed.subscribe(one)).toBeTypeOf('function');
    feed.publish(batch('d'));
    expect(order).toEqual(['one:a', 'two:a', 'one:a', 'two:b']);
  });
});
