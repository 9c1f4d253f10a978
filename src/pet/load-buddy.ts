/**
 * What the pet commands and the mod's look share: the species registry (built-ins, the user's folder, an extra
 * folder) and the pet from pet.json: hatched on first use and recovered from its last good copy
 * by the commands that change it, only read by those that show it.
 */
import { petFilePath, userSpeciesDir } from '../config/paths.js';
import { defaultSeedFor } from './introduction.js';
import { fixesMessage, lastGoodPath, loadPetForUpdate, readPetFile } from './pet-file.js';
import { levelForXp, type Pet } from './pet.js';
import type { Species } from '../species/species-schema.js';
import { codexPetsDir } from '../species/codex-pets.js';
import { drawnSpeciesId } from '../species/drawn-species.js';
import { createSpeciesRegistry, type SpeciesRegistry } from '../species/species-registry.js';
import { speciesAtStage, stageIndexAt } from '../species/stages.js';

export function openRegistry(env: NodeJS.ProcessEnv, extraDir?: string): SpeciesRegistry {
  return createSpeciesRegistry({ userDir: userSpeciesDir(env), extraDir, codexPetsDir: codexPetsDir(env) });
}

/**
 * The species to draw a pet with, at the stage its level has reached: the one config.json names
 * (`drawnId`), else its own, else the first built-in (a pet outlives a deleted species file).
 */
export function speciesOf(registry: SpeciesRegistry, pet: Pet, drawnId = pet.identity.speciesId): Species {
  const entry = registry.get(drawnId) ?? registry.get(pet.identity.speciesId);
  const species = (entry ?? registry.get('cat') ?? registry.list()[0]).species;
  return speciesAtStage(species, stageIndexAt(species.stages, levelForXp(pet.xp)));
}

export interface Buddy {
  registry: SpeciesRegistry;
  pet: Pet;
  species: Species;
  path: string;
  message?: string;
}

function hatchIds(registry: SpeciesRegistry): string[] {
  return registry
    .list()
    .filter((entry) => entry.origin === 'builtin')
    .map((entry) => entry.species.id);
}

/** For commands that change the pet. Throws PetUnreadableError (writing nothing) when no good pet is left. */
export function loadBuddy(env: NodeJS.ProcessEnv, now: number, extraDir?: string): Buddy {
  const registry = openRegistry(env, extraDir);
  const path = petFilePath(env);
  const { pet, message } = loadPetForUpdate(path, { seed: defaultSeedFor(env), speciesIds: hatchIds(registry), now });
  return {
    registry,
    pet,
    species: speciesOf(registry, pet, drawnSpeciesId(pet.identity.speciesId, env)),
    path,
    message,
  };
}

export { defaultSeedFor };

/**
 * For commands that only show the pet: without a pet to show, says why. Never writes, except
 * that `hatchFirst` hatches the first pet when there is none at all (no pet.json, no last good copy).
 */
export function readBuddy(
  env: NodeJS.ProcessEnv,
  now: number,
  extraDir?: string,
  hatchFirst = false,
  /** A registry the caller keeps (the runner's mod views): reloaded, not made again. */
  kept?: SpeciesRegistry,
): Buddy | { path: string; problem: string } {
  const path = petFilePath(env);
  const read = readPetFile(path, now);
  if (hatchFirst && read.status === 'missing' && readPetFile(lastGoodPath(path), now).status === 'missing')
    return loadBuddy(env, now, extraDir);
  if (read.status !== 'ok')
    return { path, problem: whyNoPet(path, read.status === 'broken' ? read.problem : undefined, now) };
  const registry = kept ?? openRegistry(env, extraDir);
  if (kept) kept.reload();
  const message = read.fixes.length ? fixesMessage(path, read.fixes) : undefined;
  return {
    registry,
    pet: read.pet,
    species: speciesOf(registry, read.pet, drawnSpeciesId(read.pet.identity.speciesId, env)),
    path,
    message,
  };
}

function whyNoPet(path: string, problem: string | undefined, now: number): string {
  const copy = lastGoodPath(path);
  const what = problem === undefined ? `${path} does not exist` : `${path} cannot be read (${problem})`;
  if (readPetFile(copy, now).status === 'ok') {
    return `${what}. Nothing was changed; its last good copy, ${copy}, is carried on by the next feed, pet, play or pane.`;
  }
  if (problem === undefined) return `no buddy yet (${what}): \`buddy-tui hatch\` hatches one.`;
  return `${what}, and there is no good copy to go on from. Nothing was changed: fix the file, or run \`buddy-tui hatch\` to hatch a new buddy.`;
}
