/**
 * Issue 28 took the built-ins from 8 species to 18. A seed may now draw another species than it
 * did, but a buddy already hatched is kept in pet.json and is never drawn again.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run as hatch } from '../../src/cli/hatch.js';
import { drawIdentity, hatchPet } from '../../src/pet/hatch.js';
import { savePet } from '../../src/pet/pet-file.js';
import { createSpeciesRegistry } from '../../src/species/species-registry.js';
import { capture, type Captured } from '../species/cli-capture.js';

const FIRST_EIGHT = ['axolotl', 'cat', 'dragon', 'frog', 'ghost', 'owl', 'penguin', 'robot'];
const NOW = Date.UTC(2026, 0, 5, 9);
const builtinIds = createSpeciesRegistry()
  .list()
  .filter((entry) => entry.origin === 'builtin')
  .map((entry) => entry.species.id);
const homes: Captured[] = [];
afterAll(() => homes.forEach((c) => rmSync(c.home, { recursive: true, force: true })));

describe('hatching from the 18 built-ins', () => {
  it('draws every one of them, each about as often as the others', () => {
    expect(builtinIds).toHaveLength(18);
    const counts = new Map<string, number>();
    const n = 18_000;
    for (let i = 0; i < n; i += 1) {
      const { speciesId } = drawIdentity({ seed: `seed-${i}`, speciesIds: builtinIds, now: NOW });
      counts.set(speciesId, (counts.get(speciesId) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...builtinIds].sort());
    for (const [id, count] of counts) {
      expect(count, id).toBeGreaterThan((n / 18) * 0.85);
      expect(count, id).toBeLessThan((n / 18) * 1.15);
    }
  });

  it('keeps the species of a buddy hatched when there were eight, though its seed now draws another', async () => {
    const seed = 'buddy-tui-demo';
    const old = hatchPet({ seed, speciesIds: FIRST_EIGHT, now: NOW - 60_000 });
    expect(old.identity.speciesId).toBe('ghost');
    expect(drawIdentity({ seed, speciesIds: builtinIds, now: NOW }).speciesId).not.toBe('ghost');

    const c = capture({}, () => NOW);
    homes.push(c);
    const petFile = join(c.home, 'state', 'buddy-tui', 'pet.json');
    savePet(petFile, old);
    expect(await hatch([], c.io)).toBe(0);
    expect(c.out()).toContain(`${old.identity.name} the Ghost`);
    expect(c.out()).toContain('Already hatched');
    expect(JSON.parse(readFileSync(petFile, 'utf8')).identity).toEqual(old.identity);
  });
});
