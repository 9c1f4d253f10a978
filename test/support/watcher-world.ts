/**
 * A private state root and Foundry folder, a store, and the pane's real session watcher on them;
 * every watcher started is closed after each test.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createBuddyStore, type BuddyStore } from '../../src/tui/store/index.js';
import { startSessionWatcher, type SessionEvents, type SessionWatcher } from '../../src/tui/watch/session-watcher.js';
import { makeTempDir } from './temp-dir.js';

export interface WatcherWorld {
  root: string;
  store: BuddyStore;
  /** Every batch of new events the watcher handed on. */
  batches: SessionEvents[][];
  start: () => SessionWatcher;
  /** Closes a watcher the test made itself after the test, like the started ones. */
  track: (watcher: SessionWatcher) => SessionWatcher;
  env: NodeJS.ProcessEnv;
}

/** Call at the top of a test file: returns the `setup` that makes one world per test. */
export function useWatcherWorlds(prefix: string, opts: { inbox?: boolean } = {}): () => WatcherWorld {
  const watchers: SessionWatcher[] = [];
  afterEach(async () => {
    await Promise.all(watchers.splice(0).map((w) => w.close()));
  });
  return () => {
    const base = makeTempDir(prefix);
    const root = join(base, 'root');
    mkdirSync(opts.inbox ? join(root, 'inbox') : root, { recursive: true, mode: 0o700 });
    const foundry = join(base, 'foundry');
    mkdirSync(foundry, { mode: 0o700 });
    const env = { ...process.env, BUDDY_TUI_STATE_DIR: root, BUDDY_TUI_FOUNDRY_DIR: foundry };
    const store = createBuddyStore({ now: Date.now() });
    const batches: SessionEvents[][] = [];
    const track = (watcher: SessionWatcher) => (watchers.push(watcher), watcher);
    const start = () => track(startSessionWatcher({ root, store, env, onEvents: (batch) => batches.push(batch) }));
    return { root, store, batches, start, track, env };
  };
}
