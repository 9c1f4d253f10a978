/**
 * What the registry has loaded: its folders in override order, the file cache, the Codex pets,
 * and the species by id built from them (later folders override earlier ones by id).
 */
import { basename, resolve } from 'node:path';
import type { Species } from './species-schema.js';
import type { SpeciesIssue } from './validate-species.js';
import { findCodexPets } from './codex-pets.js';
import { jsonFiles, loadFile, type SpeciesFileCache } from './species-file-cache.js';

export interface SpeciesSource {
  dir: string;
  origin: 'builtin' | 'user' | 'extra';
}

export interface LoadedSpecies {
  species: Species;
  file: string;
  origin: SpeciesSource['origin'] | 'codex';
  /** True when the file is broken now and this is its last good version. */
  stale: boolean;
}

export interface SpeciesCatalog {
  /** Built-ins first, then the user's folder, then the extra one. */
  sources: SpeciesSource[];
  /** `$CODEX_HOME/pets`, read at each reload. */
  codexPetsDir?: string;
  files: SpeciesFileCache;
  codexPets: ReturnType<typeof findCodexPets>;
  byId: Map<string, LoadedSpecies>;
}

export function createCatalog(sources: SpeciesSource[], codexPetsDir?: string): SpeciesCatalog {
  return { sources, codexPetsDir, files: new Map(), codexPets: [], byId: new Map() };
}

export function listSpecies(catalog: SpeciesCatalog): LoadedSpecies[] {
  return [...catalog.byId.values()].sort((a, b) => a.species.id.localeCompare(b.species.id));
}

export function catalogIssues(catalog: SpeciesCatalog): SpeciesIssue[] {
  return [
    ...[...catalog.files.values()].flatMap((entry) => entry.issues),
    ...catalog.codexPets.flatMap((pet) => pet.issues),
  ];
}

/** Lists every folder afresh: files gone are dropped, new or changed ones (re)loaded, the others kept. */
export function reloadAll(catalog: SpeciesCatalog): void {
  const { files, sources } = catalog;
  catalog.codexPets = catalog.codexPetsDir ? findCodexPets(catalog.codexPetsDir) : [];
  const present = new Set(sources.flatMap((source) => jsonFiles(source.dir)));
  for (const file of files.keys()) if (!present.has(file)) files.delete(file);
  for (const file of present) loadFile(files, file, true);
  rebuild(catalog);
}

/** Reads one file afresh (or drops it if gone); false when it is no species file of these folders. */
export function reloadOne(catalog: SpeciesCatalog, file: string): boolean {
  const path = resolve(file);
  const inSource = catalog.sources.some((source) => resolve(path, '..') === source.dir);
  if (!inSource || !basename(path).endsWith('.json') || basename(path) === 'species.schema.json') return false;
  if (jsonFiles(resolve(path, '..')).includes(path)) loadFile(catalog.files, path);
  else catalog.files.delete(path);
  rebuild(catalog);
  return true;
}

function rebuild(catalog: SpeciesCatalog): void {
  const next = new Map<string, LoadedSpecies>();
  for (const source of catalog.sources) {
    for (const [file, entry] of catalog.files) {
      if (!entry.good || resolve(file, '..') !== source.dir) continue;
      next.set(entry.good.id, { species: entry.good, file, origin: source.origin, stale: entry.broken });
    }
  }
  for (const pet of catalog.codexPets)
    if (pet.species) next.set(pet.species.id, { species: pet.species, file: pet.file, origin: 'codex', stale: false });
  catalog.byId = next;
}
