import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrHatchPet, savePet } from '../../src/pet/pet-file.js';
import { readPetLite } from '../../src/pet/pet-lite.js';
import { stepPet } from '../../src/pet/pet-engine.js';
import { T0 } from './pet-fixture.js';

const dirs: string[] = [];
const tempPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'buddy-pet-'));
  dirs.push(dir);
  return join(dir, 'state', 'pet.json');
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const hatch = { seed: 'file-seed', speciesIds: ['cat', 'owl'], now: T0 };

describe('pet.json', () => {
  it('hatches and saves on first use, then reads back the same pet', () => {
    const path = tempPath();
    const first = loadOrHatchPet(path, hatch);
    expect(first.hatched).toBe(true);
    expect(first.message).toMatch(/hatched!$/);
    const fed = stepPet(first.pet, { type: 'action', action: 'feed' }, T0 + 1000);
    savePet(path, fed);
    const again = loadOrHatchPet(path, { ...hatch, now: T0 + 2000 });
    expect(again).toEqual({ pet: fed, hatched: false });
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(1);
    expect(readPetLite(path)).toEqual(fed);
  });

  it.each([
    ['not JSON', '{"version": 1, "identity": ', /not valid JSON/],
    ['a wrong shape', JSON.stringify({ version: 1, identity: { name: 5 } }), /at identity\.seed/],
    ['a future version', JSON.stringify({ version: 9 }), /at version/],
  ])('keeps a file with %s aside as .bak and hatches a fresh pet, saying so', (_, text, reason) => {
    const path = tempPath();
    loadOrHatchPet(path, hatch);
    writeFileSync(path, text);
    const loaded = loadOrHatchPet(path, hatch);
    expect(loaded.hatched).toBe(true);
    expect(loaded.message).toMatch(reason);
    expect(loaded.message).toContain(`kept it as ${path}.bak`);
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe(text);
    expect(readPetLite(path)?.identity.seed).toBe('file-seed');
    // A second corrupt file does not overwrite the first backup.
    writeFileSync(path, 'junk');
    expect(loadOrHatchPet(path, { ...hatch, now: T0 + 5 }).message).toContain(`${path}.bak.${T0 + 5}`);
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe(text);
  });

  it('readPetLite gives undefined for anything off', () => {
    const path = tempPath();
    expect(readPetLite(path)).toBeUndefined();
    loadOrHatchPet(path, hatch);
    writeFileSync(path, JSON.stringify({ version: 1, identity: { speciesId: 'cat', name: 'x' }, needs: { hunger: 'lots' } }));
    expect(readPetLite(path)).toBeUndefined();
    expect(existsSync(path)).toBe(true);
  });
});
