import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { degradeColor, paint, colorLevel, nearestNamed } from '../../src/species/colors.js';
import { DEFAULT_FACES, lookupFace } from '../../src/species/face.js';
import { builtinSpeciesDir } from '../../src/species/builtin-dir.js';
import { faceFor, frameCount, renderSprite, resolveState } from '../../src/species/render.js';
import { fallbackChain } from '../../src/species/sprite-state.js';
import { validateSpeciesValue } from '../../src/species/validate-species.js';
import { validSpecies } from './species-fixture.js';

const species = validateSpeciesValue(validSpecies('sprout'), 'sprout.json').species!;
const dir = mkdtempSync(join(tmpdir(), 'buddy-face-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fallback chain', () => {
  it.each([
    ['celebrate', ['celebrate', 'happy', 'idle'], 'happy'],
    ['working', ['working', 'thinking', 'idle'], 'idle'],
    ['hungry', ['hungry', 'sad', 'idle'], 'idle'],
    ['error', ['error', 'sad', 'idle'], 'error'],
    ['sleep', ['sleep', 'idle'], 'sleep'],
  ] as const)('%s', (mood, chain, drawn) => {
    expect(fallbackChain(mood)).toEqual(chain);
    expect(resolveState(species, mood)).toBe(drawn);
  });
});

describe('renderSprite', () => {
  it('walks the idle sequence, blink included, and fills the eyes', () => {
    expect(frameCount(species, 'idle')).toBe(7);
    const blink = renderSprite(species, 'idle', 4);
    expect(blink[2]).toBe('  ( -  - )  ');
    expect(renderSprite(species, 'idle', 0)[2]).toBe('  ( o  o )  ');
    expect(renderSprite(species, 'idle', 0, { eyes: '◉' })[2]).toBe('  ( ◉  ◉ )  ');
    // A mood's own eyes beat the pet's style; sleep closes them.
    expect(renderSprite(species, 'happy', 0, { eyes: '◉' })[2]).toBe('  ( ^  ^ )  ');
    expect(renderSprite(species, 'sleep', 1)[2]).toBe('  ( -  - )  ');
    expect(renderSprite(species, 'idle', 7)).toEqual(renderSprite(species, 'idle', 0));
  });

  it('a mood drawn by a fallback state keeps its own eyes', () => {
    expect(renderSprite(species, 'celebrate', 0)).toEqual(renderSprite(species, 'happy', 0));
    expect(renderSprite(species, 'hungry', 0, { eyes: '@' })[2]).toBe('  ( @  @ )  ');
  });

  it('puts a hat on the hat row only where the cells are blank', () => {
    expect(renderSprite(species, 'idle', 0, { hat: 'tophat' })[0]).toBe('    [___]   ');
    expect(renderSprite(species, 'idle', 0, { hat: '<*>' })[0]).toBe('     <*>    ');
    // The happy frames draw sparkles where the hat would go: no hat then.
    expect(renderSprite(species, 'happy', 0, { hat: 'tophat' })[0]).toBe('    * *     ');
    expect(renderSprite({ ...species, hat: undefined }, 'idle', 0, { hat: 'crown' })[0].trim()).toBe('');
  });

  it('pads shorter states to the species size, standing on the ground', () => {
    const tall = validSpecies('tall') as any;
    tall.frames.error = [['  {E}!{E}  ']];
    const parsed = validateSpeciesValue(tall, 'tall.json').species!;
    const lines = renderSprite(parsed, 'error', 0);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('  x!x       ');
    expect(renderSprite(parsed, 'error', 0, { pad: false })).toEqual(['  x!x  ']);
  });
});

describe('faces', () => {
  it('follows the fallback chain and fills the eyes', () => {
    expect(faceFor(species, 'idle')).toBe('(o.o)');
    expect(faceFor(species, 'celebrate')).toBe('(^v^)');
    expect(faceFor(species, 'thinking', '◉')).toBe('(◉.◉)');
  });

  it('lookupFace reads the user file first, then the built-in, else a default', () => {
    writeFileSync(join(dir, 'cat.json'), JSON.stringify({ face: { idle: '[{E}_{E}]' }, eyes: { default: 'q' } }));
    writeFileSync(join(dir, 'bad.json'), '{"face": 12');
    const builtinDir = builtinSpeciesDir();
    expect(lookupFace({ speciesId: 'cat', mood: 'idle', userDir: dir, builtinDir })).toBe('[q_q]');
    // The face of the stage the level has reached: owlet (level 1, the default), grown (the species' own), elder.
    expect(lookupFace({ speciesId: 'owl', mood: 'happy', userDir: dir, builtinDir })).toBe('\\(^v^)/');
    expect(lookupFace({ speciesId: 'owl', mood: 'happy', level: 5, userDir: dir, builtinDir })).toBe('{^v^}');
    expect(lookupFace({ speciesId: 'owl', mood: 'happy', level: 40, userDir: dir, builtinDir })).toBe('[^]v[^]');
    // A stage without its own face for a mood: along the stage's chain (celebrate -> happy), then the species'.
    expect(lookupFace({ speciesId: 'owl', mood: 'celebrate', level: 40, userDir: dir, builtinDir })).toBe('[*]v[*]');
    expect(lookupFace({ speciesId: 'owl', mood: 'sleep', level: 40, userDir: dir, builtinDir })).toBe('[-]-[-]');
    expect(lookupFace({ speciesId: 'bad', mood: 'sad', userDir: dir, builtinDir })).toBe(DEFAULT_FACES.sad);
    expect(lookupFace({ speciesId: '../etc/passwd', mood: 'idle', userDir: dir, builtinDir })).toBe(DEFAULT_FACES.idle);
    expect(lookupFace({ mood: 'error' })).toBe('(x_x)');
  });

  it('never lets a face carry escape sequences to the terminal', () => {
    writeFileSync(join(dir, 'evil.json'), JSON.stringify({ face: { idle: '\u001b]0;hi\u0007(o)' }, eyes: {} }));
    expect(lookupFace({ speciesId: 'evil', mood: 'idle', userDir: dir })).toBe('(o)');
  });
});

describe('colours', () => {
  it('degrade from hex to 256, 16 and none', () => {
    expect(degradeColor('#e0a060', 'truecolor')).toBe('#e0a060');
    expect(degradeColor('#fa0', '256')).toBe('#ffaa00');
    expect(degradeColor('#e0a060', '16')).toBe('yellow');
    expect(nearestNamed([250, 250, 250])).toBe('whiteBright');
    expect(degradeColor('cyan', '16')).toBe('cyan');
    expect(degradeColor('#e0a060', 'none')).toBeUndefined();
    expect(paint('x', '#ff0000', 'truecolor')).toBe('\u001b[38;2;255;0;0mx\u001b[39m');
    expect(paint('x', '#ff0000', '256')).toBe('\u001b[38;5;196mx\u001b[39m');
    expect(paint('x', 'red', '16')).toBe('\u001b[31mx\u001b[39m');
    expect(paint('x', 'red', 'none')).toBe('x');
  });

  it('reads the level from the environment, NO_COLOR first', () => {
    expect(colorLevel({ NO_COLOR: '1', COLORTERM: 'truecolor' }, true)).toBe('none');
    expect(colorLevel({ COLORTERM: 'truecolor' }, true)).toBe('truecolor');
    expect(colorLevel({ TERM: 'xterm-256color' }, true)).toBe('256');
    expect(colorLevel({ TERM: 'xterm' }, true)).toBe('16');
    expect(colorLevel({}, false)).toBe('none');
    expect(colorLevel({ FORCE_COLOR: '0' }, true)).toBe('none');
  });
});
