/**
 * The buddy as the statusline draws it: the species' one-line face for the current mood, and
 * its name. The mood is the pane's rule (src/pet/mood.ts with a pet, src/display/mood.ts without).
 * Reads pet.json and one species file with plain JSON.parse (zod-free modules from src/pet and
 * src/species); anything missing gives the default face.
 */
import { petFilePath, userSpeciesDir } from '../config/paths.js';
import { sessionMood } from '../display/mood.js';
import { deriveMood, type Mood } from '../pet/mood.js';
import { readPetLite } from '../pet/pet-lite.js';
import { levelForXp } from '../pet/pet.js';
import { builtinSpeciesDir } from '../species/builtin-dir.js';
import { lookupFace } from '../species/face.js';
import type { SessionState } from '../state/session-state.js';

export interface BuddyLook {
  face: string;
  mood: Mood;
  name?: string;
}

export function lookBuddy(state: SessionState | undefined, now: number, env: NodeJS.ProcessEnv): BuddyLook {
  const pet = readPetLite(petFilePath(env));
  const mood = pet ? deriveMood(pet, state, now) : sessionMood(state, now);
  const face = lookupFace({
    speciesId: pet?.identity.speciesId,
    mood,
    eyes: pet?.identity.eyes,
    level: pet ? levelForXp(pet.xp) : 1,
    userDir: userSpeciesDir(env),
    builtinDir: builtinSpeciesDir(),
  });
  return { face, mood, name: pet?.identity.name };
}
