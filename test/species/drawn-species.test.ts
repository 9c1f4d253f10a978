import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hatchPet } from '../../src/pet/hatch.js';
import { introduction } from '../../src/pet/introduction.js';
import { builtinSpeciesDir } from '../../src/species/builtin-dir.js';
import { configuredSpeciesId, drawnSpeciesId } from '../../src/species/drawn-species.js';
import { lookupFace } from '../../src/species/face.js';
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

describe('the face a resident process draws', () => {
  it('follows a species file that changes, though it is read once per change', () => {
    const userDir = join(base, 'faces');
    mkdirSync(userDir, { recursive: true });
    const file = join(userDir, 'moth.json');
    const face = () => lookupFace({ speciesId: 'moth', mood: 'idle', userDir, builtinDir: builtinSpeciesDir() });
    writeFileSync(file, JSON.stringify({ face: { idle: '(m.m)' } }));
    expect(face()).toBe('(m.m)');
    expect(face()).toBe('(m.m)');
    // Rewritten in place, one character longer; then replaced by a rename, the same size.
    writeFileSync(file, JSON.stringify({ face: { idle: '(mm.m)' } }));
    expect(face()).toBe('(mm.m)');
    writeFileSync(`${file}.new`, JSON.stringify({ face: { idle: '(nn.n)' } }));
    renameSync(`${file}.new`, file);
    expect(face()).toBe('(nn.n)');
    rmSync(file);
    expect(face()).not.toContain('n');
  });
});
