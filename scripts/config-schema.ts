// Writes config/*.schema.json from the zod schemas: node --import tsx scripts/config-schema.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedSchemaFiles } from '../src/config/config-json-schema.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const [path, content] of Object.entries(generatedSchemaFiles())) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
  process.stdout.write(`wrote ${path}\n`);
}
