/**
 * The species every view draws: config.json's `species.id` when set ("draw this species instead
 * of your buddy's own", docs/tui.md), else the pet's own. The pane's species service, the
 * statusline, the mod, `status` and the pet commands' cards all ask here, so a configured species
 * is the same buddy wherever the user looks. Zod-free: the statusline's hot path reads it.
 */
import { readConfigObject } from '../config/config-lite.js';
import type { ConfigObject } from '../config/config-migrations.js';
import { configFilePath } from '../config/paths.js';

/** `species.id` of a config object, when it is a usable id. */
export function configuredSpeciesId(config: ConfigObject | undefined): string | undefined {
  const species = config?.species;
  if (!species || typeof species !== 'object' || Array.isArray(species)) return undefined;
  const id = (species as Record<string, unknown>).id;
  return typeof id === 'string' && id.trim() !== '' ? id : undefined;
}

/** The species id to draw a pet of `ownId` with, by the user's config.json (read here unless given). */
export function drawnSpeciesId(
  ownId: string,
  env: NodeJS.ProcessEnv,
  config: ConfigObject | undefined = readConfigObject(configFilePath(env)),
): string {
  return configuredSpeciesId(config) ?? ownId;
}
