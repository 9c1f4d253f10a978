/**
 * The buddy's first words: every view that shows a pet in its first minute introduces it
 * ("Meet Biscuit, a crab."). Counted from `hatchedAt`, not recorded in pet.json, so the pane,
 * the mod and the statusLine may start in any order, none writes for it, and whichever shows the
 * pet first introduces it. Zod-free: the statusline loads it.
 */
import { hostname, userInfo } from 'node:os';
import { sanitizeText } from '../text/sanitize.js';
import { defaultSeed } from './hatch.js';
import type { Pet } from './pet.js';

/** A pet this young is introduced by the view that shows it. */
export const INTRODUCTION_MS = 60_000;

/**
 * The one seed rule of the first hatch, for the pane, the CLI, the mod and the statusline alike:
 * $USER (else $LOGNAME, else the login name) at $HOSTNAME (else the host's name).
 */
export function defaultSeedFor(env: NodeJS.ProcessEnv): string {
  let user = env.USER ?? env.LOGNAME ?? '';
  if (!user) {
    try {
      user = userInfo().username;
    } catch {
      user = 'someone';
    }
  }
  return defaultSeed(user, env.HOSTNAME || hostname());
}

/**
 * "Meet Biscuit, a crab." and where to go next, while the pet is new; else undefined. `speciesId`:
 * the species the views draw it as (src/species/drawn-species.ts), when not its own.
 */
export function introduction(
  pet: Pick<Pet, 'identity' | 'hatchedAt'>,
  now: number,
  next: string,
  speciesId = pet.identity.speciesId,
): string | undefined {
  const age = now - pet.hatchedAt;
  if (age < -INTRODUCTION_MS || age >= INTRODUCTION_MS) return undefined;
  return introductionText({ name: pet.identity.name, speciesId }, next);
}

export function introductionText(identity: Pick<Pet['identity'], 'name' | 'speciesId'>, next: string): string {
  const name = sanitizeText(identity.name, { maxLength: 24 }).trim();
  const species = sanitizeText(identity.speciesId, { maxLength: 40 }).trim();
  const article = /^[aeiou]/i.test(species) ? 'an' : 'a';
  return `Meet ${name}, ${article} ${species}.${next ? ` ${next}` : ''}`;
}
