/**
 * The buddy as the statusline draws it: the species' one-line face for the current mood, and
 * its name. Reads pet.json and one species file with plain JSON.parse (zod-free modules from
 * src/pet and src/species); anything missing gives the default face.
 */
import { petFilePath, userSpeciesDir } from '../config/paths.js';
import { MOOD_RULES, deriveMood, type Mood } from '../pet/mood.js';
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

/** Before a pet is hatched, the session alone sets the mood (the same rules, minus the needs). */
export function sessionMood(state: SessionState | undefined, now: number): Mood {
  if (!state || state.endedAt !== undefined) return 'idle';
  const failureAt = state.failures[state.failures.length - 1]?.at;
  if (failureAt !== undefined && now - failureAt >= 0 && now - failureAt < MOOD_RULES.errorMs) return 'error';
  const live = state.lastEventAt !== undefined && now - state.lastEventAt < MOOD_RULES.staleSessionMs;
  if (live && Object.keys(state.toolsRunning).length > 0) return 'working';
  if (live && state.pendingPrompts > 0) return 'thinking';
  return 'idle';
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
