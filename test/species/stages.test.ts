/**
 * Evolution stages: the schema's rules for the list, the art checks run per stage (paths under
 * stages[i]), the level-to-stage mapping, and the fallback from a stage to the species' frames.
 */
import { describe, expect, it } from 'vitest';
import { levelForXp, xpForLevel } from '../../src/pet/pet.js';
import { renderSprite, resolveState, faceFor } from '../../src/species/render.js';
import { speciesAtStage, stageIndexAt, stagePhrase, stateSource } from '../../src/species/stages.js';
import { validateSpeciesValue } from '../../src/species/validate-species.js';
import type { Species } from '../../src/species/species-schema.js';
import { validSpecies } from './species-fixture.js';

const small = (mark: string) => [`  ${mark}{E}${mark}  `, '  (_)  '];
const bigger = (mark: string) => [`   ${mark}      `, '  ( {E}{E} )  ', ' /|    |\\ ', '  d    b  '];

/** The template with three stages: a hatchling drawing idle only, the base as grown, an elder drawing happy only. */
function staged(): any {
  const s: any = validSpecies();
  s.stages = [
    {
      id: 'hatchling',
      name: 'Hatchling',
      level: 1,
      frames: { idle: [small('.'), small(','), small('.')], blink: [small('.')] },
      face: { idle: '({E})' },
    },
    { id: 'grown', name: 'Grown', level: 5, frames: { sleep: [bigger('z')] } },
    { id: 'adult', name: 'Adult', level: 8 },
    {
      id: 'elder',
      name: 'Elder',
      level: 12,
      frames: { happy: [bigger('*'), bigger('+')] },
      quips: { fed: ['Ah, soup.'] },
    },
  ];
  return s;
}

const errorsOf = (species: unknown) =>
  validateSpeciesValue(species, 's.json').issues.filter((i) => i.severity === 'error');
const parsed = (species: unknown): Species => {
  const check = validateSpeciesValue(species, 's.json');
  expect(check.issues).toEqual([]);
  return check.species!;
};

describe('stages in the schema', () => {
  it('accepts a species with stages, and one without (unchanged)', () => {
    expect(parsed(staged()).stages?.map((stage) => stage.id)).toEqual(['hatchling', 'grown', 'adult', 'elder']);
    const plain: any = validSpecies();
    delete plain.stages;
    expect(parsed(plain).stages).toBeUndefined();
  });

  it.each<[string, (s: any) => void, string, RegExp]>([
    [
      'a first stage above level 1',
      (s) => (s.stages[0].level = 2),
      'stages[0].level',
      /first stage is reached at level 1/,
    ],
    [
      'levels not increasing',
      (s) => (s.stages[2].level = 5),
      'stages[2].level',
      /level 5 must be above the stage before \(5\)/,
    ],
    ['an id used twice', (s) => (s.stages[1].id = 'hatchling'), 'stages[1].id', /"hatchling" is used twice/],
    ['idle without blink', (s) => delete s.stages[0].frames.blink, 'stages[0].frames.blink', /draws its blink too/],
    ['only two idle frames', (s) => s.stages[0].frames.idle.pop(), 'stages[0].frames.idle', /at least 3 frames/],
    [
      'an unknown state',
      (s) => (s.stages[1].frames.dancing = s.stages[1].frames.sleep),
      'stages[1].frames',
      /Unrecognized key: "dancing"/,
    ],
    ['a level that is not whole', (s) => (s.stages[1].level = 4.5), 'stages[1].level', /expected int/],
  ])('rejects %s, naming the path', (_, mutate, path, message) => {
    const s = staged();
    mutate(s);
    const issue = errorsOf(s).find((i) => i.path === path);
    expect(issue, JSON.stringify(errorsOf(s))).toBeDefined();
    expect(issue!.message).toMatch(message);
  });
});

describe('art checks per stage', () => {
  it("checks a stage's widths within the stage (its own size, not the species')", () => {
    const s = staged();
    expect(errorsOf(s)).toEqual([]);
    s.stages[3].frames.happy[1][2] = ' /|    |\\';
    expect(errorsOf(s)).toEqual([
      expect.objectContaining({
        path: 'stages[3].frames.happy[1][2]',
        message: '9 cells wide, expected 10 like stages[3].frames.happy[0][0] (pad with spaces)',
      }),
    ]);
  });

  it("checks the stage's blink against its idle, the {E} eyes and the idle sequence", () => {
    const s = staged();
    s.stages[0].frames.blink = [bigger('-')];
    s.stages[0].frames.idle[1] = ['  .oo.  ', '  (_)  '];
    s.idleSequence = [0, 3, 'blink'];
    const paths = errorsOf(s).map((e) => `${e.path}: ${e.message}`);
    expect(paths).toContain('stages[0].frames.blink[0]: 4 lines, expected 2 like stages[0].frames.idle[0][0]');
    expect(paths).toContain('stages[0].frames.idle[1]: no {E} placeholder: every frame shows where the eyes go');
    expect(paths).toContain('idleSequence[1]: frame 3 does not exist: stages[0].frames.idle has 3 frames (0 to 2)');
  });

  it('checks stage faces and quips for control characters', () => {
    const s = staged();
    s.stages[3].quips.fed = ['soup\u001b[2J'];
    s.stages[0].name = 'Hatch\tling';
    expect(errorsOf(s).map((e) => e.path)).toEqual(['stages[0].name', 'stages[3].quips.fed[0]']);
  });
});

describe('the level-to-stage mapping', () => {
  const stages = [{ level: 1 }, { level: 5 }, { level: 12 }];
  it.each([
    [1, 0],
    [4, 0],
    [5, 1],
    [11, 1],
    [12, 2],
    [200_000, 2],
  ])('level %i is stage %i', (level, index) => {
    expect(stageIndexAt(stages, level)).toBe(index);
  });

  it('follows the XP curve: one XP below level 5 is still the first stage', () => {
    expect(stageIndexAt(stages, levelForXp(xpForLevel(5) - 1))).toBe(0);
    expect(stageIndexAt(stages, levelForXp(xpForLevel(5)))).toBe(1);
  });

  it('a species without stages has none (-1), and is drawn as itself', () => {
    expect(stageIndexAt(undefined, 30)).toBe(-1);
    const plain = parsed({ ...validSpecies(), stages: undefined });
    expect(speciesAtStage(plain, -1)).toBe(plain);
    expect(speciesAtStage(plain, 0)).toBe(plain);
  });
});

describe('a species drawn at a stage', () => {
  const species = (() => {
    const s = staged();
    return validateSpeciesValue(s, 's.json').species!;
  })();

  it('draws every mood from the stage once the stage draws idle (working, sad: the hatchling idle)', () => {
    const hatchling = speciesAtStage(species, 0);
    for (const mood of ['idle', 'working', 'error', 'happy', 'sleep'] as const) {
      expect(stateSource(species, 0, mood)).toEqual({ state: 'idle', base: false });
      expect(resolveState(hatchling, mood)).toBe('idle');
    }
    expect(renderSprite(hatchling, 'idle', 0, { pad: false })).toEqual(['  .o.  ', '  (_)  ']);
    // The blink is the stage's.
    expect(renderSprite(hatchling, 'idle', 4, { pad: false })).toEqual(['  .-.  ', '  (_)  ']);
    expect(faceFor(hatchling, 'happy')).toBe('(^)');
  });

  it("falls back to the species' frames along the chain when the stage draws nothing on it", () => {
    const elder = speciesAtStage(species, 3);
    expect(stateSource(species, 3, 'celebrate')).toEqual({ state: 'happy', base: false });
    expect(stateSource(species, 3, 'idle')).toEqual({ state: 'idle', base: true });
    expect(stateSource(species, 3, 'error')).toEqual({ state: 'error', base: true });
    expect(renderSprite(elder, 'celebrate', 1, { pad: false })[0]).toBe('   +      ');
    expect(renderSprite(elder, 'idle', 0, { pad: false })).toEqual(renderSprite(species, 'idle', 0, { pad: false }));
    expect(renderSprite(elder, 'error', 0, { pad: false })).toEqual(renderSprite(species, 'error', 0, { pad: false }));
    expect(elder.quips.fed).toEqual(['Ah, soup.']);
    expect(elder.quips.petted).toEqual(species.quips.petted);
    expect(faceFor(elder, 'happy')).toBe(faceFor(species, 'happy'));
  });

  it('draws a stage without frames as the species itself', () => {
    const adult = speciesAtStage(species, 2);
    for (const mood of ['idle', 'happy', 'celebrate', 'sleep', 'error'] as const) {
      expect(stateSource(species, 2, mood).base).toBe(true);
      for (const tick of [0, 1, 4]) expect(renderSprite(adult, mood, tick)).toEqual(renderSprite(species, mood, tick));
    }
  });

  it('names a stage with its article', () => {
    expect(stagePhrase('Elder', 'Cat')).toBe('an elder cat');
    expect(stagePhrase('Hatchling', 'Owl')).toBe('a hatchling owl');
  });
});
