/**
 * `f` and `p` through the real pet service, species service and reaction sink: the footer says
 * how it went, an accepted action puts the species' quip in reactions.jsonl for the selected
 * session, a refused one does not, and without a pet the footer repeats why.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hatchPet } from '../../../src/pet/hatch.js';
import { savePet } from '../../../src/pet/pet-file.js';
import { createBuddyStore } from '../../../src/tui/store/index.js';
import { createInteract } from '../../../src/tui/services/interactions.js';
import { createPetService } from '../../../src/tui/services/pet-service.js';
import { createReactionSink } from '../../../src/tui/services/reaction-sink.js';
import { startSpeciesService, type SpeciesService } from '../../../src/tui/services/species-service.js';
import { createTuiLog } from '../../../src/tui/tui-log.js';
import { REPO_ROOT } from '../../support/hook-process.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { waitUntil } from '../../support/wait-until.js';
import { toReactionText, toSafeText } from '../../../src/text/safe-text.js';

const closers: Array<() => unknown> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const NOW = Date.now();
const catQuips = JSON.parse(readFileSync(join(REPO_ROOT, 'species', 'cat.json'), 'utf8')).quips;

function paneWith(writePet: (petFile: string) => void, clock = () => NOW) {
  const base = makeTempDir('buddy-interact-');
  const petFile = join(base, 'pet.json');
  writePet(petFile);
  const log = createTuiLog(base, clock);
  const store = createBuddyStore({ now: NOW });
  store.setState({ selectedId: 'sess-f' });
  const env = { ...process.env, XDG_CONFIG_HOME: join(base, 'cfg') };
  const pets = createPetService({ petFile, store, log, clock, speciesIds: () => ['cat'] });
  const species: SpeciesService = startSpeciesService({ env, store, log, speciesId: 'cat', pet: pets.current });
  const sink = createReactionSink({ root: base, store, log, clock });
  closers.push(
    () => sink.close(),
    () => species.close(),
  );
  pets.load();
  const interact = createInteract({ store, clock, pets, species, sink });
  const said = () => {
    try {
      return readFileSync(join(base, 'sess-f', 'reactions.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).text);
    } catch {
      return [];
    }
  };
  return { store, interact, said, petFile, sink };
}

const catWithHunger = (hunger: number) => {
  const pet = hatchPet({ seed: 'interact', speciesIds: ['cat'], species: 'cat', now: NOW });
  return { ...pet, needs: { ...pet.needs, hunger } };
};

describe('feed and pet in the pane', () => {
  it("feeds a hungry pet: the footer says so and the cat's first fed quip is said", () => {
    const { store, interact, said } = paneWith((file) => savePet(file, catWithHunger(60)));
    interact('feed');
    const name = store.getState().pet?.name;
    expect(store.getState().notice?.text).toBe(`you fed ${name}`);
    expect(store.getState().pet?.hunger).toBe(25);
    expect(said()).toEqual([catQuips.fed[0]]);
  });

  it('a full pet refuses food: the footer says it is full and no quip is said', () => {
    const { store, interact, said } = paneWith((file) => savePet(file, catWithHunger(5)));
    interact('feed');
    expect(store.getState().notice?.text).toMatch(/ is full$/);
    expect(said()).toEqual([]);
  });

  it('without a pet repeats why in the footer and says nothing', () => {
    const { store, interact, said, petFile } = paneWith((file) => writeFileSync(file, ''));
    store.getState().setNotice(toSafeText('something else'), NOW);
    interact('pet');
    expect(store.getState().notice).toMatchObject({ tone: 'warning' });
    expect(store.getState().notice?.text).toContain(`${petFile} cannot be read`);
    expect(said()).toEqual([]);
  });

  it("p right after f: the pat's quip takes the feed's bubble at once instead of waiting behind it", {
    timeout: 60_000,
  }, async () => {
    const { store, interact, said } = paneWith((file) => savePet(file, catWithHunger(60)));
    interact('feed');
    interact('pet');
    await waitUntil(said, (lines) => lines.length === 2, 'both quips said');
    await waitUntil(
      () => store.getState().bubbles.current?.reaction.text,
      (text) => text === catQuips.petted[0],
      "the pat's quip on screen",
    );
    expect(store.getState().bubbles.waiting).toEqual([]);
  });

  it("p while the buddy's voice holds the last pat's bubble past its 10 s: the new quip takes that bubble at once", {
    timeout: 60_000,
  }, async () => {
    let now = NOW;
    const { store, interact, sink } = paneWith(
      (file) => savePet(file, catWithHunger(60)),
      () => now,
    );
    interact('pet');
    const first = await waitUntil(
      () => store.getState().bubbles.current?.reaction,
      Boolean,
      "the pat's quip on screen",
    );
    const id = first!.id;
    // The voice's answer to the pat upgrades its bubble in place 5 s later (shown 10 s from then).
    now += 5_000;
    sink.push({ ...first!, text: toReactionText('Ears scratched.'), ts: now });
    await waitUntil(
      () => store.getState().bubbles.current?.reaction.text,
      (text) => text === 'Ears scratched.',
      'the answer in place',
    );
    // 12 s after the first pat, while the answer still has 3 s on screen.
    now += 7_000;
    interact('pet');
    await waitUntil(
      () => store.getState().bubbles.current?.reaction,
      (reaction) => catQuips.petted.includes(reaction?.text),
      "the second pat's quip on screen",
    );
    expect(store.getState().bubbles.current!.reaction.id).toBe(id);
    expect(store.getState().bubbles.waiting).toEqual([]);
  });
});
