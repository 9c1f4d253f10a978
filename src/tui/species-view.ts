/**
 * Turns a species (and the pet's looks) into the lines the sprite component draws: every mood's
 * animation loop pre-rendered once by the species renderer (idle sequence and blinks included,
 * eyes filled in, hat on), so the pane only indexes frames on each tick.
 */
import { faceFor, frameCount, renderSprite, type DrawableSpecies } from '../species/render.js';
import { SPRITE_STATES } from '../species/sprite-state.js';
import type { Species } from '../species/species-schema.js';
import type { SpriteView } from '../store.js';

export interface Looks {
  eyes?: string;
  hat?: string;
}

export function spriteViewOf(species: DrawableSpecies & Pick<Species, 'id' | 'name' | 'colors'>, looks: Looks = {}): SpriteView {
  const frames: Record<string, string[][]> = {};
  const faces: Record<string, string> = {};
  for (const mood of SPRITE_STATES) {
    const count = Math.max(1, frameCount(species, mood));
    frames[mood] = Array.from({ length: count }, (_, tick) => renderSprite(species, mood, tick, { eyes: looks.eyes, hat: looks.hat }));
    faces[mood] = faceFor(species, mood, looks.eyes);
  }
  return { speciesId: species.id, speciesName: species.name, frames, faces, color: species.colors?.body };
}
