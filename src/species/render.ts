/**
 * Drawing a species: the state it shows for a mood (along the fallback chain), the frame for
 * an animation tick, the eyes filled in, the hat on its row. Zod-free and pure.
 */
import { displayWidth } from '../display/exact-width.js';
import type { Species } from './species-schema.js';
import { EYE_PLACEHOLDER, fallbackChain, type Mood, type SpriteState } from './sprite-state.js';
import { HATS, isHatId } from './hats.js';
import { eyeFor } from './face.js';

export { DEFAULT_FACE, eyeFor, faceFor } from './face.js';

export const DEFAULT_FRAME_MS = 500;
export const DEFAULT_IDLE_SEQUENCE: ReadonlyArray<number | 'blink'> = [0, 1, 0, 2, 'blink'];

/** The parts of a species the renderer reads: a validated Species fits, so does a test literal. */
export type DrawableSpecies = Pick<Species, 'eyes' | 'face' | 'frames' | 'idleSequence' | 'frameMs' | 'hat'>;

export interface RenderOptions {
  /** The pet's eye style: worn where the species sets no eye of its own (eyes.default, or the mood's). */
  eyes?: string;
  /** A hat id from HATS, or the hat art itself. */
  hat?: string;
  /** Pad every state to the same size (the largest), so a layout does not jump. Default true. */
  pad?: boolean;
}

/** The state a species actually draws for a mood: the first of the fallback chain it has. */
export function resolveState(species: Pick<Species, 'frames'>, mood: Mood): SpriteState {
  return fallbackChain(mood).find((state) => (species.frames[state]?.length ?? 0) > 0) ?? 'idle';
}

export function frameMs(species: Pick<Species, 'frameMs'>): number {
  return species.frameMs ?? DEFAULT_FRAME_MS;
}

export function idleSequence(species: Pick<Species, 'idleSequence'>): ReadonlyArray<number | 'blink'> {
  return species.idleSequence ?? DEFAULT_IDLE_SEQUENCE;
}

/** How many ticks one loop of the state's animation takes. */
export function frameCount(species: DrawableSpecies, mood: Mood): number {
  const state = resolveState(species, mood);
  return state === 'idle' ? idleSequence(species).length : species.frames[state]!.length;
}

function fillEyes(line: string, eye: string): string {
  return line.replaceAll(EYE_PLACEHOLDER, eye);
}

/** Puts the hat centred on `center` if the cells under it are blank; ASCII rows only. */
function placeHat(line: string, hat: string, center: number): string {
  if (!hat || displayWidth(line) !== line.length) return line;
  const start = Math.max(0, center - Math.floor(hat.length / 2));
  const padded = line.padEnd(start + hat.length, ' ');
  if (padded.slice(start, start + hat.length).trim() !== '') return line;
  return padded.slice(0, start) + hat + padded.slice(start + hat.length);
}

/** The largest frame of any state, in cells. */
export function spriteSize(species: Pick<Species, 'frames'>): { width: number; height: number } {
  const cached = sizes.get(species.frames);
  if (cached) return cached;
  let width = 0;
  let height = 0;
  for (const frames of Object.values(species.frames)) {
    for (const frame of frames ?? []) {
      height = Math.max(height, frame.length);
      for (const line of frame) width = Math.max(width, displayWidth(fillEyes(line, 'o')));
    }
  }
  const size = { width, height };
  sizes.set(species.frames, size);
  return size;
}

// Species objects are not changed after loading (a reload makes new ones), so sizes can be kept.
const sizes = new WeakMap<object, { width: number; height: number }>();

/**
 * The lines of one frame. `frameIndex` is the animation tick: for idle it walks the
 * idleSequence (blinks included), for other states it cycles through their frames.
 */
export function renderSprite(
  species: DrawableSpecies,
  mood: Mood,
  frameIndex: number,
  options: RenderOptions = {},
): string[] {
  const state = resolveState(species, mood);
  const tick = Math.max(0, Math.floor(frameIndex));
  let frame: string[];
  let eye: string;
  if (state === 'idle') {
    const sequence = idleSequence(species);
    const step = sequence[tick % sequence.length];
    const blink = step === 'blink';
    frame = blink ? species.frames.blink[0] : species.frames.idle[Number(step) % species.frames.idle.length];
    eye = eyeFor(species, blink ? 'blink' : mood === 'idle' ? 'idle' : mood, options.eyes);
  } else {
    const frames = species.frames[state]!;
    frame = frames[tick % frames.length];
    eye = eyeFor(species, mood === state ? state : mood, options.eyes);
  }
  let lines = frame.map((line) => fillEyes(line, eye));

  const hat = options.hat === undefined ? '' : isHatId(options.hat) ? HATS[options.hat] : options.hat;
  if (hat && species.hat) {
    const row = species.hat.row ?? 0;
    const width = Math.max(...lines.map((line) => displayWidth(line)));
    if (row < lines.length) lines[row] = placeHat(lines[row], hat, species.hat.center ?? Math.floor(width / 2));
  }

  if (options.pad !== false) {
    const size = spriteSize(species);
    lines = lines.map((line) => line + ' '.repeat(Math.max(0, size.width - displayWidth(line))));
    // Sprites stand on the ground: shorter states get blank lines on top.
    while (lines.length < size.height) lines.unshift(' '.repeat(size.width));
  }
  return lines;
}
