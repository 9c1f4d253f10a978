import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
});
