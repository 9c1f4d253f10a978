/** The JSON Schema text of a species file, generated from the zod schema. */
import * as z from 'zod';
import { speciesSchema } from './species-schema.js';

export const SPECIES_SCHEMA_ID = 'https://github.com/buddy-tui/buddy-tui/species/species.schema.json';

export function speciesSchemaJson(): string {
  const schema = z.toJSONSchema(speciesSchema, { io: 'input', target: 'draft-2020-12' });
  const withTitle = {
    $schema: schema.$schema,
    $id: SPECIES_SCHEMA_ID,
    title: 'buddy-tui species',
    description: 'A buddy-tui species: art, faces, colours and quips. See docs/species.md.',
    ...schema,
  };
  return `${JSON.stringify(withTitle, null, 2)}\n`;
}
