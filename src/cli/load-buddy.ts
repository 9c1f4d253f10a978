/**
 * What the pet commands share: the species registry (built-ins, the user's folder, an extra
 * folder) and the pet from pet.json, hatched on first use.
 */
import { hostname, userInfo } from 'node:os';
import { petFilePath, userSpeciesDir } from '../config/paths.js';
import { defaultSeed } from '../pet/hatch.js';
import { loadOrHatchPet } from '../pet/pet-file.js';
import type { Pet } from '../pet/pet.js';
import type { Species } from '../species/species-schema.js';
import { createSpeciesRegistry, type SpeciesRegistry } from '../species/species-registry.js';

export function defaultSeedFor(env: NodeJS.ProcessEnv): string {
  let user = env.USER ?? env.LOGNAME ?? '';
  if (!user) {
    try {
      user = userInfo().username;
    } catch {
      user = 'someone';
    }
  }
  return defaultSeed(user, hostname());
}

export function openRegistry(env: NodeJS.ProcessEnv, extraDir?: string): SpeciesRegistry {
  return createSpeciesRegistry({ userDir: userSpeciesDir(env), extraDir });
}

/** The species to draw a pet with: its own, else the first built-in (a pet outlives a deleted species file). */
export function speciesOf(registry: SpeciesRegistry, pet: Pet): Species {
  return (registry.get(pet.identity.speciesId) ?? registry.get('cat') ?? registry.list()[0]).species;
}

export interface Buddy {
  registry: SpeciesRegistry;
  pet: Pet;
  species: Species;
  path: string;
  message?: string;
}

export function loadBuddy(env: NodeJS.ProcessEnv, now: number, extraDir?: string): Buddy {
  const registry = openRegistry(env, extraDir);
  const path = petFilePath(env);
  const speciesIds = registry.list().filter((entry) => entry.origin === 'builtin').map((entry) => entry.species.id);
  const { pet, message } = loadOrHatchPet(path, { seed: defaultSeedFor(env), speciesIds, now });
  return { registry, pet, species: speciesOf(registry, pet), path, message };
}
