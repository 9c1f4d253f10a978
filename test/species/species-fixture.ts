/** A small valid species for tests, as a fresh object each call so tests can break it freely. */
import { speciesTemplate } from '../../src/species/species-template.js';
import type { SpeciesFile } from '../../src/species/species-schema.js';

export function validSpecies(id = 'testy'): SpeciesFile {
  return structuredClone(speciesTemplate(id));
}
