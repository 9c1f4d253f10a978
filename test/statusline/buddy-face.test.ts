/** The statusline draws the hatched pet's species face (from the species JSON), else the default. */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { petFilePath } from '../../src/config/paths.js';
import { hatchPet } from '../../src/pet/hatch.js';
import { savePet } from '../../src/pet/pet-file.js';
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
  it('uses the pet\'s species face, and the default face for an unknown species', async () => {
    const box = sandbox();
    boxes.push(box);
    box.session(FIXTURE_SESSION, { events: midTurnEvents() });
    expect((await segments(box))[0]).toBe('(o_o)/');
    savePet(petFilePath(box.env), hatchPet({ seed: 'statusline-test', speciesIds: ['cat'], species: 'cat', name: 'Mochi', now: NOW }));
    // Every cat face in species/cat.json is framed by (= … =).
    const [face, name] = await segments(box);
    expect(face).toMatch(/^\\?\(=.*=\)/);
    expect(name).toBe('Mochi');
    savePet(petFilePath(box.env), hatchPet({ seed: 'statusline-test', speciesIds: ['cat'], species: 'no-such-species', now: NOW }));
    const [fallback] = await segments(box);
    expect(fallback).toMatch(/^\(\S+\)/);
    expect(fallback).not.toMatch(/\(=/);
  });
});
