/**
 * What a pet is: who it is (hatched once), its needs, XP and counters. Plain JSON, versioned,
 * stored in pet.json. Zod-free: the statusline reads pets through readPetLite.
 */
import type { EventKind } from '../state/event-kind.js';
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
  toolsRun: 0, failures: 0, testsPassed: 0, testsFailed: 0, commits: 0, pushes: 0,
  sessions: 0, turns: 0, subagents: 0, fed: 0, petted: 0, played: 0,
});

/** Total XP needed to reach `level` (level 1 at 0, 2 at 50, 3 at 150, 4 at 300...). */
export function xpForLevel(level: number): number {
  return (50 * level * (level - 1)) / 2;
}

export function levelForXp(xp: number): number {
  let level = 1;
  while (xpForLevel(level + 1) <= xp) level += 1;
  return level;
}

export const clampNeed = (value: number): number => Math.min(100, Math.max(0, value));
