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

  it("example's stages start at level 1, grow, and each looks different", () => {
    const example = /```json\n([\s\S]*?)\n```/.exec(doc)![1];
    const species = validateSpeciesText(example, 'docs/species.md').species!;
    expect(species.stages?.map((stage) => stage.level)).toEqual([1, 5, 15]);
    const idle = species.stages!.map((_, index) => renderSprite(speciesAtStage(species, index), 'idle', 0).join('\n'));
    expect(new Set(idle).size).toBe(3);
    // The grown stage has no frames: it is the species itself.
    expect(idle[1]).toBe(renderSprite(species, 'idle', 0).join('\n'));
    expect(doc).toContain('## Stages');
    expect(doc).toContain('buddy-tui species show owl --stage 3');
  });
});
