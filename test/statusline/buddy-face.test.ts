/** The statusline draws the pet's species face (from the species JSON), before the first hatch the seeded pet's, else the default. */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { petFilePath } from '../../src/config/paths.js';
import { hatchPet } from '../../src/pet/hatch.js';
import { savePet } from '../../src/pet/pet-file.js';
import { xpForLevel } from '../../src/pet/pet.js';
import { runStatusline } from '../../src/statusline/render.js';
import { FIXTURE_SESSION, NOW, fixturePayload, midTurnEvents, sandbox, type Sandbox } from './support.js';

const boxes: Sandbox[] = [];
afterAll(() => boxes.forEach((box) => rmSync(box.base, { recursive: true, force: true })));

/** The first row, split into its segments. */
async function segments(box: Sandbox): Promise<string[]> {
  const { output } = await runStatusline(JSON.stringify(fixturePayload(42)), ['--width', '200', '--no-color'], box.env);
  return output.split('\n')[0].split(' │ ');
}

describe('statusline buddy face', () => {
  it("uses the pet's species face, and the default face for an unknown species", async () => {
    const box = sandbox();
    boxes.push(box);
    box.session(FIXTURE_SESSION, { events: midTurnEvents() });
    // No pet yet: the face of the one the sandbox's seed will hatch (an owl), not a generic one.
    expect((await segments(box))[0]).toBe('(ovo)');
    // Older than a minute: past its introduction, the name shows.
    const cat = hatchPet({
      seed: 'statusline-test',
      speciesIds: ['cat'],
      species: 'cat',
      name: 'Mochi',
      now: NOW - 120_000,
    });
    savePet(petFilePath(box.env), cat);
    // A new pet is a kitten: the kitten faces in species/cat.json are =^ … ^=, without brackets.
    const [kitten, name] = await segments(box);
    expect(kitten).toMatch(/^=\^.+\^=/);
    expect(name).toBe('Mochi');
    // Grown (level 5): the species' own faces, framed by (= … =); elder (level 15): (=" … "=).
    savePet(petFilePath(box.env), { ...cat, xp: xpForLevel(5) });
    expect((await segments(box))[0]).toMatch(/^\\?\(=[^"].*=\)/);
    savePet(petFilePath(box.env), { ...cat, xp: xpForLevel(15) });
    expect((await segments(box))[0]).toMatch(/^\(=".+"=\)/);
    savePet(
      petFilePath(box.env),
      hatchPet({ seed: 'statusline-test', speciesIds: ['cat'], species: 'no-such-species', now: NOW }),
    );
    const [fallback] = await segments(box);
    expect(fallback).toMatch(/^\(\S+\)/);
    expect(fallback).not.toMatch(/\(=/);
  });
});
