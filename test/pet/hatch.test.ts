import { describe, expect, it } from 'vitest';
import {
  defaultSeed,
  drawIdentity,
  drawRarity,
  hatchPet,
  seededRandom,
  RARITY_WEIGHTS,
  EYE_STYLES,
} from '../../src/pet/hatch.js';
import stringWidth from 'string-width';
import { T0 } from './pet-fixture.js';

const ids = ['owl', 'cat', 'robot', 'frog'];

describe('hatch', () => {
  it('is deterministic for a seed and independent of species order', () => {
    const a = hatchPet({ seed: 'alice@box', speciesIds: ids, now: T0 });
    const b = hatchPet({ seed: 'alice@box', speciesIds: [...ids].reverse(), now: T0 });
    expect(b).toEqual(a);
    expect(ids).toContain(a.identity.speciesId);
    const c = hatchPet({ seed: 'bob@box', speciesIds: ids, now: T0 });
    expect(c.identity).not.toEqual(a.identity);
  });

  it('honours a chosen species and name', () => {
    const pet = hatchPet({ seed: 'x', speciesIds: ids, now: T0, species: 'cat', name: 'Miso' });
    expect(pet.identity).toMatchObject({ speciesId: 'cat', name: 'Miso' });
    expect(pet.needs).toEqual({ hunger: 20, energy: 80, happiness: 60 });
  });

  it('draws rarities with the /buddy weights (60/25/10/4/1) and about 1% shiny', () => {
    const counts: Record<string, number> = {};
    let shiny = 0;
    const n = 20_000;
    for (let i = 0; i < n; i += 1) {
      const identity = drawIdentity({ seed: `seed-${i}`, speciesIds: ids, now: T0 });
      counts[identity.rarity] = (counts[identity.rarity] ?? 0) + 1;
      if (identity.shiny) shiny += 1;
      if (identity.rarity === 'common') expect(identity.hat).toBe('none');
      else expect(identity.hat).not.toBe('none');
      for (const value of Object.values(identity.stats)) expect(value).toBeGreaterThanOrEqual(1);
    }
    for (const [rarity, weight] of Object.entries(RARITY_WEIGHTS)) {
      expect(counts[rarity] / n, rarity).toBeGreaterThan(weight / 100 - 0.01);
      expect(counts[rarity] / n, rarity).toBeLessThan(weight / 100 + 0.01);
    }
    expect(shiny / n).toBeGreaterThan(0.005);
    expect(shiny / n).toBeLessThan(0.015);
  });

  it('walks the rarity table from a fixed roll', () => {
    const roll = (value: number) => () => value;
    expect([0, 0.59, 0.6, 0.849, 0.85, 0.95, 0.989, 0.99].map((v) => drawRarity(roll(v)))).toEqual([
      'common',
      'common',
      'uncommon',
      'uncommon',
      'rare',
      'epic',
      'epic',
      'legendary',
    ]);
  });

  it('uses one-cell eyes and stable seeds', () => {
    for (const eye of EYE_STYLES) expect(stringWidth(eye, { ambiguousIsNarrow: false })).toBe(1);
    expect(defaultSeed('alice', 'box')).toBe(defaultSeed('alice', 'box'));
    expect(defaultSeed('alice', 'box')).not.toBe(defaultSeed('alice', 'box2'));
    const r = seededRandom('s');
    const first = [r(), r(), r()];
    const again = seededRandom('s');
    expect([again(), again(), again()]).toEqual(first);
  });
});
