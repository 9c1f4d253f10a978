/**
 * The pet's name and one-sentence personality written by the model at hatch, when the voice is on
 * (issue 46): only for a pet whose name is still the one drawn from its seed (a name the user
 * chose, `hatch --name`, stays), and only for the pet that hatched (same hatchedAt). Written into
 * pet.json as another process's save: the runner merges the file's identity in at its next look.
 */
import { drawIdentity } from './hatch.js';
import { readPetFile, savePet } from './pet-file.js';
import type { PetIdentity } from './pet.js';

/** True while the pet's name is the one drawn from its seed (nobody chose it). */
export function nameIsDrawn(identity: Pick<PetIdentity, 'seed' | 'name'>): boolean {
  return drawIdentity({ seed: identity.seed, speciesIds: [], now: 0 }).name === identity.name;
}

/** Sets the name and personality in pet.json when it still holds that pet with its drawn name; true when written. */
export function writeModelName(path: string, hatchedAt: number, name: string, personality: string): boolean {
  const read = readPetFile(path);
  if (read.status !== 'ok') return false;
  const { pet } = read;
  if (pet.hatchedAt !== hatchedAt || !nameIsDrawn(pet.identity)) return false;
  savePet(path, { ...pet, identity: { ...pet.identity, name, personality } });
  return true;
}
