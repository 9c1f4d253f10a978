/**
 * Hatching: species, name, rarity, shininess, eyes, hat and five stats, all drawn from one
 * seed, so the same seed always hatches the same buddy. Rarity weights as Claude Code's
 * /buddy used them: common 60, uncommon 25, rare 10, epic 4, legendary 1 (percent); 1% shiny.
 */
import { HAT_IDS, type HatId } from '../species/hats.js';
import { sha256 } from './sha256.js';
import {
  PET_VERSION,
  RARITIES,
  STAT_NAMES,
  emptyCounters,
  type Pet,
  type PetIdentity,
  type Rarity,
  type StatName,
} from './pet.js';

export const RARITY_WEIGHTS: Readonly<Record<Rarity, number>> = {
  common: 60,
  uncommon: 25,
  rare: 10,
  epic: 4,
  legendary: 1,
};
export const SHINY_CHANCE = 0.01;
/** One-cell, non-ambiguous glyphs, so every terminal draws them the same width. */
export const EYE_STYLES = ['o', '◉', '✦', '@', 'ʘ', '◕', '⊚', 'ᵔ'] as const;
const STAT_FLOOR: Record<Rarity, number> = { common: 5, uncommon: 15, rare: 25, epic: 35, legendary: 50 };
export const NAMES = [
  'Miso',
  'Pixel',
  'Biscuit',
  'Noodle',
  'Tofu',
  'Pickle',
  'Mochi',
  'Waffle',
  'Sprout',
  'Bean',
  'Ziggy',
  'Pepper',
  'Nori',
  'Dumpling',
  'Byte',
  'Sudo',
  'Lint',
  'Kernel',
  'Patch',
  'Cache',
  'Grep',
  'Echo',
  'Bash',
  'Cookie',
  'Juniper',
  'Olive',
  'Pesto',
  'Quill',
  'Rusty',
  'Sage',
  'Taco',
  'Umami',
  'Vim',
  'Wasabi',
  'Yuzu',
  'Zest',
  'Clover',
  'Fig',
  'Hazel',
  'Maple',
] as const;

/** A seeded generator (sfc32) from the SHA-256 of the seed text. */
export function seededRandom(seed: string): () => number {
  const digest = sha256(seed);
  let [a, b, c, d] = [0, 4, 8, 12].map((offset) => digest.readUInt32LE(offset));
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

export function drawRarity(random: () => number): Rarity {
  let roll = random() * 100;
  for (const rarity of RARITIES) {
    roll -= RARITY_WEIGHTS[rarity];
    if (roll < 0) return rarity;
  }
  return 'common';
}

/** The default seed: who and where, so one person's buddy is the same on every run. */
export function defaultSeed(user: string, host: string): string {
  return sha256(`${user}@${host}`).toString('hex').slice(0, 16);
}

export interface HatchOptions {
  seed: string;
  /** Species ids to draw from (sorted, so the draw does not depend on directory order). */
  speciesIds: readonly string[];
  now: number;
  species?: string;
  name?: string;
}

export function drawIdentity(options: HatchOptions): PetIdentity {
  const random = seededRandom(options.seed);
  const rarity = drawRarity(random);
  const ids = [...options.speciesIds].sort();
  const speciesId = pick(random, ids.length > 0 ? ids : ['cat']);
  const name = pick(random, NAMES);
  const shiny = random() < SHINY_CHANCE;
  const eyes = pick(random, EYE_STYLES);
  const hat: HatId =
    rarity === 'common'
      ? 'none'
      : pick(
          random,
          HAT_IDS.filter((id) => id !== 'none'),
        );
  const floor = STAT_FLOOR[rarity];
  const peak = pick(random, STAT_NAMES);
  const dump = pick(
    random,
    STAT_NAMES.filter((stat) => stat !== peak),
  );
  const stats = {} as Record<StatName, number>;
  for (const stat of STAT_NAMES) {
    const roll = random();
    const value = stat === peak ? floor + 50 + roll * 30 : stat === dump ? floor - 10 + roll * 15 : floor + roll * 40;
    stats[stat] = Math.min(100, Math.max(1, Math.round(value)));
  }
  return {
    seed: options.seed,
    speciesId: options.species ?? speciesId,
    name: options.name ?? name,
    rarity,
    shiny,
    eyes,
    hat,
    stats,
  };
}

export function hatchPet(options: HatchOptions): Pet {
  return {
    version: PET_VERSION,
    identity: drawIdentity(options),
    hatchedAt: options.now,
    updatedAt: options.now,
    needs: { hunger: 20, energy: 80, happiness: 60 },
    xp: 0,
    counters: emptyCounters(),
    failStreak: 0,
    moments: { lastActiveAt: options.now },
  };
}
