import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastGoodPath, loadPetForUpdate, PetUnreadableError, readPetFile, savePet } from '../../src/pet/pet-file.js';
import { readPetLite } from '../../src/pet/pet-lite.js';
import { stepPet } from '../../src/pet/pet-engine.js';
import { PET_LIMITS } from '../../src/pet/pet.js';
import { newPet, T0 } from './pet-fixture.js';

const dirs: string[] = [];
const tempPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'buddy-pet-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'state'));
  return join(dir, 'state', 'pet.json');
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const hatch = { seed: 'file-seed', speciesIds: ['cat', 'owl'], now: T0 };
/** Every file next to the pet, with its bytes: what "nothing was written" compares. */
const snapshot = (path: string) =>
  Object.fromEntries(readdirSync(dirname(path)).map((name) => [name, readFileSync(join(dirname(path), name), 'utf8')]));

const UNREADABLE: Array<[string, string, RegExp]> = [
  ['an empty file', '', /the file is empty/],
  ['half-written JSON', '{"version": 1, "identity": ', /not valid JSON/],
  ['a wrong shape', JSON.stringify({ version: 1, identity: { name: 5 } }), /at identity\.seed/],
  ['a future version', JSON.stringify({ version: 9 }), /at version/],
];

describe('pet.json', () => {
  it('hatches and saves on first use, with a last good copy, then reads back the same pet', () => {
    const path = tempPath();
    const first = loadPetForUpdate(path, hatch);
    expect(first.hatched).toBe(true);
    expect(first.message).toMatch(/^Meet \w+, an? [a-z]+\. It just hatched/);
    const fed = stepPet(first.pet, { type: 'action', action: 'feed' }, T0 + 1000);
    savePet(path, fed);
    expect(readFileSync(lastGoodPath(path), 'utf8')).toBe(readFileSync(path, 'utf8'));
    const again = loadPetForUpdate(path, { ...hatch, now: T0 + 2000 });
    expect(again).toEqual({ pet: fed, hatched: false });
    expect(readPetLite(path)).toEqual(fed);
  });

  it.each(UNREADABLE)('reads %s as broken, saying why, and writes nothing', (_, text, reason) => {
    const path = tempPath();
    writeFileSync(path, text);
    const before = snapshot(path);
    const read = readPetFile(path, T0);
    expect(read.status).toBe('broken');
    expect(read.status === 'broken' && read.problem).toMatch(reason);
    expect(snapshot(path)).toEqual(before);
  });

  it.each(UNREADABLE)(
    'for a change, goes on from the last good copy after %s, keeping the broken file as .bak',
    (_, text, reason) => {
      const path = tempPath();
      const good = stepPet(loadPetForUpdate(path, hatch).pet, { type: 'action', action: 'pet' }, T0 + 1000);
      savePet(path, good);
      writeFileSync(path, text);
      const loaded = loadPetForUpdate(path, { ...hatch, now: T0 + 5000 });
      expect(loaded.hatched).toBe(false);
      expect(loaded.pet).toEqual(good);
      expect(loaded.message).toMatch(reason);
      expect(loaded.message).toContain(`kept it as ${path}.bak`);
      expect(loaded.message).toContain(`last good copy, ${path}.last-good`);
      expect(readFileSync(`${path}.bak`, 'utf8')).toBe(text);
      expect(readPetFile(path, T0 + 5000)).toEqual({ status: 'ok', pet: good, fixes: [] });
      // A second broken file does not overwrite the first one kept.
      writeFileSync(path, 'junk');
      expect(loadPetForUpdate(path, { ...hatch, now: T0 + 6000 }).message).toContain(`${path}.bak.${T0 + 6000}`);
      expect(readFileSync(`${path}.bak`, 'utf8')).toBe(text);
    },
  );

  it('never starts over on an unreadable file with no good copy: it throws and writes nothing', () => {
    const path = tempPath();
    writeFileSync(path, '{"version": 1, "ide');
    const before = snapshot(path);
    expect(() => loadPetForUpdate(path, hatch)).toThrow(PetUnreadableError);
    expect(() => loadPetForUpdate(path, hatch)).toThrow(
      /cannot be read \(not valid JSON.*there is no last good copy.*Nothing was changed/,
    );
    expect(snapshot(path)).toEqual(before);
    writeFileSync(lastGoodPath(path), '');
    const withBrokenCopy = snapshot(path);
    expect(() => loadPetForUpdate(path, hatch)).toThrow(
      /its last good copy cannot be read either \(the file is empty\)/,
    );
    expect(snapshot(path)).toEqual(withBrokenCopy);
  });

  it('goes on from the last good copy when pet.json is missing', () => {
    const path = tempPath();
    const pet = newPet(T0);
    savePet(path, pet);
    rmSync(path);
    const loaded = loadPetForUpdate(path, { ...hatch, now: T0 + 1000 });
    expect(loaded).toMatchObject({ pet, hatched: false });
    expect(loaded.message).toContain('was missing');
    expect(readPetFile(path, T0 + 1000).status).toBe('ok');
  });

  it('reads every number out of range as the nearest bound and names it, Infinity included', () => {
    const path = tempPath();
    const pet = newPet(T0);
    const text = JSON.stringify({
      ...pet,
      xp: 1e308,
      needs: { hunger: -20, energy: 250, happiness: 50 },
      identity: { ...pet.identity, stats: { ...pet.identity.stats, chaos: 1000 } },
      counters: { ...pet.counters, fed: 2.5, commits: 1e300 },
      failStreak: -1,
      updatedAt: T0 + 10 * 86_400_000,
    }).replace('"xp":1e+308', '"xp":1e999');
    writeFileSync(path, text);
    const read = readPetFile(path, T0 + 1000);
    if (read.status !== 'ok') throw new Error(JSON.stringify(read));
    expect(read.pet).toMatchObject({
      xp: PET_LIMITS.xpMax,
      needs: { hunger: 0, energy: 100, happiness: 50 },
      counters: { fed: 2, commits: PET_LIMITS.countMax },
      failStreak: 0,
      updatedAt: T0 + 1000,
    });
    expect(read.pet.identity.stats.chaos).toBe(100);
    expect(read.fixes).toEqual(
      expect.arrayContaining([
        'xp Infinity is out of range (0 to 1000000000000), read as 1000000000000',
        'needs.hunger -20 is out of range (0 to 100), read as 0',
        'identity.stats.chaos 1000 is out of range (0 to 100), read as 100',
        'counters.fed 2.5 is not a whole number, read as 2',
        `updatedAt ${T0 + 10 * 86_400_000} is out of range (0 to now), read as ${T0 + 1000}`,
      ]),
    );
    expect(readFileSync(path, 'utf8')).toBe(text);
    // The zod-free reader (statusline, viewer) brings them into range too.
    expect(readPetLite(path)).toMatchObject({ xp: PET_LIMITS.xpMax, needs: { hunger: 0, energy: 100 } });
  });

  it('keeps only the newest open turns of a file that holds many', () => {
    const path = tempPath();
    const openTurns = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`s${i}`, T0 - i]));
    writeFileSync(path, JSON.stringify({ ...newPet(T0 - 10_000), openTurns }));
    const read = readPetFile(path, T0);
    if (read.status !== 'ok') throw new Error(JSON.stringify(read));
    expect(Object.keys(read.pet.openTurns ?? {})).toEqual(
      Array.from({ length: PET_LIMITS.openTurnsMax }, (_, i) => `s${i}`),
    );
    expect(read.fixes).toEqual([`openTurns holds 5000 turns, kept the newest ${PET_LIMITS.openTurnsMax}`]);
  });

  it('readPetLite gives undefined for anything off, and never writes', () => {
    const path = tempPath();
    expect(readPetLite(path)).toBeUndefined();
    writeFileSync(
      path,
      JSON.stringify({ version: 1, identity: { speciesId: 'cat', name: 'x' }, needs: { hunger: 'lots' } }),
    );
    expect(readPetLite(path)).toBeUndefined();
    expect(existsSync(lastGoodPath(path))).toBe(false);
  });
});
