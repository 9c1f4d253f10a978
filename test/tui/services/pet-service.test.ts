/**
 * The pane's pet service on a real pet.json: the runner saves f/p at once and events on the
 * throttle (and on close), says when a level is reached, and merges another process's save; a
 * viewer follows the file, and its f/p step the file itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hatchPet } from '../../../src/pet/hatch.js';
import { lastGoodPath, savePet } from '../../../src/pet/pet-file.js';
import { levelForXp } from '../../../src/pet/pet.js';
import { createBuddyStore } from '../../../src/tui/store/index.js';
import { createPetService, type PetService } from '../../../src/tui/services/pet-service.js';
import { createTuiLog } from '../../../src/tui/tui-log.js';
import { makeTempDir } from '../../support/temp-dir.js';

const open: PetService[] = [];
afterEach(() => {
  for (const service of open.splice(0)) service.close();
});

const NOW = Date.now();

function petsOn(role: 'runner' | 'viewer', xp = 0) {
  const base = makeTempDir('buddy-pet-service-');
  const petFile = join(base, 'pet.json');
  savePet(petFile, {
    ...hatchPet({ seed: 'pet-service', speciesIds: ['cat'], species: 'cat', now: NOW - 60_000 }),
    xp,
  });
  const store = createBuddyStore({ now: NOW, role });
  const clock = { now: NOW };
  const pets = createPetService({
    petFile,
    store,
    log: createTuiLog(base),
    clock: () => clock.now,
    speciesIds: () => ['cat'],
  });
  open.push(pets);
  pets.load();
  const onDisk = () => JSON.parse(readFileSync(petFile, 'utf8'));
  return { store, pets, petFile, onDisk, clock };
}

const toolRun = (ts: number) =>
  ({
    ts,
    session_id: 'sess-pets',
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
  }) as never;

describe('pet service', () => {
  it('as the runner saves a feed or pet at once', () => {
    const { pets, onDisk } = petsOn('runner');
    const after = pets.act('pet', NOW);
    expect(after?.counters.petted).toBe(1);
    expect(onDisk().counters.petted).toBe(1);
  });

  it('as the runner keeps the last good copy durable once a minute while events come, and on close', async () => {
    const { pets, petFile, onDisk, clock } = petsOn('runner');
    const lastGood = () => JSON.parse(readFileSync(lastGoodPath(petFile), 'utf8')).counters.toolsRun ?? 0;
    const before = lastGood();
    const batch = async (advanceMs: number) => {
      clock.now += advanceMs;
      pets.applyEvents([toolRun(clock.now)], clock.now);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { pet: onDisk().counters.toolsRun, copy: lastGood() };
    };
    // The first save is durable, with the copy; the next ones within the minute are pet.json alone.
    expect(await batch(0)).toEqual({ pet: before + 1, copy: before + 1 });
    expect(await batch(2_500)).toEqual({ pet: before + 2, copy: before + 1 });
    expect(await batch(2_500)).toEqual({ pet: before + 3, copy: before + 1 });
    expect(await batch(60_000)).toEqual({ pet: before + 4, copy: before + 4 });
    // A user's act is durable at once; so is the last save.
    pets.act('pet', clock.now + 2_500);
    expect(JSON.parse(readFileSync(lastGoodPath(petFile), 'utf8')).counters.petted).toBe(1);
    await batch(2_500);
    pets.close();
    expect(lastGood()).toBe(before + 5);
  });

  it('as the runner saves events on the throttle, not per batch, and what is left on close', () => {
    const { pets, onDisk } = petsOn('runner');
    const before = onDisk().counters.toolsRun ?? 0;
    pets.applyEvents([toolRun(NOW), toolRun(NOW)], NOW);
    expect(pets.current()?.counters.toolsRun).toBe(before + 2);
    expect(onDisk().counters.toolsRun ?? 0).toBe(before);
    pets.close();
    expect(onDisk().counters.toolsRun).toBe(before + 2);
  });

  it('says when events take the pet to the next level', () => {
    const { store, pets } = petsOn('runner', 49);
    pets.applyEvents([toolRun(NOW)], NOW);
    expect(levelForXp(pets.current()!.xp)).toBe(2);
    expect(store.getState().notice?.text).toMatch(/reached level 2!$/);
  });

  it('as a viewer follows the file, never steps it on events, and feeds it straight in pet.json', () => {
    const { pets, onDisk, store } = petsOn('viewer');
    const before = onDisk();
    expect(pets.current()?.identity.name).toBe(before.identity.name);
    pets.applyEvents([toolRun(NOW)], NOW);
    expect(onDisk()).toEqual(before);
    expect(pets.refresh(NOW)).toBe(false);
    const fed = pets.act('feed', NOW);
    expect(fed?.counters.fed).toBe(1);
    expect(onDisk().counters.fed).toBe(1);
    expect(pets.view(NOW).pet?.name).toBe(before.identity.name);
    expect(store.getState().notice).toBeUndefined();
  });

  it("as the runner merges a save by another process (a viewer's f) into its pet, keeping its own unsaved events", () => {
    const runner = petsOn('runner');
    runner.pets.applyEvents([toolRun(NOW)], NOW);
    const viewerStore = createBuddyStore({ now: NOW, role: 'viewer' });
    const viewer = createPetService({
      petFile: runner.petFile,
      store: viewerStore,
      log: createTuiLog(makeTempDir('buddy-pet-viewer-')),
      clock: () => NOW,
      speciesIds: () => ['cat'],
    });
    open.push(viewer);
    viewer.load();
    viewer.act('feed', NOW);
    expect(runner.pets.refresh(NOW)).toBe(true);
    expect(runner.pets.current()?.counters.fed).toBe(1);
    expect(runner.pets.current()?.counters.toolsRun).toBe(1);
    expect(runner.pets.refresh(NOW)).toBe(false);
    runner.pets.close();
    expect(runner.onDisk().counters).toMatchObject({ fed: 1, toolsRun: 1 });
  });
});
