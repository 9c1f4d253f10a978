/**
 * Where the built-in species live: `species/` at the package root. Found by walking up from
 * this module to the folder with package.json, so it works from src/ (tsx, vitest) and from
 * a bundled dist/ file alike. Zod-free.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';

let cached: string | undefined;

export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    // dist/ holds a package.json of its own (it marks the hot paths as CommonJS): skip it.
    if (existsSync(join(dir, 'package.json')) && isBuddyPackage(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return dirname(from);
    dir = parent;
  }
}

function isBuddyPackage(path: string): boolean {
  try {
    return (
      (
        JSON.parse(readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true })) as {
          name?: string;
        }
      ).name === 'buddy-tui'
    );
  } catch {
    return false;
  }
}

export function builtinSpeciesDir(): string {
  cached ??= join(packageRoot(), 'species');
  return cached;
}

/** The built-in species' ids (each file is named after its id), sorted: what a first hatch draws from. */
export function builtinSpeciesIds(dir: string = builtinSpeciesDir()): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json') && name !== 'species.schema.json')
      .map((name) => name.slice(0, -'.json'.length))
      .sort();
  } catch {
    return [];
  }
}
