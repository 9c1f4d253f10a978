/**
 * Petting and hatching for the buddy's voice. They are not journal events: the pane's p, a
 * viewer's p, `buddy-tui pet`, `/buddy pet` and `buddy-tui hatch` change pet.json, which the runner
 * holds or merges in. So the runner looks at its pet after each tick and compares it with the
 * pet it saw before: another hatch, or more pats. Pure: the pets are arguments.
 */
export interface PetMark {
  hatchedAt: number;
  petted: number;
}

export interface MarkedPet {
  hatchedAt: number;
  counters: { petted?: number };
}

export const markOf = (pet: MarkedPet): PetMark => ({ hatchedAt: pet.hatchedAt, petted: pet.counters.petted ?? 0 });

/**
 * The moment between what was seen before and the pet now: 'hatched' for a pet hatched since
 * (not the first look: a pet that was there when the runner started is no news), 'petted' for
 * more pats, else undefined.
 */
export function petMomentBetween(before: PetMark | undefined, now: PetMark): 'hatched' | 'petted' | undefined {
  if (!before) return undefined;
  if (now.hatchedAt !== before.hatchedAt) return now.hatchedAt > before.hatchedAt ? 'hatched' : undefined;
  return now.petted > before.petted ? 'petted' : undefined;
}
