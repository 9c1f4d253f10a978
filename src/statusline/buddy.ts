/**
 * The buddy as the statusline draws it: the species' one-line face for the current mood, and
 * its name. The mood is the pane's rule (src/pet/mood.ts with a pet, src/display/mood.ts without).
 * Reads pet.json and one species file with plain JSON.parse (zod-free modules from src/pet and
 * src/species); with no pet.json yet, the face of the pet the default seed will hatch; a species
 * file that cannot be read gives the default face.
 */
import type { ConfigObject } from '../config/config-migrations.js';
import { petFilePath, userSpeciesDir } from '../config/paths.js';
import { sessionMood } from '../display/mood.js';
import { deriveMood, type Mood } from '../pet/mood.js';
import { drawIdentity } from '../pet/hatch.js';
import { defaultSeedFor, INTRODUCTION_MS, introduction } from '../pet/introduction.js';
import { readPetLite } from '../pet/pet-lite.js';
import { levelForXp } from '../pet/pet.js';
import { builtinSpeciesDir, builtinSpeciesIds } from '../species/builtin-dir.js';
import { drawnSpeciesId } from '../species/drawn-species.js';
import { lookupFace } from '../species/face.js';
import type { SessionState } from '../state/session-state.js';

export interface BuddyLook {
  face: string;
  mood: Mood;
  name?: string;
  /** "Meet Biscuit, a crab. /buddy for its card" while the pet is in its first minute. */
  intro?: string;
  /** When the introduction ends (ms since the epoch). */
  introUntil?: number;
}

/** `config`: config.json as the caller read it (read here when not given): its species.id is the one drawn. */
export function lookBuddy(
  state: SessionState | undefined,
  now: number,
  env: NodeJS.ProcessEnv,
  config?: ConfigObject,
): BuddyLook {
  const pet = readPetLite(petFilePath(env));
  const mood = pet ? deriveMood(pet, state, now) : sessionMood(state, now);
  // Before the first hatch: the face of the pet the default seed will hatch, not a generic one.
  const identity = pet?.identity ?? drawIdentity({ seed: defaultSeedFor(env), speciesIds: builtinSpeciesIds(), now });
  const speciesId = drawnSpeciesId(identity.speciesId, env, config);
  const face = lookupFace({
    speciesId,
    mood,
    eyes: identity.eyes,
    level: pet ? levelForXp(pet.xp) : 1,
    userDir: userSpeciesDir(env),
    builtinDir: builtinSpeciesDir(),
  });
  const intro = pet ? introduction(pet, now, '/buddy for its card', speciesId) : undefined;
  return {
    face,
    mood,
    name: pet?.identity.name,
    intro,
    introUntil: intro && pet ? pet.hatchedAt + INTRODUCTION_MS : undefined,
  };
}
