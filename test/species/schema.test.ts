import { describe, expect, it } from 'vitest';
import { validateSpeciesText, validateSpeciesValue, formatIssue } from '../../src/species/validate-species.js';
import { validSpecies } from './species-fixture.js';

type Mutation = (species: any) => void;

describe('species schema', () => {
  it('accepts the starter template and optional fields', () => {
    const ok = validSpecies();
    expect(validateSpeciesValue(ok, 'ok.json').species?.id).toBe('testy');
    const full: any = validSpecies();
    full.systemPrompt = 'You are a test.';
    full.colors = { body: '#abc', accent: 'magentaBright', bubble: '#00ff88' };
    full.frames.hungry = [full.frames.idle[0]];
    full.quips.level_up = ['Up!'];
    expect(validateSpeciesValue(full, 'full.json').issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  const rejects: Array<[string, Mutation, string, RegExp]> = [
    ['wrong schemaVersion', (s) => (s.schemaVersion = 2), 'schemaVersion', /expected 1/],
    ['id with capitals', (s) => (s.id = 'Cat'), 'id', /lowercase letters/],
    ['missing name', (s) => delete s.name, 'name', /expected string, received undefined/],
    ['unknown colour name', (s) => (s.colors.body = 'rad'), 'colors.body', /colour name .* or a hex colour/],
    ['colour as number', (s) => (s.colors.bubble = 3), 'colors.bubble', /colour name/],
    ['only two idle frames', (s) => s.frames.idle.pop(), 'frames.idle', /at least 3 frames/],
    ['no blink frame', (s) => delete s.frames.blink, 'frames.blink', /expected array/],
    ['unknown state', (s) => (s.frames.dancing = s.frames.happy), 'frames', /Unrecognized key: "dancing"/],
    ['unknown quip kind', (s) => (s.quips.lunch = ['hi']), 'quips', /Unrecognized key: "lunch"/],
    ['empty quip list', (s) => (s.quips.fed = []), 'quips.fed', /Too small/],
    ['face on two lines', (s) => (s.face.happy = 'a\nb'), 'face.happy', /one line/],
    ['missing idle face', (s) => delete s.face.idle, 'face.idle', /expected string/],
    [
      'frame line not a string',
      (s) => (s.frames.idle[1][2] = 7),
      'frames.idle[1][2]',
      /expected string, received number/,
    ],
    ['frameMs too small', (s) => (s.frameMs = 10), 'frameMs', /Too small/],
    ['idleSequence with a bad step', (s) => (s.idleSequence = [0, 'wink']), 'idleSequence[1]', /Invalid/],
    ['frameMs out of range', (s) => (s.frameMs = 1e308), 'frameMs', /Too big/],
    ['idleSequence step out of range', (s) => (s.idleSequence = [0, 1e12]), 'idleSequence[1]', /Invalid|Too big/],
    ['hat row out of range', (s) => (s.hat = { row: 1e308 }), 'hat.row', /Too big/],
  ];

  it.each(rejects)('rejects %s, naming the path', (_, mutate, path, message) => {
    const species = validSpecies();
    mutate(species);
    const { species: result, issues } = validateSpeciesValue(species, '/x/broken.json');
    expect(result).toBeUndefined();
    const issue = issues.find((i) => i.path === path);
    expect(issue, JSON.stringify(issues)).toBeDefined();
    expect(issue!.message).toMatch(message);
    expect(formatIssue(issue!)).toContain(`/x/broken.json at ${path}:`);
  });

  it('reports JSON syntax errors with the file name', () => {
    const { issues } = validateSpeciesText('{"id": ', 'half.json');
    expect(issues).toHaveLength(1);
    expect(formatIssue(issues[0])).toMatch(/^✖ half\.json: not valid JSON/);
  });
});
