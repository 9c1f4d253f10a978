/**
 * Evolution stages: which stage a level has reached, and a species as drawn at a stage. For each
 * mood the stage's own art is looked up along the fallback chain first, and only when the stage
 * draws nothing on that chain the species' base art (along the same chain), so a stage that
 * draws idle keeps its look in every mood. Zod-free and pure; documented in docs/species.md.
 */
import type { Species } from './species-schema.js';
import { fallbackChain, SPRITE_STATES, type SpriteState } from './sprite-state.js';

/** The stage a level has reached: the last one whose level is at most `level`; -1 without stages. */
export function stageIndexAt(stages: ReadonlyArray<{ level: number }> | undefined, level: number): number {
  if (!stages?.length) return -1;
  let index = 0;
  stages.forEach((stage, i) => {
    if (stage.level <= level) index = i;
  });
  return index;
}

export interface StateSource {
  /** The state whose art is drawn. */
  state: SpriteState;
  /** True when it comes from the species' base frames, not the stage's. */
  base: boolean;
}

type PerState<T> = Partial<Record<SpriteState, T>>;

function along<T>(
  own: PerState<T> | undefined,
  base: PerState<T>,
  mood: SpriteState,
): (StateSource & { value: T }) | undefined {
  const chain = fallbackChain(mood);
  for (const state of chain) if (own?.[state] !== undefined) return { state, base: false, value: own[state]! };
  for (const state of chain) if (base[state] !== undefined) return { state, base: true, value: base[state]! };
  return undefined;
}

/** Where the art of `mood` comes from at stage `index` (a species without stages: its own frames). */
export function stateSource(
  species: Pick<Species, 'frames' | 'stages'>,
  index: number,
  mood: SpriteState,
): StateSource {
  const found = along(species.stages?.[index]?.frames, species.frames, mood);
  return found ? { state: found.state, base: found.base } : { state: 'idle', base: true };
}

/**
 * A stage's entries over the base ones, each state kept only where it resolves to itself, so the
 * renderer's own walk along the chain lands on the same art (and idle keeps its sequence and blink
 * for the moods drawn as idle).
 */
function resolvedPerState<T>(own: PerState<T> | undefined, base: PerState<T>): Partial<Record<SpriteState, T>> {
  const out: Partial<Record<SpriteState, T>> = {};
  for (const mood of SPRITE_STATES) {
    const found = along(own, base, mood);
    if (found?.state === mood) out[mood] = found.value;
  }
  return out;
}

/** The faces at a stage: the stage's along the chain first, then the species'. The statusline uses it too. */
export function stageFaces(own: PerState<string> | undefined, base: PerState<string>): PerState<string> {
  return resolvedPerState(own, base);
}

type Staged = Pick<Species, 'frames' | 'face' | 'quips' | 'hat' | 'stages'>;

/**
 * The species as drawn at stage `index`: every state resolved per the rule above, the stage's
 * faces and quips over the species' ones. Out of range (or no stages): the species itself.
 */
export function speciesAtStage<T extends Staged>(species: T, index: number): T {
  const stage = species.stages?.[index];
  if (!stage) return species;
  const frames: Record<string, string[][]> = resolvedPerState(stage.frames, species.frames);
  frames.blink = stage.frames?.idle && stage.frames.blink ? stage.frames.blink : species.frames.blink;
  return {
    ...species,
    frames: frames as Species['frames'],
    face: stageFaces(stage.face, species.face) as Species['face'],
    quips: { ...species.quips, ...stage.quips },
    hat: stage.hat ?? species.hat,
  };
}

/** "an elder", "a hatchling": the stage name with its article, for the bubble. */
export function stagePhrase(stageName: string, speciesName: string): string {
  const words = `${stageName} ${speciesName}`.toLowerCase();
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;
}
