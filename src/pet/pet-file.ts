/**
 * pet.json: one pet shared by all sessions. Versioned, written atomically, validated with
 * zod here (and only here). A corrupt file is kept aside as .bak and a fresh pet is hatched,
 * with a message that says so; nothing is ever silently lost.
 */
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import * as z from 'zod';
import { atomicWriteJsonSync } from '../state/atomic-write.js';
import { EVENT_KINDS } from '../state/event-kind.js';
import { HAT_IDS } from '../species/hats.js';
import { hatchPet, type HatchOptions } from './hatch.js';
import { PET_VERSION, RARITIES, STAT_NAMES, type Pet } from './pet.js';

const need = z.number().min(0).max(100);
const count = z.int().min(0);
const time = z.number().finite();

export const petSchema = z.object({
  version: z.literal(PET_VERSION),
  identity: z.object({
    seed: z.string(),
    speciesId: z.string().min(1).max(64),
    name: z.string().min(1).max(64),
    rarity: z.enum(RARITIES),
    shiny: z.boolean(),
    eyes: z.string().min(1).max(4),
    hat: z.enum(HAT_IDS as [string, ...string[]]),
    stats: z.object(Object.fromEntries(STAT_NAMES.map((stat) => [stat, z.number().min(0).max(100)]))),
  }),
  hatchedAt: time,
  updatedAt: time,
  needs: z.object({ hunger: need, energy: need, happiness: need }),
  xp: z.number().min(0),
  counters: z.object(
    Object.fromEntries(
      ['toolsRun', 'failures', 'testsPassed', 'testsFailed', 'commits', 'pushes', 'sessions', 'turns', 'subagents', 'fed', 'petted', 'played'].map(
        (key) => [key, count],
      ),
    ),
  ),
  failStreak: count,
  moments: z.object(
    Object.fromEntries(
      ['lastActiveAt', 'lastFailureAt', 'lastTestsFailedAt', 'lastTestsPassedAt', 'greenAt', 'levelUpAt', 'lastFedAt', 'lastPettedAt', 'lastPlayedAt'].map(
        (key) => [key, time.optional()],
      ),
    ),
  ),
  openTurns: z.record(z.string(), time).optional(),
  last: z.object({ kind: z.enum(EVENT_KINDS), at: time, outcome: z.enum(['ok', 'too_full', 'too_tired']).optional() }).optional(),
});

export interface LoadedPet {
  pet: Pet;
  /** Set when something happened the user should know: hatched, or a corrupt file set aside. */
  message?: string;
  hatched: boolean;
}

export function savePet(path: string, pet: Pet): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  atomicWriteJsonSync(path, pet);
}

/** A free name next to `path` for the broken file: .bak, or .bak.<time> if that is taken. */
export function backupPath(path: string, now: number): string {
  return existsSync(`${path}.bak`) ? `${path}.bak.${now}` : `${path}.bak`;
}

export function parsePet(text: string): { pet?: Pet; error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `not valid JSON: ${(error as Error).message}` };
  }
  const parsed = petSchema.safeParse(value);
  if (!parsed.success) return { error: z.prettifyError(parsed.error) };
  return { pet: parsed.data as unknown as Pet };
}

/** Reads the pet, hatching (and saving) one when there is none or the file is corrupt. */
export function loadOrHatchPet(path: string, hatch: HatchOptions): LoadedPet {
  let text: string | undefined;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== undefined) {
    const { pet, error } = parsePet(text);
    if (pet) return { pet, hatched: false };
    const backup = backupPath(path, hatch.now);
    renameSync(path, backup);
    const fresh = hatchPet(hatch);
    savePet(path, fresh);
    return {
      pet: fresh,
      hatched: true,
      message: `${path} could not be read (${error!.replace(/\n\s*/g, ' ')}); kept it as ${backup} and hatched ${fresh.identity.name} the ${fresh.identity.speciesId}.`,
    };
  }
  const fresh = hatchPet(hatch);
  savePet(path, fresh);
  return { pet: fresh, hatched: true, message: `${fresh.identity.name} the ${fresh.identity.speciesId} hatched!` };
}
