import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderSprite } from '../../src/species/render.js';
import { speciesAtStage } from '../../src/species/stages.js';
import { speciesTemplate } from '../../src/species/species-template.js';
import { validateSpeciesText } from '../../src/species/validate-species.js';

const doc = readFileSync(fileURLToPath(new URL('../../docs/species.md', import.meta.url)), 'utf8');

describe('docs/species.md', () => {
  it('has a complete example that validates and matches what `species new` writes', () => {
    const example = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const check = validateSpeciesText(example!, 'docs/species.md');
    expect(check.issues).toEqual([]);
    const { $schema: _, ...written } = speciesTemplate('sprout');
    const { $schema: __, ...documented } = JSON.parse(example!);
    expect(documented).toEqual(written);
  });

  it("example's stages start at level 1 and grow, and every stage wears the species' own frames", () => {
    const example = /```json\n([\s\S]*?)\n```/.exec(doc)![1];
    const species = validateSpeciesText(example, 'docs/species.md').species!;
    expect(species.stages?.map((stage) => stage.level)).toEqual([1, 5, 15]);
    // No stage art in the template: a level-1 pet wears the frames the user edits.
    expect(species.stages!.filter((stage) => stage.frames || stage.face)).toEqual([]);
    const own = renderSprite(species, 'idle', 0).join('\n');
    for (const [index] of species.stages!.entries())
      expect(renderSprite(speciesAtStage(species, index), 'idle', 0).join('\n')).toBe(own);
    expect(doc).toContain('## Stages');
    expect(doc).toContain('buddy-tui species show owl --stage 3');
  });
});
