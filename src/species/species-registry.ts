/**
 * All species by id: the built-ins, then the user's folder, then an extra folder, later ones
 * overriding earlier ones by id. A broken file is skipped with issues naming the file and
 * the JSON path, and the last good version of that file stays in use (species-file-cache.ts).
 * `watch()` reloads files as they change (chokidar on the directories), with no restart.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { followDir, nearestExisting, type DirFollower } from '../state/follow-dir.js';
import { lifetimeWithin, onAbort } from '../process/lifetime.js';
import { builtinSpeciesDir } from './builtin-dir.js';
import type { SpeciesIssue } from './validate-species.js';
import {
  catalogIssues,
  createCatalog,
  listSpecies,
  reloadAll,
  reloadOne,
  type LoadedSpecies,
  type SpeciesSource,
} from './species-catalog.js';
import { signatureOf } from './species-file-cache.js';

export type { LoadedSpecies, SpeciesSource } from './species-catalog.js';

export interface SpeciesRegistryOptions {
  builtinDir?: string;
  userDir?: string;
  extraDir?: string;
  /** `$CODEX_HOME/pets`: its pets are listed as `codex:<id>` (read at each reload, not watched). */
  codexPetsDir?: string;
  /** Called after any reload that changed what is loaded or the issues. */
  onChange?: (registry: SpeciesRegistry) => void;
  /** The owner's lifetime: the folders stop being watched when it ends. */
  signal?: AbortSignal;
}

export interface SpeciesRegistry {
  get(id: string): LoadedSpecies | undefined;
  list(): LoadedSpecies[];
  /** Current issues (errors and warnings) of every file, by file. */
  issues(): SpeciesIssue[];
  reload(): void;
  reloadFile(file: string): void;
  watch(): Promise<void>;
  close(): Promise<void>;
}

/** How long after a file event to look at the file once more. */
const SETTLE_MS = 250;

/** The folders in override order: built-ins, then the user's, then the extra one. */
function speciesSources(options: SpeciesRegistryOptions): SpeciesSource[] {
  const sources: SpeciesSource[] = [{ dir: resolve(options.builtinDir ?? builtinSpeciesDir()), origin: 'builtin' }];
  if (options.userDir) sources.push({ dir: resolve(options.userDir), origin: 'user' });
  if (options.extraDir) sources.push({ dir: resolve(options.extraDir), origin: 'extra' });
  return sources;
}

export function createSpeciesRegistry(options: SpeciesRegistryOptions = {}): SpeciesRegistry {
  const catalog = createCatalog(speciesSources(options), options.codexPetsDir);
  const { sources, files } = catalog;
  const settleTimers = new Set<NodeJS.Timeout>();
  let watcher: FSWatcher | undefined;
  let followers: DirFollower[] = [];
  const life = lifetimeWithin(options.signal);
  const closed = () => life.signal.aborted;

  function settleLater(action: () => void): void {
    const timer = setTimeout(() => {
      settleTimers.delete(timer);
      action();
    }, SETTLE_MS);
    timer.unref();
    settleTimers.add(timer);
  }

  const registry: SpeciesRegistry = {
    get: (id) => catalog.byId.get(id),
    list: () => listSpecies(catalog),
    issues: () => catalogIssues(catalog),
    reload() {
      reloadAll(catalog);
      options.onChange?.(registry);
    },
    reloadFile(file) {
      if (reloadOne(catalog, file)) options.onChange?.(registry);
    },
    async watch() {
      if (watcher || closed()) return;
      const { watch } = await import('chokidar');
      if (watcher || closed()) return;
      // Watch the directories, not globs (chokidar 5 has none); user dirs only: built-ins ship read-only.
      const dirs = sources.filter((source) => source.origin !== 'builtin').map((source) => source.dir);
      if (dirs.length === 0) return;
      // A folder that does not exist yet (no species written so far) is waited for from its
      // nearest existing ancestor, and watched once it appears.
      const waiting = new Set(dirs.filter((dir) => !existsSync(dir)));
      const watched = new Set(dirs.map((dir) => (waiting.has(dir) ? nearestExisting(dir) : dir)));
      watcher = watch([...watched], { ignoreInitial: true, depth: 0 });
      const active = watcher;
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
            settleLater(() => registry.reload());
          }
        }
      };
      // chokidar drops events that follow each other within a few ms (an editor's truncate
      // then write), so look again once things settle and reload if the file changed since.
      const onFile = (path: string) => {
        registry.reloadFile(path);
        settleLater(() => {
          const file = resolve(path);
          if (signatureOf(file) !== (files.get(file)?.signature ?? 'gone')) registry.reloadFile(file);
        });
      };
      watcher.on('add', onFile).on('change', onFile).on('unlink', onFile).on('addDir', onDir);
      // A folder removed and made again: chokidar's watch stays on the deleted one, so watch
      // everything afresh and read it again.
      followers = dirs.map((dir) =>
        followDir(dir, () => {
          for (const follower of followers) follower.close();
          followers = [];
          watcher = undefined;
          active
            .close()
            .then(() => (closed() ? undefined : registry.watch().then(() => registry.reload())))
            .catch(() => {
              // Not watchable now: the files already loaded stay in use.
            });
        }),
      );
      await new Promise<void>((ready) => watcher!.once('ready', () => ready()));
    },
    close: life.end,
  };
  onAbort(life.signal, async () => {
    for (const follower of followers) follower.close();
    for (const timer of settleTimers) clearTimeout(timer);
    settleTimers.clear();
    await watcher?.close();
    watcher = undefined;
  });
  registry.reload();
  return registry;
}
