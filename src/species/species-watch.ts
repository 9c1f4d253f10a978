/**
 * Watching the registry's user folders (chokidar on the directories, loaded on first use) and
 * reloading as files change, with no restart. Built-ins ship read-only and are not watched.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { followDir, nearestExisting, type DirFollower } from '../state/follow-dir.js';
import { fileSignature } from '../files/file-signature.js';

/** How long after a file event to look at the file once more. */
const SETTLE_MS = 250;

/** What the watch needs of its registry. */
export interface WatchedRegistry {
  /** The folders to watch; any may not exist yet. */
  dirs: string[];
  reload(): void;
  reloadFile(file: string): void;
  /** The signature a file was last read at ('gone' if not loaded), to see if it changed since. */
  loadedSignature(file: string): string;
  closed(): boolean;
}

export interface SpeciesWatch {
  watch(): Promise<void>;
  /** Stops watching and drops pending looks; the registry's teardown. */
  close(): Promise<void>;
}

interface WatchState {
  registry: WatchedRegistry;
  watcher?: FSWatcher;
  followers: DirFollower[];
  settleTimers: Set<NodeJS.Timeout>;
}

export function createSpeciesWatch(registry: WatchedRegistry): SpeciesWatch {
  const state: WatchState = { registry, followers: [], settleTimers: new Set() };
  return { watch: () => watchFolders(state), close: () => stopWatching(state) };
}

function settleLater(state: WatchState, action: () => void): void {
  const timer = setTimeout(() => {
    state.settleTimers.delete(timer);
    action();
  }, SETTLE_MS);
  timer.unref();
  state.settleTimers.add(timer);
}

async function watchFolders(state: WatchState): Promise<void> {
  const { registry } = state;
  if (state.watcher || registry.closed()) return;
  const { watch } = await import('chokidar');
  if (state.watcher || registry.closed()) return;
  // Watch the directories, not globs (chokidar 5 has none).
  const { dirs } = registry;
  if (dirs.length === 0) return;
  // A folder that does not exist yet (no species written so far) is waited for from its
  // nearest existing ancestor, and watched once it appears.
  const waiting = new Set(dirs.filter((dir) => !existsSync(dir)));
  const watched = new Set(dirs.map((dir) => (waiting.has(dir) ? nearestExisting(dir) : dir)));
  const active = watch([...watched], { ignoreInitial: true, depth: 0 });
  state.watcher = active;
  const onDir = () => {
    for (const dir of waiting) {
      const target = existsSync(dir) ? dir : nearestExisting(dir);
      if (target === dir) waiting.delete(dir);
      if (!watched.has(target)) {
        watched.add(target);
        active.add(target);
      }
      if (target === dir) {
        registry.reload();
        // Files written while chokidar was still scanning the new folder count as initial
        // (and are not reported): look once more after that.
        settleLater(state, () => registry.reload());
      }
    }
  };
  const onFile = (path: string) => fileChanged(state, path);
  active.on('add', onFile).on('change', onFile).on('unlink', onFile).on('addDir', onDir);
  followFolders(state, active);
  await new Promise<void>((ready) => active.once('ready', () => ready()));
}

/**
 * chokidar drops events that follow each other within a few ms (an editor's truncate then
 * write), so look again once things settle and reload if the file changed since.
 */
function fileChanged(state: WatchState, path: string): void {
  const { registry } = state;
  registry.reloadFile(path);
  settleLater(state, () => {
    const file = resolve(path);
    if (fileSignature(file) !== registry.loadedSignature(file)) registry.reloadFile(file);
  });
}

/**
 * A folder removed and made again: chokidar's watch stays on the deleted one, so watch
 * everything afresh and read it again.
 */
function followFolders(state: WatchState, active: FSWatcher): void {
  const { registry } = state;
  state.followers = registry.dirs.map((dir) =>
    followDir(dir, () => {
      for (const follower of state.followers) follower.close();
      state.followers = [];
      state.watcher = undefined;
      active
        .close()
        .then(() => (registry.closed() ? undefined : watchFolders(state).then(() => registry.reload())))
        .catch(() => {
          // Not watchable now: the files already loaded stay in use.
        });
    }),
  );
}

async function stopWatching(state: WatchState): Promise<void> {
  for (const follower of state.followers) follower.close();
  for (const timer of state.settleTimers) clearTimeout(timer);
  state.settleTimers.clear();
  await state.watcher?.close();
  state.watcher = undefined;
}
