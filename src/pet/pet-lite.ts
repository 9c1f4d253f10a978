/**
 * Reads pet.json for the statusline and the pane's viewer without zod: JSON.parse and the few
 * checks the face and mood need, numbers brought into range. Anything off gives undefined and the
 * caller shows a default face. Never writes.
 */
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { boundPet } from './pet-bounds.js';
import { emptyCounters, type Pet } from './pet.js';

/** Any number JSON gives (1e999 is Infinity): boundPet brings it into range. */
const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

export function coercePet(value: unknown): Pet | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const pet = value as Partial<Pet>;
  const identity = pet.identity;
  const needs = pet.needs;
  if (pet.version !== 1 || !identity || typeof identity.speciesId !== 'string' || typeof identity.name !== 'string')
    return undefined;
  if (!needs || !isNumber(needs.hunger) || !isNumber(needs.energy) || !isNumber(needs.happiness)) return undefined;
  if (!isNumber(pet.hatchedAt) || !isNumber(pet.updatedAt)) return undefined;
  return boundPet({
    ...(pet as Pet),
    xp: isNumber(pet.xp) ? pet.xp : 0,
    failStreak: isNumber(pet.failStreak) ? pet.failStreak : 0,
    counters: { ...emptyCounters(), ...(pet.counters ?? {}) },
    moments: pet.moments && typeof pet.moments === 'object' ? pet.moments : {},
  }).pet;
}

export function readPetLite(path: string): Pet | undefined {
  try {
    return coercePet(JSON.parse(readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.state })));
  } catch {
    return undefined;
  }
}
