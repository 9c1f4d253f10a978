import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hatchPet } from '../../src/pet/hatch.js';
import { introduction } from '../../src/pet/introduction.js';
import { configuredSpeciesId, drawnSpeciesId } from '../../src/species/drawn-species.js';
import { makeTempDir } from '../support/temp-dir.js';

const base = makeTempDir('buddy-drawn-species-');
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the species every view draws', () => {
  it("is config.json's species.id when it is a usable id, else the pet's own", () => {
    expect(configuredSpeciesId({ species: { id: 'robot' } })).toBe('robot');
    for (const species of [undefined, null, 'robot', ['robot'], {}, { id: '' }, { id: '  ' }, { id: 7 }])
      expect(configuredSpeciesId({ species }), JSON.stringify(species)).toBeUndefined();
    expect(configuredSpeciesId(undefined)).toBeUndefined();
  });

  it('reads the user config.json when not given one; a missing or broken file keeps the pet its own', () => {
    const env = { XDG_CONFIG_HOME: join(base, 'cfg') };
    expect(drawnSpeciesId('owl', env)).toBe('owl');
    mkdirSync(join(base, 'cfg', 'buddy-tui'), { recursive: true });
    writeFileSync(join(base, 'cfg', 'buddy-tui', 'config.json'), '{"species": {"id": "robot"}');
    expect(drawnSpeciesId('owl', env)).toBe('owl');
    writeFileSync(join(base, 'cfg', 'buddy-tui', 'config.json'), '{"species": {"id": "robot"}}');
    expect(drawnSpeciesId('owl', env)).toBe('robot');
  });

  it('names the drawn species in the new pet’s introduction', () => {
    const pet = hatchPet({ seed: 'drawn', speciesIds: ['owl'], now: 1000 });
    expect(introduction(pet, 2000, '')).toBe(`Meet ${pet.identity.name}, an owl.`);
    expect(introduction(pet, 2000, 'f feeds it.', 'robot')).toBe(`Meet ${pet.identity.name}, a robot. f feeds it.`);
  });
});
