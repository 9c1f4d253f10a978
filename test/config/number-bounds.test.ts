/**
 * Every number config.json, hooks files, plugin manifests and species files accept has a lower
 * and an upper bound, and a value out of range is an error naming the file and JSON path while
 * the last good version keeps working.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VERSION_KEY, CURRENT_CONFIG_VERSION } from '../../src/config/config-migrations.js';
import { createConfigLoader } from '../../src/config/config-file.js';
import { REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

type JsonSchema = {
  type?: string;
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  [key: string]: unknown;
};

/** Every numeric schema in a JSON schema, with where it sits. */
function numbers(schema: unknown, at = ''): Array<[string, JsonSchema]> {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as JsonSchema;
  const own: Array<[string, JsonSchema]> =
    (node.type === 'number' || node.type === 'integer') && node.const === undefined ? [[at, node]] : [];
  return own.concat(Object.entries(node).flatMap(([key, child]) => numbers(child, `${at}/${key}`)));
}

// The largest delay setTimeout honours (a larger one fires at once): no setting needs more.
const LARGEST = 2 ** 31 - 1;

describe('number bounds', () => {
  it.each([
    'config/config.schema.json',
    'config/hooks-file.schema.json',
    'config/buddy-plugin.schema.json',
    'species/species.schema.json',
  ])('every number in %s has a lower bound and an upper bound no larger than 2^31-1', (file) => {
    const found = numbers(JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(found.length).toBeGreaterThan(0);
    for (const [at, schema] of found) {
      expect(schema.minimum ?? schema.exclusiveMinimum, `${file} ${at}`).toBeDefined();
      expect(schema.maximum, `${file} ${at}`).toBeLessThanOrEqual(LARGEST);
    }
  });

  it('an out-of-range config value is reported with file and path, and the last good section kept', () => {
    const file = join(makeTempDir(), 'config.json');
    const loader = createConfigLoader({ file });
    writeFileSync(
      file,
      JSON.stringify({ limits: { cooldownMs: 5000 }, delegate: { cacheTtlMs: 1000, policy: { refillMs: 100 } } }),
    );
    expect(loader.load().errors).toEqual([]);
    writeFileSync(
      file,
      '{"limits": {"cooldownMs": 1e308}, "delegate": {"cacheTtlMs": 1e999, "policy": {"refillMs": 100, "dailyBudget": 1e12}}}',
    );
    const { errors, config } = loader.load();
    expect(new Set(errors.map((error) => error.file))).toEqual(new Set([file]));
    expect([...new Set(errors.map((error) => error.path))]).toEqual([
      'limits.cooldownMs',
      'delegate.cacheTtlMs',
      'delegate.policy.dailyBudget',
    ]);
    expect(errors[0].message).toMatch(/Too big|number/);
    expect(config).toEqual({
      limits: { cooldownMs: 5000 },
      delegate: { cacheTtlMs: 1000, policy: { refillMs: 100 } },
      [CONFIG_VERSION_KEY]: CURRENT_CONFIG_VERSION,
    });
  });
});
