/**
 * The config format versions: every older fixture in test/config/migrations/ migrates to the
 * current one and loads without errors, the chain has no gaps, a newer or broken version is
 * refused whole (the last good config stays), and the user's file is never rewritten.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConfigLoader, loadConfig, parseConfigValue } from '../../src/config/config-file.js';
import {
  CONFIG_MIGRATIONS,
  CONFIG_VERSION_KEY,
  CURRENT_CONFIG_VERSION,
  migrateConfig,
  type ConfigMigration,
  type ConfigObject,
} from '../../src/config/config-migrations.js';
import { configChecks } from '../../src/doctor/doctor-local.js';
import { makeTempDir } from '../support/temp-dir.js';

const FIXTURES = join(import.meta.dirname, 'migrations');
const fixtureFile = (version: number) => join(FIXTURES, `config-v${version}.json`);
const fixture = (version: number) => JSON.parse(readFileSync(fixtureFile(version), 'utf8')) as ConfigObject;
const versions = Array.from({ length: CURRENT_CONFIG_VERSION }, (_, i) => i + 1);

/** A made-up version 2 for the chain's own tests: claudeSettingsPaths alone no longer turns discovery on. */
const toV2: ConfigMigration = {
  from: 1,
  migrate(value) {
    if (value.claudeSettingsPaths === undefined || value.discoverClaudeSettings !== undefined)
      return { value, changes: [] };
    value.discoverClaudeSettings = true;
    return {
      value,
      changes: ['discoverClaudeSettings: true (version 2 no longer implies it from claudeSettingsPaths)'],
    };
  },
};
const toV3: ConfigMigration = {
  from: 2,
  migrate(value) {
    const { hooksFile, ...rest } = value;
    return hooksFile === undefined
      ? { value: rest, changes: [] }
      : {
          value: { ...rest, plugins: [...((rest.plugins as string[]) ?? []), hooksFile] },
          changes: ['hooksFile moved into plugins'],
        };
  },
};

function writeConfig(value: unknown): string {
  const file = join(makeTempDir(), 'config.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('config format migrations (this build)', () => {
  it('has a fixture for every version and one migration for every older version, in order', () => {
    const files = readdirSync(FIXTURES)
      .filter((name) => name.endsWith('.json'))
      .sort();
    expect(files).toEqual(versions.map((v) => `config-v${v}.json`).sort());
    expect(CONFIG_MIGRATIONS.map((m) => m.from)).toEqual(versions.slice(0, -1));
  });

  it.each(versions)('migrates the version %i fixture to the current fixture, which loads without errors', (version) => {
    const current = parseConfigValue(fixture(CURRENT_CONFIG_VERSION), fixtureFile(CURRENT_CONFIG_VERSION));
    expect(current.errors).toEqual([]);
    const file = fixtureFile(version);
    const loaded = parseConfigValue(fixture(version), file);
    expect(loaded.errors).toEqual([]);
    expect(loaded.config).toEqual(current.config);
    expect(loaded.migration === undefined).toBe(version === CURRENT_CONFIG_VERSION);
  });

  it('reads a file without a version as version 1, the same as an explicit 1', () => {
    const v1 = fixture(1);
    expect(v1[CONFIG_VERSION_KEY]).toBeUndefined();
    const explicit = migrateConfig({ ...v1, [CONFIG_VERSION_KEY]: 1 }, { migrations: [toV2], current: 2 });
    expect(migrateConfig(v1, { migrations: [toV2], current: 2 })).toEqual(explicit);
  });
});

describe('migrateConfig', () => {
  it('runs each step in order, stamps the version, lists the changes and leaves its argument alone', () => {
    const value = { claudeSettingsPaths: ['a.json'], hooksFile: '~/h.json', plugins: ['p'] };
    const before = structuredClone(value);
    const result = migrateConfig(value, { migrations: [toV3, toV2], current: 3 });
    expect(result).toEqual({
      ok: true,
      from: 1,
      to: 3,
      value: {
        claudeSettingsPaths: ['a.json'],
        discoverClaudeSettings: true,
        plugins: ['p', '~/h.json'],
        [CONFIG_VERSION_KEY]: 3,
      },
      changes: [
        'discoverClaudeSettings: true (version 2 no longer implies it from claudeSettingsPaths)',
        'hooksFile moved into plugins',
      ],
    });
    expect(value).toEqual(before);
    expect(
      migrateConfig({ [CONFIG_VERSION_KEY]: 2, hooksFile: 'h' }, { migrations: [toV2, toV3], current: 3 }),
    ).toMatchObject({ ok: true, from: 2, changes: ['hooksFile moved into plugins'] });
  });

  it('refuses a version newer than the build, a broken version, and a gap in the chain', () => {
    expect(migrateConfig({ [CONFIG_VERSION_KEY]: 4 }, { migrations: [toV2, toV3], current: 3 })).toEqual({
      ok: false,
      message: expect.stringMatching(/format version 4 is newer .*up to 3/),
    });
    for (const bad of [0, 1.5, '1', null]) {
      expect(migrateConfig({ [CONFIG_VERSION_KEY]: bad }), JSON.stringify(bad)).toEqual({
        ok: false,
        message: expect.stringMatching(/expected a format version from 1/),
      });
    }
    expect(migrateConfig({}, { migrations: [toV3], current: 3 })).toEqual({
      ok: false,
      message: expect.stringMatching(/no migration from format version 1/),
    });
  });
});

describe('loading an old or a too-new config', () => {
  it('migrates in memory, reports it, and never rewrites the file', () => {
    const file = writeConfig({ claudeSettingsPaths: ['a.json'] });
    const text = readFileSync(file, 'utf8');
    const result = loadConfig({ file, migrations: { migrations: [toV2], current: 2 } });
    expect(result.errors).toEqual([]);
    expect(result.config).toEqual({
      claudeSettingsPaths: ['a.json'],
      discoverClaudeSettings: true,
      [CONFIG_VERSION_KEY]: 2,
    });
    expect(result.migration).toEqual({
      from: 1,
      to: 2,
      changes: [expect.stringContaining('discoverClaudeSettings: true')],
    });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('reports a newer version at its JSON path and keeps the last good config', () => {
    const dir = makeTempDir();
    const file = join(dir, 'config.json');
    const loader = createConfigLoader({ file });
    writeFileSync(file, JSON.stringify({ retentionHours: 5 }));
    expect(loader.load().errors).toEqual([]);
    writeFileSync(file, JSON.stringify({ [CONFIG_VERSION_KEY]: CURRENT_CONFIG_VERSION + 1, retentionHours: 6 }));
    const newer = loader.load();
    expect(newer.fileOk).toBe(false);
    expect(newer.errors).toEqual([
      { file, path: CONFIG_VERSION_KEY, message: expect.stringMatching(/newer than this buddy-tui reads/) },
    ]);
    expect(newer.config).toEqual({ retentionHours: 5, [CONFIG_VERSION_KEY]: CURRENT_CONFIG_VERSION });
  });

  it('doctor says when the config is an older version and what migrating changes', () => {
    const home = makeTempDir();
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'cfg') };
    const file = join(home, 'cfg', 'buddy-tui', 'config.json');
    mkdirSync(join(home, 'cfg', 'buddy-tui'), { recursive: true });
    writeFileSync(file, JSON.stringify({ claudeSettingsPaths: ['a.json'] }));
    const { checks } = configChecks(env, undefined, { migrations: [toV2], current: 2 });
    expect(checks).toEqual([
      {
        status: 'warn',
        title: expect.stringContaining(`config ${file} is format version 1; buddy-tui reads it as version 2`),
        fix: `to update the file by hand: discoverClaudeSettings: true (version 2 no longer implies it from claudeSettingsPaths); set "${CONFIG_VERSION_KEY}": 2`,
      },
    ]);
    writeFileSync(
      file,
      JSON.stringify({ [CONFIG_VERSION_KEY]: CURRENT_CONFIG_VERSION, claudeSettingsPaths: ['a.json'] }),
    );
    expect(configChecks(env).checks).toEqual([{ status: 'ok', title: `config ${file} is valid` }]);
  });
});
