import { readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run as hatch } from '../../src/cli/hatch.js';
import { runFeed, runPet, runPlay, runRename, runStats } from '../../src/cli/pet-actions.js';
import { capture, type Captured } from '../species/cli-capture.js';

const homes: Captured[] = [];
afterAll(() => homes.forEach((c) => rmSync(c.home, { recursive: true, force: true })));
let clock = Date.UTC(2026, 0, 5, 9);
const session = () => {
  const c = capture({}, () => clock);
  homes.push(c);
  return c;
};
const petFile = (c: Captured) => join(c.home, 'state', 'buddy-tui', 'pet.json');
const readPet = (c: Captured) => JSON.parse(readFileSync(petFile(c), 'utf8'));

describe('hatch command', () => {
  it('hatches the same buddy for the same seed, with a chosen species and name', async () => {
    const a = session();
    expect(await hatch(['--seed', 'abc'], a.io)).toBe(0);
    const b = session();
    expect(await hatch(['--seed', 'abc'], b.io)).toBe(0);
    expect(readPet(a).identity).toEqual(readPet(b).identity);
    expect(await hatch(['--species', 'owl', '--name', 'Miso'], a.io)).toBe(0);
    expect(readPet(a).identity).toMatchObject({ speciesId: 'owl', name: 'Miso' });
    expect(a.out()).toMatch(/Miso the Owl · \w+/);
    expect(existsSync(`${petFile(a)}.prev`)).toBe(true);
  });

  it('shows the buddy and changes nothing when already hatched; rejects unknown species', async () => {
    const c = session();
    await hatch([], c.io);
    const before = readFileSync(petFile(c), 'utf8');
    expect(await hatch([], c.io)).toBe(0);
    expect(c.out()).toContain('Already hatched');
    expect(readFileSync(petFile(c), 'utf8')).toBe(before);
    expect(await hatch(['--species', 'unicorn'], c.io)).toBe(1);
    expect(c.err()).toContain('no species "unicorn"');
  });

  it('--reroll draws a new seed', async () => {
    const c = session();
    await hatch(['--seed', 'one'], c.io);
    await hatch(['--reroll'], c.io);
    expect(readPet(c).identity.seed).not.toBe('one');
  });

  it('on a corrupt pet.json goes on from the last good copy; with none, hatches a fresh buddy, keeping the file as .bak', async () => {
    const c = session();
    await hatch(['--seed', 'one'], c.io);
    writeFileSync(petFile(c), '{broken');
    expect(await hatch([], c.io)).toBe(0);
    expect(c.out()).toContain('Already hatched');
    expect(c.err()).toContain(`kept it as ${petFile(c)}.bak`);
    expect(readFileSync(`${petFile(c)}.bak`, 'utf8')).toBe('{broken');
    expect(readPet(c).identity.seed).toBe('one');

    writeFileSync(petFile(c), '{broken again');
    rmSync(`${petFile(c)}.last-good`);
    expect(await hatch([], c.io)).toBe(0);
    expect(c.err()).toContain(`kept it as ${petFile(c)}.bak.${clock}`);
    expect(readFileSync(`${petFile(c)}.bak.${clock}`, 'utf8')).toBe('{broken again');
    expect(existsSync(`${petFile(c)}.prev`)).toBe(false);
    expect(readPet(c).identity.seed).not.toBe('one');
  });

  it('replacing a buddy whose pet.json broke keeps its last good copy as .prev', async () => {
    const c = session();
    await hatch(['--seed', 'one', '--name', 'Old'], c.io);
    writeFileSync(petFile(c), '');
    expect(await hatch(['--reroll'], c.io)).toBe(0);
    expect(JSON.parse(readFileSync(`${petFile(c)}.prev`, 'utf8')).identity.name).toBe('Old');
    expect(readFileSync(`${petFile(c)}.bak`, 'utf8')).toBe('');
    expect(c.out()).toContain('the previous buddy, Old, is kept in');
  });
});

describe('pet actions', () => {
  it('feed, pet and play change the saved pet and answer with a face and quip', async () => {
    const c = session();
    await hatch(['--species', 'cat', '--name', 'Miso', '--seed', 's'], c.io);
    clock += 10 * 3_600_000;
    expect(await runFeed([], c.io)).toBe(0);
    // A new cat is a kitten: the kitten's happy face (species/cat.json, stages[0].face).
    expect(c.out()).toContain('=^^w^^= Miso: Food. Finally.');
    expect(readPet(c).counters.fed).toBe(1);
    expect(readPet(c).needs.hunger).toBeCloseTo(25, 5);
    expect(await runPet([], c.io)).toBe(0);
    expect(c.out()).toMatch(/Miso: \.\.\.Fine\. Once more\./);
    expect(await runPlay([], c.io)).toBe(0);
    expect(readPet(c).counters).toMatchObject({ fed: 1, petted: 1, played: 1 });
  });

  it('says when the pet is too full, and renames with sanitised text', async () => {
    const c = session();
    await hatch(['--species', 'frog', '--name', 'Ribbit', '--seed', 's'], c.io);
    await runFeed([], c.io); // hatched at hunger 20: this meal takes it to 0
    await runFeed([], c.io);
    expect(c.out()).toContain('Ribbit is too full to eat another bite.');
    expect(await runRename(['Sir', 'Hops\u001b[2J'], c.io)).toBe(0);
    expect(readPet(c).identity.name).toBe('Sir Hops');
    expect(await runRename([], c.io)).toBe(2);
  });

  it('stats shows needs, mood and counters, and --json the whole pet; with no buddy yet it hatches and introduces it', async () => {
    const c = session();
    expect(existsSync(petFile(c))).toBe(false);
    expect(await runStats([], c.io)).toBe(0);
    expect(c.err()).toMatch(/^Meet \w+, an? [a-z]+\. It just hatched/);
    expect(c.err()).not.toContain('no buddy yet');
    expect(existsSync(petFile(c))).toBe(true);
    expect(await runStats([], c.io)).toBe(0);
    expect(c.out()).toMatch(/fed +\[########\.\.\] +80/);
    expect(c.out()).toMatch(/mood +idle/);
    await runStats(['--json'], c.io);
    expect(JSON.parse(c.out().slice(c.out().indexOf('{\n')))).toMatchObject({ version: 1, level: 1, mood: 'idle' });
  });

  it('the first feed hatches the buddy', async () => {
    const c = session();
    expect(await runFeed([], c.io)).toBe(0);
    expect(c.err()).toMatch(/^Meet \w+, an? [a-z]+\. It just hatched/);
    expect(readPet(c).version).toBe(1);
  });
});
