/**
 * The zod schema of `$XDG_CONFIG_HOME/buddy-tui/config.json`, composed of the sections their
 * rooms own (the plugins' keys in src/plugins/plugin-config.ts, notify, delegate, statusline,
 * hosts, species, reactions in voice/, tui); only the file's own keys ($schema, schemaVersion,
 * retentionHours) are defined here.
 * config/config.schema.json is generated from this file (`node --import tsx scripts/config-schema.ts`).
 */
import { z } from 'zod';
import { delegateConfigSchema } from '../delegate/delegate-config.js';
import { statuslineConfigSchema } from '../statusline/statusline-config.js';
import { CURRENT_CONFIG_VERSION } from './config-migrations.js';
import { pluginConfigSections } from '../plugins/plugin-config.js';
import { notifySectionSchema } from '../notify/notify-config.js';
import { userHostsSchema } from '../hosts/user-hosts-schema.js';
import { speciesConfigSchema } from '../species/species-config.js';
import { reactionsConfigSchema } from '../voice/reactions-config.js';
import { tuiConfigSchema } from '../tui/tui-config.js';

// Every section but the file's own keys is owned by its room; embedded so one schema describes the whole file.
export const delegateSectionSchema = delegateConfigSchema;
export const statuslineSectionSchema = statuslineConfigSchema;
export const tuiSectionSchema = tuiConfigSchema;

export const reactionsSectionSchema = reactionsConfigSchema;

export const speciesSectionSchema = speciesConfigSchema;

/** Each top-level key validated on its own, so one bad section never loses the others. */
export const configSections = {
  $schema: z.string().describe('Path or URL of config.schema.json, for editor completion.'),
  schemaVersion: z
    .literal(CURRENT_CONFIG_VERSION)
    .describe(
      `The config format version (${CURRENT_CONFIG_VERSION}). Without it the file is version 1; an older version is migrated in memory (the file stays as it is), a newer one is refused whole.`,
    ),
  ...pluginConfigSections,
  delegate: delegateSectionSchema,
  statusline: statuslineSectionSchema,
  tui: tuiSectionSchema,
  reactions: reactionsSectionSchema.describe('What the buddy says on its own (see docs/tui.md#chattiness).'),
  species: speciesSectionSchema.describe('Which species to use, and an extra folder of species files.'),
  notify: notifySectionSchema.describe(
    'Notifications: when a session waits for you, a long turn ends, failures pile up (see docs/notifications.md).',
  ),
  hosts: userHostsSchema,
  retentionHours: z
    .number()
    .positive()
    .max(24 * 365)
    .describe('Ended sessions are removed after this many hours (default 24).'),
} as const;

export const configSchema = z.strictObject(
  Object.fromEntries(Object.entries(configSections).map(([key, schema]) => [key, z.optional(schema)])) as {
    [K in keyof typeof configSections]: z.ZodOptional<(typeof configSections)[K]>;
  },
);
export type BuddyConfig = z.infer<typeof configSchema>;
