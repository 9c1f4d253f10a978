/**
 * Gathers hook rules from every source, in order: config `hooks`, `hooksFile`, `plugins`
 * folders (buddy-plugin.json), then (opt-in) Claude Code settings files. Later ones are
 * appended. Problems are reported with file and JSON path; nothing here throws.
 */
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { expandPath } from '../config/paths.js';
import { readJsonFile } from '../config/config-lite.js';
import { parseHooks } from './hooks-parse.js';
import { sourceIndex } from './source-index.js';
import { issuesToErrors, joinJsonPath, type ConfigError } from '../text/json-path-errors.js';
import {
  DEFAULT_CLAUDE_SETTINGS_PATHS,
  pluginManifestSchema,
  type PluginConfig,
  type HookRule,
  type HooksConfig,
  type PluginLimits,
} from './plugin-config.js';
import type { HookEventName } from '../protocol/hook-event.js';
import { BUDDY_TAG } from '../protocol/buddy-tag.js';

export const MANIFEST_FILE = 'buddy-plugin.json';

export type RuleSourceKind = 'config' | 'hooksFile' | 'plugin' | 'claude-settings';

export interface RuleOrigin {
  kind: RuleSourceKind;
  file: string;
  /** JSON path of the rule inside `file`. */
  path: string;
  /** The manifest's name for plugin folders. */
  plugin?: string;
  /** BUDDY_PLUGIN_ROOT: the plugin folder, or the folder of the file that declared the rule. */
  root: string;
  /** Extra environment variables the manifest lets through. */
  env: readonly string[];
  limits?: PluginLimits;
}

export interface SourcedRule {
  event: HookEventName;
  rule: HookRule;
  origin: RuleOrigin;
}

export interface CollectOptions {
  /** The config file the config came from (relative paths resolve from its folder). */
  configFile: string;
  env?: NodeJS.ProcessEnv;
  /** Project folder for relative `claudeSettingsPaths` (default: the current directory). */
  projectDir?: string;
}

function resolveFrom(base: string, path: string, env: NodeJS.ProcessEnv): string {
  const expanded = expandPath(path, env);
  return isAbsolute(expanded) ? expanded : resolve(base, expanded);
}

function flatten(hooks: HooksConfig, base: Omit<RuleOrigin, 'path'>, prefix: string): SourcedRule[] {
  const out: SourcedRule[] = [];
  for (const [event, rules] of Object.entries(hooks)) {
    rules?.forEach((rule, index) => {
      out.push({
        event: event as HookEventName,
        rule,
        origin: { ...base, path: joinJsonPath(prefix, [event, sourceIndex(rule, index)]) },
      });
    });
  }
  return out;
}

/** A hook group `buddy-tui install` wrote (tagged), or one tagged `buddyTui` by hand. */
export function isBuddyTuiRule(rule: Record<string, unknown>): boolean {
  return rule._tag === BUDDY_TAG || 'buddyTui' in rule;
}

/** buddy-tui's own entries in Claude Code settings (they would only journal the event again). */
export function isBuddyTuiEntry(handler: Record<string, unknown>): boolean {
  if ('buddyTui' in handler) return true;
  // The exec form keeps the script in `args`: judge the whole command line.
  const args = Array.isArray(handler.args) ? handler.args.filter((arg): arg is string => typeof arg === 'string') : [];
  const command = [typeof handler.command === 'string' ? handler.command : '', ...args].join(' ');
  return /\bbuddy-tui(?:\.js)?["']?\s+hook\b/.test(command) || /dist\/hook\.js\b/.test(command);
}

export function collectRules(
  config: PluginConfig,
  options: CollectOptions,
): { rules: SourcedRule[]; errors: ConfigError[] } {
  const env = options.env ?? process.env;
  const configDir = dirname(options.configFile);
  const errors: ConfigError[] = [];
  const rules: SourcedRule[] = [];

  if (config.hooks) {
    rules.push(
      ...flatten(config.hooks, { kind: 'config', file: options.configFile, root: configDir, env: [] }, 'hooks'),
    );
  }

  if (config.hooksFile) {
    const file = resolveFrom(configDir, config.hooksFile, env);
    const read = readJsonFile(file, errors);
    if (read.ok && !read.exists) errors.push({ file, path: '', message: 'hooksFile does not exist' });
    if (read.ok && read.exists) rules.push(...loadHooksFile(read.value, file, errors));
  }

  config.plugins?.forEach((dir) => {
    rules.push(...loadPluginDir(resolveFrom(configDir, dir, env), errors));
  });

  if (config.discoverClaudeSettings) {
    const projectDir = options.projectDir ?? process.cwd();
    const seen = new Set<string>();
    for (const path of config.claudeSettingsPaths ?? DEFAULT_CLAUDE_SETTINGS_PATHS) {
      const file = resolveFrom(projectDir, path, env);
      if (seen.has(file)) continue;
      seen.add(file);
      const read = readJsonFile(file, errors);
      if (!read.ok || !read.exists) continue;
      const value = read.value as { hooks?: unknown } | null;
      if (typeof value !== 'object' || value === null || value.hooks === undefined) continue;
      const hooks = parseHooks(value.hooks, file, 'hooks', errors, {
        claudeSettings: true,
        skipRule: isBuddyTuiRule,
        skipHandler: isBuddyTuiEntry,
      });
      rules.push(...flatten(hooks, { kind: 'claude-settings', file, root: projectDir, env: [] }, 'hooks'));
    }
  }
  return { rules, errors };
}

function loadHooksFile(value: unknown, file: string, errors: ConfigError[]): SourcedRule[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push({ file, path: '', message: 'expected a JSON object with "hooks"' });
    return [];
  }
  const raw = value as { hooks?: unknown };
  for (const key of Object.keys(raw)) {
    if (key !== 'hooks' && key !== '$schema') errors.push({ file, path: key, message: 'unknown key' });
  }
  if (raw.hooks === undefined) {
    errors.push({ file, path: 'hooks', message: 'missing "hooks"' });
    return [];
  }
  const hooks = parseHooks(raw.hooks, file, 'hooks', errors);
  return flatten(hooks, { kind: 'hooksFile', file, root: dirname(file), env: [] }, 'hooks');
}

/** Reads one plugin folder's buddy-plugin.json. */
export function loadPluginDir(dir: string, errors: ConfigError[]): SourcedRule[] {
  const file = join(dir, MANIFEST_FILE);
  const read = readJsonFile(file, errors);
  if (read.ok && !read.exists) errors.push({ file, path: '', message: `no ${MANIFEST_FILE} in plugin folder` });
  if (!read.ok || !read.exists) return [];
  const value = read.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push({ file, path: '', message: 'expected a JSON object' });
    return [];
  }
  // Everything but `hooks` must be valid; `hooks` is parsed rule by rule.
  const { hooks: rawHooks, ...rest } = value as Record<string, unknown>;
  const manifest = pluginManifestSchema.omit({ hooks: true }).safeParse(rest);
  if (!manifest.success) {
    errors.push(...issuesToErrors(file, '', manifest.error));
    return [];
  }
  if (rawHooks === undefined) errors.push({ file, path: 'hooks', message: 'missing "hooks"' });
  const hooks = parseHooks(rawHooks, file, 'hooks', errors);
  return flatten(
    hooks,
    {
      kind: 'plugin',
      file,
      plugin: manifest.data.name,
      root: dir,
      env: manifest.data.env ?? [],
      limits: manifest.data.limits,
    },
    'hooks',
  );
}
