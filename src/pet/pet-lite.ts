/**
 * Reads pet.json for the statusline without zod: JSON.parse and the few checks the face and
 * mood need. Anything off gives undefined and the caller shows a default face.
 */
import { readFileSync } from 'node:fs';
import { emptyCounters, type Pet } from './pet.js';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function coercePet(value: unknown): Pet | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const pet = value as Partial<Pet>;
  const identity = pet.identity;
  const needs = pet.needs;
  if (pet.version !== 1 || !identity || typeof identity.speciesId !== 'string' || typeof identity.name !== 'string') return undefined;
  if (!needs || !isNumber(needs.hunger) || !isNumber(needs.energy) || !isNumber(needs.happiness)) return undefined;
  if (!isNumber(pet.hatchedAt) || !isNumber(pet.updatedAt)) return undefined;
  return {
    ...(pet as Pet),
    xp: isNumber(pet.xp) ? pet.xp : 0,
    failStreak: isNumber(pet.failStreak) ? pet.failStreak : 0,
    counters: { ...emptyCounters(), ...(pet.counters ?? {}) },
    moments: pet.moments && typeof pet.moments === 'object' ? pet.moments : {},
  };
}

export function readPetLite(path: string): Pet | undefined {
  try {
    return coercePet(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return undefined;
  }
}
