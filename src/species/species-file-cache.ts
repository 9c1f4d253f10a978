/**
 * The species files of the registry, one entry per file: its last good species (if any), its
 * current issues, and the size and mtime it was read at. A broken file keeps its last good
 * version in use, marked stale.
 */
import { readdirSync } from 'node:fs';
import { fileSignature } from '../files/file-signature.js';
import { join } from 'node:path';
import type { Species } from './species-schema.js';
import { validateSpeciesFile, type SpeciesIssue } from './validate-species.js';

export interface SpeciesFileEntry {
  good?: Species;
  issues: SpeciesIssue[];
  broken: boolean;
  /** `size:mtimeMs` when read, or 'gone': a watcher compares it to see if the file changed since. */
  signature: string;
}

/** By absolute path. */
export type SpeciesFileCache = Map<string, SpeciesFileEntry>;

/** The species files of a folder, sorted; none if it cannot be read. */
export function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json') && name !== 'species.schema.json' && !name.startsWith('.'))
      .sort()
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

/**
 * Reads and validates one file into the cache; a broken one keeps its previous good species.
 * `unlessSame`: a file whose signature is the one it was read at is not read again (a resident
 * registry reloaded before each use pays a stat, not a validation, per unchanged file).
 */
export function loadFile(files: SpeciesFileCache, file: string, unlessSame = false): void {
  const signature = fileSignature(file);
  const previous = files.get(file);
  if (unlessSame && previous && signature !== 'gone' && previous.signature === signature) return;
  const check = validateSpeciesFile(file);
  if (check.species) files.set(file, { good: check.species, issues: check.issues, broken: false, signature });
  else files.set(file, { good: previous?.good, issues: check.issues, broken: true, signature });
}
