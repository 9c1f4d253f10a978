/**
 * Config file → compiled plugin handlers, with every problem on the way collected as a
 * ConfigError. What the TUI and `buddy-tui plugins` call. Here in config/, which composes the
 * rooms' sections, so that plugins/ is handed its keys and never loads config.json itself.
 */
import { configFilePath } from './paths.js';
import { loadConfig, type BuddyConfig, type ConfigError, type ConfigLoad } from './config-file.js';
import type { MigrateOptions } from './config-migrations.js';
import { collectRules } from '../plugins/rule-sources.js';
import { compileRules, type CompiledHandler } from '../plugins/matching.js';

export interface PluginSetup {
  config: BuddyConfig;
  configFile: string;
  handlers: CompiledHandler[];
  errors: ConfigError[];
  /** False when the config file itself was unreadable (the previous config was used). */
  fileOk: boolean;
  /** Set when the file is an older format version, migrated in memory. */
  migration?: ConfigLoad['migration'];
}

export interface LoadPluginsOptions {
  configFile?: string;
  env?: NodeJS.ProcessEnv;
  projectDir?: string;
  /** The last good config, kept when the file is broken. */
  previous?: BuddyConfig;
  /** Tests: a migration chain other than the built-in one. */
  migrations?: MigrateOptions;
}

export function loadPlugins(options: LoadPluginsOptions = {}): PluginSetup {
  const env = options.env ?? process.env;
  const configFile = options.configFile ?? configFilePath(env);
  const loaded = loadConfig({ file: configFile, env, previous: options.previous, migrations: options.migrations });
  const collected = collectRules(loaded.config, { configFile, env, projectDir: options.projectDir });
  const compiled = compileRules(collected.rules);
  return {
    config: loaded.config,
    configFile,
    handlers: compiled.handlers,
    errors: [...loaded.errors, ...collected.errors, ...compiled.errors],
    fileOk: loaded.fileOk,
    migration: loaded.migration,
  };
}
