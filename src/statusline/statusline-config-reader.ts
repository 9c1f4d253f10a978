/**
 * Reads the `statusline` section of config.json on the hot path, without zod: the same rules
 * as `statuslineConfigSchema` (statusline-config.ts), key by key, and a key with a bad value is
 * ignored on its own. test/statusline/sanitize-and-options.test.ts checks both agree.
 */
import { readConfigObject } from '../config/config-lite.js';
import type { StatuslineConfig } from './statusline-config.js';

const int = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/** Each key's check: the value when valid, else undefined. */
export const STATUSLINE_KEY_READERS: {
  [Key in keyof Required<StatuslineConfig>]: (value: unknown) => StatuslineConfig[Key];
} = {
  lines: (value) => (value === 1 || value === 2 ? value : undefined),
  segment: bool,
  color: bool,
  chain: (value) => (typeof value === 'string' && value.length >= 1 ? value : undefined),
  chainTimeoutMs: (value) => int(value, 50, 10_000),
  reactionMaxAgeMs: (value) => int(value, 0, 3_600_000),
  width: (value) => int(value, 10, 1000),
  segmentWidth: (value) => int(value, 8, 200),
};

/** The usable keys of a `statusline` section; anything that is not an object gives {}. */
export function statuslineConfigOf(section: unknown): StatuslineConfig {
  if (!section || typeof section !== 'object' || Array.isArray(section)) return {};
  const config: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(STATUSLINE_KEY_READERS)) {
    const value = read((section as Record<string, unknown>)[key]);
    if (value !== undefined) config[key] = value;
  }
  return config as StatuslineConfig;
}

/**
 * Reads the `statusline` section of a config file; a missing or broken file, or one of a format
 * version this build cannot read, gives {}.
 */
export function readStatuslineConfig(configPath: string): StatuslineConfig {
  return statuslineConfigOf(readConfigObject(configPath)?.statusline);
}
