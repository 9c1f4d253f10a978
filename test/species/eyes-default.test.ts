/**
 * Whose eyes a pet wears (issue 47): a species that sets `eyes.default` wears its own eyes, whatever
 * style the pet was hatched with; one that leaves it out (every built-in) wears the pet's style.
 * The sprite (pane, mod, `species show`) and the one-line face (statusline) follow one rule.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinSpeciesDir } from '../../src/species/builtin-dir.js';
import { faceFor, lookupFace } from '../../src/species/face.js';
import { renderSprite } from '../../src/species/render.js';
import { validateSpeciesValue } from '../../src/species/validate-species.js';
import { validSpecies } from './species-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'buddy-eyes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function speciesWith(eyes: Record<string, string>) {
  const file = { ...validSpecies('starry'), eyes };
  const checked = validateSpeciesValue(file, 'starry.json');
  expect(checked.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  return { file, species: checked.species! };
}

describe("a species' own eyes", () => {
  it("win over the pet's seeded style in the sprite and the face", () => {
    const { file, species } = speciesWith({ default: '✦', happy: '^' });
    expect(renderSprite(species, 'idle', 0, { eyes: '@' }).join('\n')).toContain('✦');
    expect(renderSprite(species, 'idle', 0, { eyes: '@' }).join('\n')).not.toContain('@');
    expect(faceFor(species, 'thinking', '@')).toContain('✦');
    writeFileSync(join(dir, 'starry.json'), JSON.stringify(file));
    expect(lookupFace({ speciesId: 'starry', mood: 'idle', eyes: '@', userDir: dir, builtinDir: dir })).toContain('✦');
    // A mood's own eyes still win over both.
    expect(renderSprite(species, 'happy', 0, { eyes: '@' }).join('\n')).toContain('^');
  });

  it("give way to the pet's style where the species sets none, as every built-in does", () => {
    const { species } = speciesWith({ happy: '^' });
    expect(renderSprite(species, 'idle', 0, { eyes: '@' }).join('\n')).toContain('@');
    expect(renderSprite(species, 'idle', 0).join('\n')).toContain('o');
    const builtins = readdirSync(builtinSpeciesDir()).filter((name) => name !== 'species.schema.json');
    expect(builtins.length).toBeGreaterThan(0);
    for (const name of builtins) {
      const eyes = JSON.parse(readFileSync(join(builtinSpeciesDir(), name), 'utf8')).eyes;
      expect(eyes.default, name).toBeUndefined();
    }
  });
});
