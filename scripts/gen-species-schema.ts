/**
 * Writes species/species.schema.json from the zod schema, so editors autocomplete species
 * files. Run: `npx tsx scripts/gen-species-schema.ts` (a test checks the committed file is current).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { speciesSchemaJson } from '../src/species/species-json-schema.js';

const target = join(fileURLToPath(new URL('..', import.meta.url)), 'species', 'species.schema.json');
writeFileSync(target, speciesSchemaJson());
process.stdout.write(`wrote ${target}\n`);
