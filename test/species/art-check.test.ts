import { describe, expect, it } from 'vitest';
import { validateSpeciesValue } from '../../src/species/validate-species.js';
import { ambiguousGlyphs, lineWidth } from '../../src/species/art-check.js';
import { validSpecies } from './species-fixture.js';

const errorsOf = (species: unknown) =>
  validateSpeciesValue(species, 'art.json').issues.filter((i) => i.severity === 'error');
const warningsOf = (species: unknown) =>
  validateSpeciesValue(species, 'art.json').issues.filter((i) => i.severity === 'warning');

describe('art checks', () => {
  it('measures display cells: eyes are one cell, wide characters two', () => {
    expect(lineWidth('( {E} {E} )')).toBe(7);
    expect(lineWidth('🔥ab')).toBe(4);
    expect(lineWidth('猫 ')).toBe(3);
  });

  it('rejects a line narrower than the rest of its state, naming the exact line', () => {
    const s: any = validSpecies();
    s.frames.idle[2][1] = s.frames.idle[2][1].slice(0, -1);
    const [error] = errorsOf(s);
    expect(error.path).toBe('frames.idle[2][1]');
    expect(error.message).toBe('11 cells wide, expected 12 like frames.idle[0][0] (pad with spaces)');
  });

  it('counts an emoji as two cells when comparing widths', () => {
    const s: any = validSpecies();
    // 12 code points wide, but the emoji takes two cells: 13 in all.
    s.frames.happy[1][0] = '   🔥 *      ';
    const errors = errorsOf(s);
    expect(errors.map((e) => e.path)).toEqual(['frames.happy[1][0]']);
    expect(errors[0].message).toMatch(/^13 cells wide, expected 12/);
  });

  it('rejects frames of a state with different heights', () => {
    const s: any = validSpecies();
    s.frames.happy[1] = s.frames.happy[1].slice(0, 4);
    expect(errorsOf(s)).toContainEqual(
      expect.objectContaining({ path: 'frames.happy[1]', message: '4 lines, expected 5 like frames.happy[0][0]' }),
    );
  });

  it('requires the blink frame to match the idle size', () => {
    const s: any = validSpecies();
    s.frames.blink[0] = s.frames.blink[0].map((line: string) => `${line} `);
    expect(errorsOf(s)[0]).toMatchObject({
      path: 'frames.blink[0][0]',
      message: expect.stringMatching(/13 cells wide, expected 12 like frames\.idle/),
    });
  });

  it('requires the {E} placeholder in every frame', () => {
    const s: any = validSpecies();
    s.frames.sleep[1] = s.frames.sleep[1].map((line: string) => line.replaceAll('{E}', 'o'));
    expect(errorsOf(s)).toContainEqual(
      expect.objectContaining({ path: 'frames.sleep[1]', message: expect.stringMatching(/no \{E\} placeholder/) }),
    );
  });

  it('rejects tabs and control characters', () => {
    const s: any = validSpecies();
    s.frames.idle[0][4] = '  (_)\t(_)  ';
    s.frames.error[0][0] = '\u001b[31m!!   ';
    s.quips.fed[0] = 'yum\u0007';
    const errors = errorsOf(s);
    expect(errors).toContainEqual(
      expect.objectContaining({ path: 'frames.idle[0][4]', message: expect.stringMatching(/a tab/) }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({ path: 'frames.error[0][0]', message: 'contains control character U+001B' }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ path: 'quips.fed[0]' }));
  });

  it('rejects an eye wider than one cell and an idleSequence step past the frames', () => {
    const s: any = validSpecies();
    s.eyes.happy = '👀';
    s.idleSequence = [0, 1, 5, 'blink'];
    const errors = errorsOf(s);
    expect(errors).toContainEqual(
      expect.objectContaining({ path: 'eyes.happy', message: 'an eye must be 1 cell wide, "👀" is 2' }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({
        path: 'idleSequence[2]',
        message: expect.stringMatching(/frame 5 does not exist: frames.idle has 3 frames/),
      }),
    );
  });

  it('warns (but accepts) ambiguous-width glyphs', () => {
    const s: any = validSpecies();
    s.frames.happy[0][0] = '    ★ ★     ';
    s.frames.happy[1][0] = '   ★ ★      ';
    const check = validateSpeciesValue(s, 'art.json');
    expect(check.species).toBeDefined();
    expect(warningsOf(s)).toContainEqual(
      expect.objectContaining({ path: 'frames.happy[0][0]', message: expect.stringMatching(/ambiguous-width "★"/) }),
    );
    expect(ambiguousGlyphs('·o─')).toEqual(['·', '─']);
  });
});
