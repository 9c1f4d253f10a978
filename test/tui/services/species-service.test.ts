/**
 * The pane's species on the real registry (built-in species plus a temp folder): which one is
 * drawn (flag, then config.json's section, then the pet's), the sprite with the pet's looks,
 * and quips rotating through a kind's lines.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hatchPet } from '../../../src/pet/hatch.js';
import type { Pet } from '../../../src/pet/pet.js';
import { createBuddyStore } from '../../../src/tui/store/index.js';
import {
  startSpeciesService,
  type SpeciesService,
  type SpeciesServiceOptions,
} from '../../../src/tui/services/species-service.js';
import { createTuiLog } from '../../../src/tui/tui-log.js';
import { REPO_ROOT } from '../../support/hook-process.js';
import { makeTempDir } from '../../support/temp-dir.js';

const open: SpeciesService[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((service) => service.close()));
});

const builtin = (id: string) => JSON.parse(readFileSync(join(REPO_ROOT, 'species', `${id}.json`), 'utf8'));

function speciesOn(options: Partial<SpeciesServiceOptions> & { pet?: () => Pet | undefined } = {}) {
  const base = makeTempDir('buddy-species-service-');
  mkdirSync(join(base, 'mine'));
  writeFileSync(
    join(base, 'mine', 'zorb.json'),
    JSON.stringify({ ...builtin('frog'), $schema: undefined, id: 'zorb', name: 'Zorb' }),
  );
  const env = { ...process.env, XDG_CONFIG_HOME: join(base, 'cfg'), BUDDY_TEST_MINE: join(base, 'mine') };
  const store = createBuddyStore({ now: Date.now() });
  const service = startSpeciesService({ env, store, log: createTuiLog(base), pet: () => undefined, ...options });
  open.push(service);
  return { store, service, mine: join(base, 'mine') };
}

const petOf = (species: string, looks: Partial<Pet['identity']> = {}): Pet => {
  const pet = hatchPet({ seed: 'species-seed', speciesIds: [species], species, now: Date.now() });
  return { ...pet, identity: { ...pet.identity, ...looks } };
};

describe('species service', () => {
  it("draws config.json's species from its folder, ~ and ${VAR} expanded", () => {
    const { store, service } = speciesOn({
      config: { dir: '${BUDDY_TEST_MINE}', id: 'zorb' },
      pet: () => petOf('cat'),
    });
    service.updateSprite();
    expect(service.current()?.id).toBe('zorb');
    expect(service.ids()).toContain('zorb');
    expect(store.getState().sprite).toMatchObject({ speciesId: 'zorb', speciesName: 'Zorb' });
  });

  it('lets the command-line flags win over the config section', () => {
    const { service } = speciesOn({ config: { dir: '/nowhere', id: 'zorb' }, speciesId: 'owl' });
    expect(service.current()?.id).toBe('owl');
  });

  it("draws the pet's species with its eyes when nothing else is chosen", () => {
    const pet = petOf('cat', { eyes: '§' });
    const { store, service } = speciesOn({ pet: () => pet });
    service.updateSprite();
    expect(service.current()?.id).toBe('cat');
    expect(store.getState().sprite?.frames.idle?.flat().join('\n')).toContain('§');
  });

  it('falls back to the first species for an unknown id', () => {
    const { service } = speciesOn({ speciesId: 'no-such-species' });
    expect(service.current()?.id).toBe(service.ids()[0]);
  });

  it("rotates through a kind's quips and has none for a kind without lines", () => {
    const { service } = speciesOn({ speciesId: 'cat' });
    const lines: string[] = builtin('cat').quips.fed;
    const said = Array.from({ length: lines.length + 1 }, () => service.quipFor('fed'));
    expect(said).toEqual([...lines, lines[0]]);
    expect(service.quipFor('no-such-kind' as never)).toBeUndefined();
  });
});
