/**
 * config/config.schema.json, generated from the zod schema so the two never drift
 * (`node --import tsx scripts/config-schema.ts`; a test checks the file is up to date).
 */
import { z } from 'zod';
import { configSchema } from './config-schema.js';
import { hooksFileSchema, pluginManifestSchema } from '../plugins/plugin-config.js';

function generate(schema: z.ZodType, title: string): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return { title, ...json };
}

/** The generated files, path relative to the repository root → content. */
export function generatedSchemaFiles(): Record<string, string> {
  const text = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    'config/config.schema.json': text(generate(configSchema, 'buddy-tui config.json')),
    'config/buddy-plugin.schema.json': text(
      generate(pluginManifestSchema, 'buddy-tui plugin manifest (buddy-plugin.json)'),
    ),
    'config/hooks-file.schema.json': text(generate(hooksFileSchema, 'buddy-tui hooksFile')),
  };
}
