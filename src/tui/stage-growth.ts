/**
 * Which evolution stage the pane draws, and the moment a pet grows into the next one: the bubble
 * line naming the new stage ("Miso grew into an elder cat!"). Pure; tui-services.ts wires it in.
 */
import { levelForXp, type Pet } from '../pet/pet.js';
import type { Species } from '../species/species-schema.js';
import { stageIndexAt, stagePhrase } from '../species/stages.js';

/** The stage the pane shows, per species (a new species is never a growth). */
export interface StageShown {
  speciesId: string;
  index: number;
}

/** The stage index a pet has reached in a species (-1 without stages); no pet yet: the first. */
export function stageOf(species: Pick<Species, 'stages'> | undefined, pet: Pick<Pet, 'xp'> | undefined): number {
  return stageIndexAt(species?.stages, pet ? levelForXp(pet.xp) : 1);
}

/** The bubble for growing from the stage shown into `index` of the same species; else undefined. */
export function growthLine(shown: StageShown | undefined, species: Pick<Species, 'id' | 'name' | 'stages'>, index: number, petName: string): string | undefined {
  if (!shown || shown.speciesId !== species.id || index <= shown.index) return undefined;
  const stage = species.stages?.[index];
  return stage ? `${petName} grew into ${stagePhrase(stage.name, species.name)}!` : undefined;
}
