/**
 * The name and personality at hatch (issue 46), without a model: which pet changes count as a
 * hatch or a pat (a pet that was there when the runner started is no news, so an existing pet
 * keeps its name), when the voice asks for a name, that no answer (offline, failed) leaves the
 * drawn name, and that pet.json takes the model's name only for the pet that hatched with its
 * drawn name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hatchPet } from '../../src/pet/hatch.js';
import { nameIsDrawn, writeModelName } from '../../src/pet/model-name.js';
import { savePet } from '../../src/pet/pet-file.js';
import type { DelegateMeta, DelegateRequest } from '../../src/protocol/plugin-answer.js';
import { createBuddyVoice, type BuddyVoiceOptions } from '../../src/voice/buddy-voice.js';
import { petMomentBetween } from '../../src/voice/pet-moments.js';
import { NAMING_PROMPT } from '../../src/voice/voice-prompt.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('pet moments', () => {
  it('a pet seen at the first look is no news; a later hatch or more pats is', () => {
    expect(petMomentBetween(undefined, { hatchedAt: 5, petted: 3 })).toBeUndefined();
    expect(petMomentBetween({ hatchedAt: 5, petted: 3 }, { hatchedAt: 5, petted: 3 })).toBeUndefined();
    expect(petMomentBetween({ hatchedAt: 5, petted: 3 }, { hatchedAt: 5, petted: 4 })).toBe('petted');
    expect(petMomentBetween({ hatchedAt: 5, petted: 3 }, { hatchedAt: 9, petted: 0 })).toBe('hatched');
    // An older save read back (another process behind) is not a hatch.
    expect(petMomentBetween({ hatchedAt: 9, petted: 0 }, { hatchedAt: 5, petted: 3 })).toBeUndefined();
  });
});

describe('naming at hatch', () => {
  const asked: Array<{ request: DelegateRequest; meta: DelegateMeta }> = [];
  const voice = (over: Partial<BuddyVoiceOptions>) =>
    createBuddyVoice({
      mode: () => 'on',
      chattiness: () => 'normal',
      character: () => ({ speciesName: 'cat', personality: 'Dry.', petName: 'Patch' }),
      resolve: async (request, meta) => asked.push({ request, meta }),
      sessionAnswers: () => true,
      transcriptPathFor: () => undefined,
      isAddressed: () => false,
      now: () => 1_000,
      newId: () => 'new',
      ...over,
    });
  const pet = (hatchedAt: number) => ({ hatchedAt, counters: { petted: 0 } });

  it('an existing pet is never named; a hatched one with its drawn name is, and only an answer names it', async () => {
    asked.length = 0;
    const named: string[] = [];
    const buddy = voice({ mayName: () => true, onNamed: (_pet, naming) => named.push(naming.name) });
    await buddy.notePet(pet(1), 's1');
    expect(asked).toEqual([]);
    await buddy.notePet(pet(2), 's1');
    expect(asked.map(({ request }) => request.prompt)).toEqual([NAMING_PROMPT]);
    // No answer (offline, failed, out of budget): shape is never called, the drawn name stays.
    expect(named).toEqual([]);
    expect(asked[0]!.meta.upgrade!.shape('Quill | A crab who files bugs. | Hello.')).toBe('Hello.');
    expect(named).toEqual(['Quill']);
  });

  it('a hatched pet whose name was chosen is asked for its first line only', async () => {
    asked.length = 0;
    const buddy = voice({ mayName: () => false, onNamed: () => expect.unreachable() });
    await buddy.notePet(pet(1), 's1');
    await buddy.notePet(pet(2), 's1');
    expect(asked.map(({ request }) => request.prompt.split('\n')[0])).toEqual(['You just hatched.']);
  });
});

describe('writeModelName', () => {
  it('names only the pet that hatched, and only while its name is the drawn one', () => {
    const file = join(makeTempDir('buddy-model-name-'), 'pet.json');
    const drawn = hatchPet({ seed: 'naming', speciesIds: ['cat'], species: 'cat', now: 100 });
    expect(nameIsDrawn(drawn.identity)).toBe(true);
    savePet(file, drawn);
    expect(writeModelName(file, 99, 'Quill', 'Files bugs under seafood.')).toBe(false);
    expect(writeModelName(file, 100, 'Quill', 'Files bugs under seafood.')).toBe(true);
    const identity = JSON.parse(readFileSync(file, 'utf8')).identity;
    expect(identity).toMatchObject({
      name: 'Quill',
      personality: 'Files bugs under seafood.',
      seed: drawn.identity.seed,
    });
    // Now chosen (not the drawn one): a second answer leaves it.
    expect(nameIsDrawn(identity)).toBe(false);
    expect(writeModelName(file, 100, 'Miso', 'Another.')).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8')).identity.name).toBe('Quill');
  });
});
