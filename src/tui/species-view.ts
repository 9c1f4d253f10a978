/**
 * Turns a species (and the pet's looks) into the lines the sprite component draws: every mood's
 * animation loop pre-rendered once by the species renderer (idle sequence and blinks included,
 * eyes filled in, hat on), so the pane only indexes frames on each tick. A species file is outside
 * text: every line, face and name is made safe here, once per load, never per tick.
 */
import { faceFor, frameCount, renderSprite, type DrawableSpecies } from '../species/render.js';
import { SPRITE_STATES } from '../species/sprite-state.js';
import type { Species } from '../species/species-schema.js';
import type { SpriteView } from './store/types.js';
import { toSafeLines, toSafeText, type SafeText } from '../text/safe-text.js';

export interface Looks {
  eyes?: string;
  hat?: string;
  /** The evolution stage drawn, for the label under the sprite. */
  stageName?: string;
}

/** Sprite lines as the pane draws them: each one line, at most 200 characters. */
const SPRITE_LINE = { maxLength: 200 } as const;

export function spriteViewOf(
  species: DrawableSpecies & Pick<Species, 'id' | 'name' | 'colors'>,
  looks: Looks = {},
): SpriteView {
  const frames: Record<string, SafeText[][]> = {};
  const faces: Record<string, SafeText> = {};
  for (const mood of SPRITE_STATES) {
    const count = Math.max(1, frameCount(species, mood));
    frames[mood] = Array.from({ length: count }, (_, tick) =>
      toSafeLines(renderSprite(species, mood, tick, { eyes: looks.eyes, hat: looks.hat }), SPRITE_LINE),
    );
    faces[mood] = toSafeText(faceFor(species, mood, looks.eyes), { maxLength: 40 });
  }
  const stageName = looks.stageName === undefined ? undefined : toSafeText(looks.stageName, { maxLength: 24 });
  return {
    speciesId: species.id,
    speciesName: toSafeText(species.name, { maxLength: 40 }),
    frames,
    faces,
    color: species.colors?.body,
    stageName,
  };
}
