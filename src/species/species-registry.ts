/**
 * All species by id: the built-ins, then the user's folder, then an extra folder, later ones
 * overriding earlier ones by id. A broken file is skipped with issues naming the file and
 * the JSON path, and the last good version of that file stays in use (species-file-cache.ts).
 * `watch()` reloads files as they change (species-watch.ts), with no restart.
 */
import { resolve } from 'node:path';
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
import { createSpeciesWatch } from './species-watch.js';

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

/** The folders in override order: built-ins, then the user's, then the extra one. */
function speciesSources(options: SpeciesRegistryOptions): SpeciesSource[] {
  const sources: SpeciesSource[] = [{ dir: resolve(options.builtinDir ?? builtinSpeciesDir()), origin: 'builtin' }];
  if (options.userDir) sources.push({ dir: resolve(options.userDir), origin: 'user' });
  if (options.extraDir) sources.push({ dir: resolve(options.extraDir), origin: 'extra' });
  return sources;
}

export function createSpeciesRegistry(options: SpeciesRegistryOptions = {}): SpeciesRegistry {
  const catalog = createCatalog(speciesSources(options), options.codexPetsDir);
  const life = lifetimeWithin(options.signal);
  const watching = createSpeciesWatch({
    dirs: catalog.sources.filter((source) => source.origin !== 'builtin').map((source) => source.dir),
    reload: () => registry.reload(),
    reloadFile: (file) => registry.reloadFile(file),
    loadedSignature: (file) => catalog.files.get(file)?.signature ?? 'gone',
    closed: () => life.signal.aborted,
  });
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
    watch: () => watching.watch(),
    close: life.end,
  };
  onAbort(life.signal, () => watching.close());
  registry.reload();
  return registry;
}
