/**
 * config.json read without zod, for the hot paths: the hook reads `retentionHours`, the
 * statusline its `statusline` section. The full loader (config-file.ts) starts from the same
 * read and the same format-version rule: an older version is migrated in memory, and a newer or
 * invalid one is ignored as a whole (its keys may mean something else). Each caller then checks
 * its own keys by hand. test/hook/hot-path-bundles.test.ts keeps zod out of these bundles.
 */
import { readFailure, readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { describeJsonError } from '../text/json-place.js';
import type { ConfigError } from '../text/json-path-errors.js';
import { migrateConfig, type ConfigObject } from './config-migrations.js';

/** Reads and parses a JSON file; `undefined` value with no error when it does not exist. */
export function readJsonFile(file: string, errors: ConfigError[]): { exists: boolean; value?: unknown; ok: boolean } {
  let text: string;
  try {
    // A config file may be a link into a dotfiles repo: followed, and its target still checked.
    text = readSmallFile(file, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { exists: false, ok: true };
    errors.push({ file, path: '', message: `cannot read: ${readFailure(error)}` });
    return { exists: true, ok: false };
  }
  try {
    return { exists: true, value: JSON.parse(text), ok: true };
  } catch (error) {
    errors.push({ file, path: '', message: `not valid JSON at ${describeJsonError(text, error)}` });
    return { exists: true, ok: false };
  }
}

/**
 * The config file as an object in the current format version, unchecked beyond that; undefined
 * when it is missing, unreadable, not a JSON object, or of a version this build cannot read
 * (doctor and the full loader report why).
 */
export function readConfigObject(file: string): ConfigObject | undefined {
  const read = readJsonFile(file, []);
  const value = read.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const migrated = migrateConfig(value as ConfigObject);
  return migrated.ok ? migrated.value : undefined;
}
