/**
 * Loads `$XDG_CONFIG_HOME/buddy-tui/config.json`. Never throws: every problem becomes a
 * ConfigError naming the file and JSON path, bad sections fall back to the last good version
 * (or the default), bad hook rules are dropped and the others kept.
 */
import { configFilePath } from './paths.js';
import { configSections, type BuddyConfig } from './config-schema.js';
import { issuesToErrors, type ConfigError } from '../text/json-path-errors.js';
import { parseHooks } from '../plugins/hooks-parse.js';
import { CONFIG_VERSION_KEY, migrateConfig, type MigrateOptions } from './config-migrations.js';
import { readJsonFile } from './config-lite.js';

export type { ConfigError } from '../text/json-path-errors.js';
export { formatConfigError } from '../text/json-path-errors.js';
export { readJsonFile } from './config-lite.js';
export type { BuddyConfig } from './config-schema.js';

export interface ConfigLoad {
  config: BuddyConfig;
  errors: ConfigError[];
  /** False when the file itself could not be read or parsed (the previous config was kept). */
  fileOk: boolean;
  /** Set when the file is an older format version, migrated in memory (the file is left as it is). */
  migration?: { from: number; to: number; changes: string[] };
}

/** Migrates an already-parsed config value to the current format, then validates it section by section. */
export function parseConfigValue(
  value: unknown,
  file: string,
  previous: BuddyConfig = {},
  migrations?: MigrateOptions,
): ConfigLoad {
  const errors: ConfigError[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push({ file, path: '', message: 'expected a JSON object' });
    return { config: previous, errors, fileOk: false };
  }
  const migrated = migrateConfig(value as Record<string, unknown>, migrations);
  if (!migrated.ok) {
    errors.push({ file, path: CONFIG_VERSION_KEY, message: migrated.message });
    return { config: previous, errors, fileOk: false };
  }
  const config: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(migrated.value)) {
    // An own key only: `toString` or `__proto__` in the file is an unknown key, not Object.prototype's.
    if (!Object.hasOwn(configSections, key)) {
      errors.push({ file, path: key, message: 'unknown key' });
      continue;
    }
    // migrateConfig has checked the version already (the schema's literal is for editors).
    if (key === CONFIG_VERSION_KEY) {
      config[key] = raw;
      continue;
    }
    if (key === 'hooks') {
      const sectionErrors: ConfigError[] = [];
      config.hooks = parseHooks(raw, file, 'hooks', sectionErrors);
      errors.push(...sectionErrors);
      continue;
    }
    const parsed = configSections[key as keyof typeof configSections].safeParse(raw);
    if (parsed.success) {
      config[key] = parsed.data;
    } else {
      errors.push(...issuesToErrors(file, key, parsed.error));
      const kept = previous[key as keyof BuddyConfig];
      if (kept !== undefined) config[key] = kept;
    }
  }
  const { from, to, changes } = migrated;
  return {
    config: config as BuddyConfig,
    errors,
    fileOk: true,
    ...(from < to ? { migration: { from, to, changes } } : {}),
  };
}

export interface LoadConfigOptions {
  file?: string;
  env?: NodeJS.ProcessEnv;
  /** The last good config, kept when the file is broken. */
  previous?: BuddyConfig;
  /** The migration chain (default: this build's); tests pass their own. */
  migrations?: MigrateOptions;
}

export function loadConfig(options: LoadConfigOptions = {}): ConfigLoad {
  const file = options.file ?? configFilePath(options.env);
  const errors: ConfigError[] = [];
  const read = readJsonFile(file, errors);
  if (!read.ok) return { config: options.previous ?? {}, errors, fileOk: false };
  if (!read.exists) return { config: {}, errors, fileOk: true };
  return parseConfigValue(read.value, file, options.previous, options.migrations);
}

/** Reloads keep the last good config when the file is broken (e.g. saved half-edited). */
export function createConfigLoader(options: Omit<LoadConfigOptions, 'previous'> = {}): {
  load(): ConfigLoad;
  current(): BuddyConfig;
} {
  let lastGood: BuddyConfig = {};
  return {
    load() {
      const result = loadConfig({ ...options, previous: lastGood });
      if (result.fileOk) lastGood = result.config;
      return result;
    },
    current: () => lastGood,
  };
}
