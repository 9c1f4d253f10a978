/**
 * Which evolution stage the pane draws, and the moment a pet grows into the next one: the bubble
 * line naming the new stage ("Miso grew into an elder cat!"). tui-services.ts wires it in.
 */
import { levelForXp, type Pet } from '../pet/pet.js';
import type { Species } from '../species/species-schema.js';
import { speciesAtStage, stageIndexAt, stagePhrase } from '../species/stages.js';

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
export function growthLine(
  shown: StageShown | undefined,
  species: Pick<Species, 'id' | 'name' | 'stages'>,
  index: number,
  petName: string,
): string | undefined {
  if (!shown || shown.speciesId !== species.id || index <= shown.index) return undefined;
  const stage = species.stages?.[index];
  return stage ? `${petName} grew into ${stagePhrase(stage.name, species.name)}!` : undefined;
}

export interface StageFollowerOptions {
  species: () => Species | undefined;
  pet: () => Pet | undefined;
  /** Only the runner says it in a bubble (a viewer just redraws). */
  isRunner: () => boolean;
  /** Draws the species as it looks at the stage (undefined: no species loaded). */
  draw: (staged: Species | undefined, stageName: string | undefined) => void;
  say: (line: string, now: number) => void;
}

export interface StageFollower {
  /** The species at the stage the pet has reached now (art, faces, quips). */
  staged(): Species | undefined;
  /** Draws the stage reached now, with no bubble (a start, a reload, another species). */
  draw(): void;
  /** Redraws when the pet has reached another stage since the last draw; says so when it grew. */
  follow(now: number): void;
}

export function createStageFollower(options: StageFollowerOptions): StageFollower {
  let shown: StageShown | undefined;
  const draw = () => {
    const current = options.species();
    const index = stageOf(current, options.pet());
    shown = current && { speciesId: current.id, index };
    options.draw(current && speciesAtStage(current, index), current?.stages?.[index]?.name);
  };
  return {
    staged() {
      const current = options.species();
      return current && speciesAtStage(current, stageOf(current, options.pet()));
    },
    draw,
    follow(now) {
      const current = options.species();
      const pet = options.pet();
      if (!current || !pet) return;
      const index = stageOf(current, pet);
      if (shown?.speciesId === current.id && shown.index === index) return;
      const line = options.isRunner() ? growthLine(shown, current, index, pet.identity.name) : undefined;
      draw();
      if (line) options.say(line, now);
    },
  };
}
