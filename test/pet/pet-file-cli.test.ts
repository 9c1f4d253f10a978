/**
 * The real CLI (dist/cli.js, built by `npm test`) on pet.json files a user can end up with: empty,
 * half-written, out of range, xp 1e308. `stats` only reads: it finishes, says what is wrong and
 * where, and leaves every byte as it was. The actions go on from the last good copy, or refuse
 * without writing when there is none.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PET_LIMITS, levelForXp } from '../../src/pet/pet.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

function home() {
  const base = makeTempDir('buddy-pet-cli-');
  const stateDir = join(base, 'state', 'buddy-tui');
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const env = {
    PATH: process.env.PATH,
    HOME: base,
    USER: 'tester',
    XDG_STATE_HOME: join(base, 'state'),
    XDG_CONFIG_HOME: join(base, 'config'),
    NO_COLOR: '1',
  };
  const petFile = join(stateDir, 'pet.json');
  const cli = (...args: string[]) => {
    const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], { env, encoding: 'utf8', timeout: 30_000 });
    // A timeout (the old level loop spun forever on xp 1e308) leaves status null.
    expect(result.signal, `${args.join(' ')}: ${result.stderr}`).toBeNull();
    return result;
  };
  /** Every file of the state folder with its bytes. */
  const files = () =>
    Object.fromEntries(readdirSync(stateDir).map((name) => [name, readFileSync(join(stateDir, name), 'utf8')]));
  const pet = () => JSON.parse(readFileSync(petFile, 'utf8'));
  return { cli, petFile, files, pet };
}

/** A valid pet.json made by the CLI itself, then edited by `edit`. */
function hatchedPetText(edit: (pet: any) => void): string {
  const { cli, pet } = home();
  expect(cli('hatch', '--seed', 'cli-test', '--species', 'cat', '--name', 'Miso').status).toBe(0);
  const value = pet();
  edit(value);
  return JSON.stringify(value);
}

describe('buddy-tui stats on a pet.json it cannot use as is', () => {
  it.each([
    ['empty', '', /the file is empty/],
    ['half-written', '{"version":1,"identity":{"seed":"x","speciesId":"cat","na', /not valid JSON/],
    ['not a pet', '{"version":1,"xp":"lots"}', /at identity/],
  ])('reports a pet.json that is %s with its path, exits 1, and writes nothing', (_, text, problem) => {
    const { cli, petFile, files } = home();
    writeFileSync(petFile, text);
    const before = files();
    const result = cli('stats');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${petFile} cannot be read (`);
    expect(result.stderr).toMatch(problem);
    expect(result.stderr).toContain('Nothing was changed');
    expect(result.stdout).toBe('');
    expect(files()).toEqual(before);
  });

  it.each([
    [
      'xp 1e308',
      (pet: any) => (pet.xp = 1e308),
      /xp 1e\+308 is out of range \(0 to 1000000000000\), read as 1000000000000/,
    ],
    [
      'needs out of range',
      (pet: any) => (pet.needs = { hunger: -40, energy: 900, happiness: 50 }),
      /needs\.hunger -40 is out of range \(0 to 100\), read as 0/,
    ],
  ])('finishes on %s, naming the value and the path, and writes nothing', (_, edit, fix) => {
    const { cli, petFile, files } = home();
    writeFileSync(petFile, hatchedPetText(edit));
    const before = files();
    const result = cli('stats', '--json');
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(`${petFile}: `);
    expect(result.stderr).toMatch(fix);
    const shown = JSON.parse(result.stdout);
    expect(shown.xp).toBeLessThanOrEqual(PET_LIMITS.xpMax);
    expect(shown.level).toBe(levelForXp(shown.xp));
    for (const need of ['hunger', 'energy', 'happiness']) expect(shown.needs[need]).toBeGreaterThanOrEqual(0);
    expect(files()).toEqual(before);
  });

  it('says so when there is a last good copy to go on from', () => {
    const { cli, petFile, files } = home();
    expect(cli('hatch').status).toBe(0);
    writeFileSync(petFile, '{"ver');
    const before = files();
    const result = cli('stats');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`its last good copy, ${petFile}.last-good, is carried on by the next feed`);
    expect(files()).toEqual(before);
  });
});

describe('buddy-tui feed, pet and play on a broken pet.json', () => {
  it.each([
    ['empty', ''],
    ['half-written', '{"version":1,"identity":{"se'],
    ['not a pet', '{"version":1,"needs":{"hunger":"x"}}'],
  ])(
    'go on from the last good copy when pet.json is %s (xp 5000 stays 5000), keeping the file as .bak',
    (_, broken) => {
      const { cli, petFile, pet } = home();
      expect(cli('hatch', '--seed', 'keep-me').status).toBe(0);
      writeFileSync(petFile, JSON.stringify({ ...pet(), xp: 5000 }));
      expect(cli('pet').status).toBe(0); // a good save: the last good copy now has xp 5000
      writeFileSync(petFile, broken);
      const fed = cli('feed');
      expect(fed.status).toBe(0);
      expect(fed.stderr).toContain(`${petFile} could not be read`);
      expect(fed.stderr).toContain(`kept it as ${petFile}.bak`);
      expect(readFileSync(`${petFile}.bak`, 'utf8')).toBe(broken);
      expect(pet().xp).toBeGreaterThanOrEqual(5000);
      expect(pet().identity.seed).toBe('keep-me');
      expect(pet().counters.petted).toBe(1);
      expect(cli('stats').status).toBe(0);
    },
  );

  it('pet, play and rename go on from the last good copy too', () => {
    const { cli, petFile, pet } = home();
    expect(cli('hatch', '--seed', 'keep-me').status).toBe(0);
    for (const args of [['pet'], ['play'], ['rename', 'Bob']]) {
      writeFileSync(petFile, '{"version":1,');
      const result = cli(...args);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toContain('carried on from its last good copy');
      expect(pet().identity.seed).toBe('keep-me');
    }
    expect(pet().counters).toMatchObject({ petted: 1, played: 1 });
    expect(pet().identity.name).toBe('Bob');
  });

  it.each(['feed', 'pet', 'play', 'rename'])('%s refuses without writing when nothing good is left', (action) => {
    const { cli, petFile, files } = home();
    writeFileSync(petFile, '{"version":1,"ident');
    const before = files();
    const result = cli(action, ...(action === 'rename' ? ['Bob'] : []));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`buddy-tui ${action}: ${petFile} cannot be read (not valid JSON`);
    expect(result.stderr).toContain('there is no last good copy');
    expect(files()).toEqual(before);
  });

  it('feed on xp 1e308 finishes and saves the XP at the top of its range', () => {
    const { cli, petFile, pet } = home();
    writeFileSync(
      petFile,
      hatchedPetText((value) => (value.xp = 1e308)),
    );
    const result = cli('play');
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/xp 1e\+308 is out of range/);
    expect(pet().xp).toBe(PET_LIMITS.xpMax);
    rmSync(petFile);
  });
});

describe('buddy-tui feed on a full buddy', () => {
  it('says it is too full and changes nothing; a meal lowers hunger and gives happiness +4, energy +2', () => {
    const { cli } = home();
    expect(cli('hatch', '--species', 'frog', '--name', 'Ribbit').status).toBe(0);
    const stats = () => JSON.parse(cli('stats', '--json').stdout);
    const hungry = stats();
    expect(cli('feed').status).toBe(0); // hatched at hunger 20: this meal takes it to 0
    const fed = stats();
    expect(fed.needs.hunger).toBeLessThan(1);
    expect(fed.needs.happiness - hungry.needs.happiness).toBeCloseTo(4, 1);
    // Energy drains 8 an hour while awake: a few seconds of that cost less than 0.1.
    expect(fed.needs.energy - hungry.needs.energy).toBeCloseTo(2, 1);
    expect(fed.counters.fed).toBe(1);

    const refused = cli('feed');
    expect(refused.status).toBe(0);
    expect(refused.stdout).toContain('Ribbit is too full to eat another bite.');
    const after = stats();
    expect(after.counters).toEqual(fed.counters);
    expect(after.needs.happiness).toBe(fed.needs.happiness);
    expect(after.moments).toEqual(fed.moments);
    expect(after.needs.energy).toBeCloseTo(fed.needs.energy, 1);
  });
});
