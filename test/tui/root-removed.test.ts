/**
 * `rm -rf` of the state root (or the Foundry folder) under a running watcher: the next real
 * hook makes the root again, and its session must show. Two ways a root comes back: after
 * the watcher saw it go, and replaced at once (removed and made in one go, before the watcher
 * looked: its old watch sits on a deleted inode).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { followDir } from '../../src/state/follow-dir.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { startSessionWatcher, type SessionEvents, type SessionWatcher } from '../../src/tui/watch/session-watcher.js';
import { fixturePayloads, runHook } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const watchers: SessionWatcher[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.close()));
});

function setup() {
  const base = makeTempDir('buddy-root-gone-');
  const root = join(base, 'root');
  const foundry = join(base, 'foundry');
  mkdirSync(root, { mode: 0o700 });
  mkdirSync(foundry, { mode: 0o700 });
  const env = { ...process.env, BUDDY_TUI_STATE_DIR: root, BUDDY_TUI_FOUNDRY_DIR: foundry };
  const store = createBuddyStore({ now: Date.now() });
  const batches: SessionEvents[][] = [];
  const watcher = startSessionWatcher({ root, store, env, onEvents: (batch) => batches.push(batch) });
  watchers.push(watcher);
  // Read sessions, shown or held for the pane's tick (none runs here).
  const sessions = () =>
    Object.keys({ ...store.getState().sessions, ...store.getState().heldSessions })
      .sort()
      .join(',');
  return { base, root, foundry, env, watcher, batches, sessions };
}

/** The recorded SessionStart, as session `id`, through the real hook (which makes the root if it is missing). */
async function hookSessionStart(id: string, env: NodeJS.ProcessEnv) {
  const payload = JSON.parse(fixturePayloads().find((p) => JSON.parse(p).hook_event_name === 'SessionStart')!);
  const result = await runHook(JSON.stringify({ ...payload, session_id: id }), env);
  expect(result.code).toBe(0);
}

describe('a removed state root', () => {
  it('is followed when the hook makes it again, both after the watcher saw it go and when replaced at once', {
    timeout: 60_000,
  }, async () => {
    const { root, env, watcher, batches, sessions } = setup();
    await watcher.ready;
    await hookSessionStart('first', env);
    await waitUntil(sessions, (ids) => ids === 'first', 'the first session');

    rmSync(root, { recursive: true });
    await waitUntil(sessions, (ids) => ids === '', 'the removed session to go');
    await hookSessionStart('second', env);
    await waitUntil(sessions, (ids) => ids === 'second', 'the session in the re-made root');
    // New events in the new root are new: they reach the plugins.
    expect(batches.flat().some((batch) => batch.sessionId === 'second')).toBe(true);

    // Removed and made again before the watcher runs (it shares this thread): same path, new folder.
    rmSync(root, { recursive: true });
    mkdirSync(root, { mode: 0o700 });
    await hookSessionStart('third', env);
    await waitUntil(sessions, (ids) => ids === 'third', 'the session in the replaced root');
    // And it keeps watching the new one.
    await hookSessionStart('fourth', env);
    await waitUntil(sessions, (ids) => ids === 'fourth,third', 'a later session');
  });

  it('follows the Foundry folder too', { timeout: 60_000 }, async () => {
    const { foundry, watcher, sessions } = setup();
    const foundrySession = (id: string) => {
      mkdirSync(join(foundry, `claude-state-${id}`, 'tools'), { recursive: true, mode: 0o700 });
      writeFileSync(
        join(foundry, `claude-state-${id}`, 'tools', 'Bash.json'),
        JSON.stringify({ tool: 'Bash', count: 1 }),
      );
    };
    await watcher.ready;
    foundrySession('one');
    await waitUntil(sessions, (ids) => ids === 'one', 'the Foundry session');
    rmSync(foundry, { recursive: true });
    await waitUntil(sessions, (ids) => ids === '', 'the removed Foundry session to go');
    mkdirSync(foundry, { mode: 0o700 });
    foundrySession('two');
    await waitUntil(sessions, (ids) => ids === 'two', 'a session in the re-made Foundry folder');
    foundrySession('three');
    await waitUntil(sessions, (ids) => ids === 'three,two', 'a later one');
  });
});

describe('followDir', () => {
  it('reports the folder each time it is made again, also when its parent went with it', {
    timeout: 30_000,
  }, async () => {
    const base = makeTempDir('buddy-follow-');
    const dir = join(base, 'a', 'b', 'dir');
    mkdirSync(dir, { recursive: true });
    let returns = 0;
    const follower = followDir(dir, () => (returns += 1));
    try {
      rmSync(dir, { recursive: true });
      mkdirSync(dir);
      await waitUntil(
        () => returns,
        (n) => n === 1,
        'a replaced folder',
      );
      rmSync(join(base, 'a'), { recursive: true });
      await new Promise((resolve) => setImmediate(resolve));
      mkdirSync(join(base, 'a'));
      mkdirSync(join(base, 'a', 'b'));
      mkdirSync(dir);
      await waitUntil(
        () => returns,
        (n) => n === 2,
        'the folder made again under a new parent',
      );
    } finally {
      follower.close();
    }
  });
});
