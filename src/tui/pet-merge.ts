/**
 * Merging pet.json written by another process (`buddy-tui feed` in another terminal) with what
 * this pane did since it last loaded or saved the file. The pane keeps the pet as it was then
 * (`base`), not the events themselves, so a burst holds no events for the merge: what the pane
 * added (ours - base) is added to the fresh file. Pure: time is an argument.
 */
import { decayPet } from '../pet/pet-engine.js';
import {
  PET_LIMITS,
  addCount,
  clampNeed,
  type Pet,
  type PetCounters,
  type PetMoments,
  type PetNeeds,
} from '../pet/pet.js';

export function mergePetWrites(base: Pet, ours: Pet, fresh: Pet, now: number): Pet {
  // Hatched again meanwhile: a different pet, whatever this pane did belonged to the old one.
  if (fresh.hatchedAt !== base.hatchedAt || fresh.identity.speciesId !== base.identity.speciesId) return fresh;
  const b = decayPet(base, now);
  const o = decayPet(ours, now);
  const f = decayPet(fresh, now);
  const needs = { ...f.needs };
  for (const key of Object.keys(needs) as Array<keyof PetNeeds>)
    needs[key] = clampNeed(f.needs[key] + o.needs[key] - b.needs[key]);
  const counters = { ...f.counters };
  for (const key of Object.keys(o.counters) as Array<keyof PetCounters>) {
    counters[key] = addCount(f.counters[key] ?? 0, Math.max(0, (o.counters[key] ?? 0) - (b.counters[key] ?? 0)));
  }
  const moments: PetMoments = { ...f.moments };
  for (const key of Object.keys(o.moments) as Array<keyof PetMoments>) {
    moments[key] = Math.max(f.moments[key] ?? -Infinity, o.moments[key] ?? -Infinity);
  }
  const last = (o.last?.at ?? -Infinity) >= (f.last?.at ?? -Infinity) ? o.last : f.last;
  return {
    ...f,
    needs,
    counters,
    moments,
    xp: Math.min(PET_LIMITS.xpMax, f.xp + Math.max(0, o.xp - b.xp)),
    failStreak: o.failStreak,
    openTurns: o.openTurns,
    last,
  };
}
