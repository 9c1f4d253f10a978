/**
 * What a pet is: who it is (hatched once), its needs, XP and counters. Plain JSON, versioned,
 * stored in pet.json. Zod-free: the statusline reads pets through readPetLite.
 */
import type { EventKind } from '../protocol/event-kind.js';
import type { HatId } from '../species/hats.js';

export const PET_VERSION = 1;

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];
export const STAT_NAMES = ['debugging', 'patience', 'chaos', 'wisdom', 'snark'] as const;
export type StatName = (typeof STAT_NAMES)[number];

export interface PetIdentity {
  seed: string;
  speciesId: string;
  name: string;
  rarity: Rarity;
  shiny: boolean;
  /** One display cell that replaces the species' default eye. */
  eyes: string;
  hat: HatId;
  stats: Record<StatName, number>;
  /** One sentence of its own, written by the model at hatch when the voice is on (src/pet/model-name.ts). */
  personality?: string;
}

/** Each 0..100. Hunger grows with time; energy drains with activity; happiness follows the work. */
export interface PetNeeds {
  hunger: number;
  energy: number;
  happiness: number;
}

export interface PetCounters {
  toolsRun: number;
  failures: number;
  testsPassed: number;
  testsFailed: number;
  commits: number;
  pushes: number;
  sessions: number;
  turns: number;
  subagents: number;
  fed: number;
  petted: number;
  played: number;
}

/** When things last happened (ms since epoch); moods are derived from these and `now`. */
export interface PetMoments {
  lastActiveAt?: number;
  lastFailureAt?: number;
  lastTestsFailedAt?: number;
  lastTestsPassedAt?: number;
  /** Tests passed after failing: the suite turned green. */
  greenAt?: number;
  levelUpAt?: number;
  lastFedAt?: number;
  lastPettedAt?: number;
  lastPlayedAt?: number;
}

export type ActionOutcome = 'ok' | 'too_full' | 'too_tired';

export interface Pet {
  version: typeof PET_VERSION;
  identity: PetIdentity;
  hatchedAt: number;
  /** The time the needs were last brought up to date. */
  updatedAt: number;
  needs: PetNeeds;
  xp: number;
  counters: PetCounters;
  /** Tool failures in a row, reset by a success. */
  failStreak: number;
  moments: PetMoments;
  /** When the open turn of each session started (bounded), so a Stop can tell a long turn. */
  openTurns?: Record<string, number>;
  /** The last notable thing, for a quip: its kind, when, and for actions how it went. */
  last?: { kind: EventKind; at: number; outcome?: ActionOutcome };
}

export const emptyCounters = (): PetCounters => ({
  toolsRun: 0,
  failures: 0,
  testsPassed: 0,
  testsFailed: 0,
  commits: 0,
  pushes: 0,
  sessions: 0,
  turns: 0,
  subagents: 0,
  fed: 0,
  petted: 0,
  played: 0,
});

/**
 * The ranges every number of a pet is kept in (documented in docs/species.md): a pet.json value
 * outside them is read as the nearest bound, and counting stops at the top.
 */
export const PET_LIMITS = {
  /** Needs and stats. */
  needMax: 100,
  /** XP; level 200,000 sits just below it. */
  xpMax: 1e12,
  /** Each counter and the failure streak (whole numbers). */
  countMax: 1e12,
  /** Times are ms since the epoch, up to the last date JavaScript has. */
  timeMax: 8.64e15,
  /** Sessions whose open turn is remembered; the oldest is forgotten past this. */
  openTurnsMax: 16,
} as const;

/** Total XP needed to reach `level` (level 1 at 0, 2 at 50, 3 at 150, 4 at 300...). */
export function xpForLevel(level: number): number {
  return (50 * level * (level - 1)) / 2;
}

/** The level for an XP total, in closed form: the largest n with 25·n·(n−1) ≤ xp. */
export function levelForXp(xp: number): number {
  if (!(xp >= 50)) return 1; // also NaN
  const bounded = Math.min(xp, PET_LIMITS.xpMax);
  let level = Math.floor((1 + Math.sqrt(1 + (4 * bounded) / 25)) / 2);
  // The square root may round either way by a hair: one step at most, in bounded range.
  if (xpForLevel(level) > bounded) level -= 1;
  else if (xpForLevel(level + 1) <= bounded) level += 1;
  return level;
}

/** Adds to a count, stopping at PET_LIMITS.countMax. */
export const addCount = (value: number, amount = 1): number => Math.min(PET_LIMITS.countMax, value + amount);

export const clampNeed = (value: number): number => Math.min(100, Math.max(0, value));
