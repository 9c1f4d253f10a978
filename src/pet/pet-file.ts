/**
 * pet.json: one pet shared by all sessions. Versioned, written atomically, validated with zod
 * here (and only here). Every save also writes `pet.json.last-good`, so a file that later turns
 * unreadable (empty, half-written, edited wrong) can be recovered; the broken file itself is kept
 * aside as `.bak`, never dropped. Numbers out of range are read as the nearest bound (pet-bounds.ts).
 */
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { signatureOf } from '../files/file-signature.js';
import { readFailure, readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { dirname } from 'node:path';
import * as z from 'zod';
import { atomicWriteJsonSync } from '../state/atomic-write.js';
import { EVENT_KINDS } from '../protocol/event-kind.js';
import { HAT_IDS } from '../species/hats.js';
import { hatchPet, type HatchOptions } from './hatch.js';
import { introductionText } from './introduction.js';
import { boundPet, describeFixes } from './pet-bounds.js';
import { PET_VERSION, RARITIES, STAT_NAMES, type Pet } from './pet.js';

/** Any number JSON can hold, 1e999 (Infinity) included: ranges are pet-bounds.ts' job, so they clamp rather than fail. */
const number = z.custom<number>((value) => typeof value === 'number' && !Number.isNaN(value), {
  message: 'expected a number',
});

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
    stats: z.object(Object.fromEntries(STAT_NAMES.map((stat) => [stat, number]))),
    personality: z.string().max(300).optional(),
  }),
  hatchedAt: number,
  updatedAt: number,
  needs: z.object({ hunger: number, energy: number, happiness: number }),
  xp: number,
  counters: z.object(
    Object.fromEntries(
      [
        'toolsRun',
        'failures',
        'testsPassed',
        'testsFailed',
        'commits',
        'pushes',
        'sessions',
        'turns',
        'subagents',
        'fed',
        'petted',
        'played',
      ].map((key) => [key, number]),
    ),
  ),
  failStreak: number,
  moments: z.object(
    Object.fromEntries(
      [
        'lastActiveAt',
        'lastFailureAt',
        'lastTestsFailedAt',
        'lastTestsPassedAt',
        'greenAt',
        'levelUpAt',
        'lastFedAt',
        'lastPettedAt',
        'lastPlayedAt',
      ].map((key) => [key, number.optional()]),
    ),
  ),
  openTurns: z.record(z.string(), number).optional(),
  last: z
    .object({ kind: z.enum(EVENT_KINDS), at: number, outcome: z.enum(['ok', 'too_full', 'too_tired']).optional() })
    .optional(),
});

/** What the first hatch says after "Meet Biscuit, a crab." (the pane says its own). */
export const FIRST_HATCH_NEXT = 'It just hatched; `buddy-tui stats` shows its card.';

/** Where each save keeps a second, complete copy of the pet. */
export const lastGoodPath = (path: string): string => `${path}.last-good`;

/**
 * Saves the pet, then its last good copy (both atomic: a crash between leaves two good files).
 * Returns the signature (file-signature.ts) of the pet.json it wrote, taken from the temp file
 * before the rename, so a file another writer renames in right after is never taken for this one.
 * `routine` (the runner's saves of what events did, every few seconds while they come): pet.json
 * alone, renamed in without an fsync; a power cut that empties it leaves the last good copy,
 * saved durably by the runner at least once a minute (issue 50: two fsyncs every 2 s were a
 * tenth of the pane's CPU in a working session).
 */
export function savePet(path: string, pet: Pet, routine = false): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let signature = 'gone';
  atomicWriteJsonSync(path, pet, 0o600, {
    beforeRename: (temp) => (signature = signatureOf(statSync(temp))),
    durable: !routine,
  });
  if (!routine) atomicWriteJsonSync(lastGoodPath(path), pet);
  return signature;
}

/** A free name next to `path` for the broken file: .bak, or .bak.<time> if that is taken. */
export function backupPath(path: string, now: number): string {
  return existsSync(`${path}.bak`) ? `${path}.bak.${now}` : `${path}.bak`;
}

/** Parses pet.json text; numbers out of range come back in range, each named in `fixes`. */
export function parsePet(text: string, now?: number): { pet?: Pet; fixes?: string[]; error?: string } {
  if (text.trim() === '') return { error: 'the file is empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `not valid JSON: ${(error as Error).message}` };
  }
  const parsed = petSchema.safeParse(value);
  if (!parsed.success) return { error: z.prettifyError(parsed.error).replace(/\n\s*/g, ' ') };
  return boundPet(parsed.data as unknown as Pet, now);
}

export type PetRead =
  | { status: 'missing' }
  | { status: 'ok'; pet: Pet; fixes: string[] }
  | { status: 'broken'; problem: string };

/** Reads a pet file without changing anything. */
export function readPetFile(path: string, now?: number): PetRead {
  let text: string;
  try {
    text = readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.state });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? { status: 'missing' }
      : { status: 'broken', problem: `cannot read: ${readFailure(error)}` };
  }
  const { pet, fixes, error } = parsePet(text, now);
  return pet ? { status: 'ok', pet, fixes: fixes ?? [] } : { status: 'broken', problem: error! };
}

/** One line for the user: which values of the file were read differently. */
export const fixesMessage = (path: string, fixes: readonly string[]): string => `${path}: ${describeFixes(fixes)}.`;

export interface LoadedPet {
  pet: Pet;
  /** Set when something happened the user should know: hatched, recovered, or values brought into range. */
  message?: string;
  hatched: boolean;
}

/**
 * The pet for a command that changes it (feed, pet, play, rename, the pane). A missing file
 * hatches the first pet; an unreadable one is kept as .bak and the last good copy is carried on,
 * saved right away. With no good copy it throws PetUnreadableError and writes nothing: a pet is
 * never silently started over.
 */
export function loadPetForUpdate(path: string, hatch: HatchOptions): LoadedPet {
  const read = readPetFile(path, hatch.now);
  if (read.status === 'ok')
    return { pet: read.pet, hatched: false, message: read.fixes.length ? fixesMessage(path, read.fixes) : undefined };
  const copy = readPetFile(lastGoodPath(path), hatch.now);
  if (copy.status === 'ok') {
    let kept = '';
    if (read.status === 'broken') {
      const backup = backupPath(path, hatch.now);
      renameSync(path, backup);
      kept = ` (${read.problem}; kept it as ${backup})`;
    }
    savePet(path, copy.pet);
    const what = read.status === 'broken' ? 'could not be read' : 'was missing';
    return {
      pet: copy.pet,
      hatched: false,
      message: `${path} ${what}${kept}; carried on from its last good copy, ${lastGoodPath(path)}.`,
    };
  }
  if (read.status === 'broken')
    throw new PetUnreadableError(path, read.problem, copy.status === 'broken' ? copy.problem : undefined);
  const fresh = hatchPet(hatch);
  savePet(path, fresh);
  return { pet: fresh, hatched: true, message: introductionText(fresh.identity, FIRST_HATCH_NEXT) };
}

/** pet.json cannot be read and there is no good copy to go on from. */
export class PetUnreadableError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly lastGoodProblem?: string,
  ) {
    const copy = lastGoodProblem
      ? `its last good copy cannot be read either (${lastGoodProblem})`
      : 'there is no last good copy';
    super(
      `${path} cannot be read (${problem}), and ${copy}. Nothing was changed: fix the file, ` +
        'or run `buddy-tui hatch` to hatch a new buddy (the broken file is kept as .bak).',
    );
    this.name = 'PetUnreadableError';
  }
}
