import { describe, expect, it } from 'vitest';
import { CONFIG_VERSION_KEY, CURRENT_CONFIG_VERSION } from '../../src/config/config-migrations.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfigLoader, loadConfig, parseConfigValue } from '../../src/config/config-file.js';
import { formatJsonPath } from '../../src/text/json-path-errors.js';
import { generatedSchemaFiles } from '../../src/config/config-json-schema.js';
import { makeTempDir } from '../support/temp-dir.js';

const handler = (command = 'echo hi') => ({ type: 'command', command });

function writeConfig(value: unknown): string {
  const file = join(makeTempDir(), 'config.json');
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('loadConfig', () => {
  it('loads a complete valid config without errors', () => {
    const value = {
      $schema: './config.schema.json',
      schemaVersion: CURRENT_CONFIG_VERSION,
      hooks: {
        PostToolUse: [
          { matcher: 'Bash', if: 'Bash(git *)', hooks: [{ type: 'command', command: 'echo hi', timeout: 5 }] },
        ],
        Stop: [
          {
            hooks: [
              { type: 'http', url: 'http://127.0.0.1:1/x', headers: { A: '${TOKEN}' }, allowedEnvVars: ['TOKEN'] },
            ],
          },
        ],
      },
      hooksFile: '~/buddy-hooks.json',
      plugins: ['${HOME}/plugins/gitbot'],
      discoverClaudeSettings: true,
      claudeSettingsPaths: ['.claude/settings.json'],
      limits: { maxConcurrent: 2, timeoutSeconds: 5, cooldownMs: 0, maxOutputBytes: 4096 },
      delegate: { adapter: 'offline', maxInFlight: 1 },
      statusline: { lines: 1 },
      tui: { anything: true },
      species: { id: 'cat', dir: '~/species' },
      retentionHours: 48,
    };
    const { config, errors, fileOk } = loadConfig({ file: writeConfig(value) });
    expect(errors).toEqual([]);
    expect(fileOk).toBe(true);
    expect(config).toEqual(value);
  });

  it('treats a missing file as an empty config', () => {
    expect(loadConfig({ file: join(makeTempDir(), 'nope.json') })).toEqual({ config: {}, errors: [], fileOk: true });
  });

  it('reports a bad handler with its JSON path and keeps the other handlers and rules', () => {
    const file = writeConfig({
      hooks: {
        PostToolUse: [
          {
            matcher: 'Bash',
            hooks: [handler('one'), { type: 'command', command: 'two', timeout: 'soon' }, handler('three')],
          },
          { hooks: [handler('four')] },
        ],
      },
    });
    const { config, errors } = loadConfig({ file });
    expect(errors).toEqual([
      { file, path: 'hooks.PostToolUse[0].hooks[1].timeout', message: expect.stringMatching(/number/) },
    ]);
    expect(config.hooks?.PostToolUse?.[0]?.hooks.map((h) => (h as { command: string }).command)).toEqual([
      'one',
      'three',
    ]);
    expect(config.hooks?.PostToolUse?.[1]?.hooks).toHaveLength(1);
  });

  it.each([
    [
      { hooks: { PostToolUse: [{ hooks: [{ type: 'prompt', prompt: 'x' }] }] } },
      'hooks.PostToolUse[0].hooks[0].type',
      /not supported/,
    ],
    [{ hooks: { PostToolUse: [{ hooks: [{ type: 'command' }] }] } }, 'hooks.PostToolUse[0].hooks[0].command', /string/],
    [
      { hooks: { PostToolUse: [{ hooks: [{ ...handler(), colour: 'red' }] }] } },
      'hooks.PostToolUse[0].hooks[0].colour',
      /unknown key/,
    ],
    [{ hooks: { PostToolUse: [{ matcher: 3, hooks: [handler()] }] } }, 'hooks.PostToolUse[0].matcher', /string/],
    [{ hooks: { PostToolUse: [{ hooks: 'echo' }] } }, 'hooks.PostToolUse[0].hooks', /array/],
    [{ hooks: { PostToolUse: {} } }, 'hooks.PostToolUse', /array/],
    [{ hooks: { PostToolUze: [] } }, 'hooks.PostToolUze', /unknown hook event/],
    [{ hooks: [] }, 'hooks', /object/],
    [{ limits: { maxConcurrent: 0 } }, 'limits.maxConcurrent', /Too small/],
    [{ limits: { parallel: 3 } }, 'limits.parallel', /unknown key/],
    [{ delegate: { maxInFlight: 99 } }, 'delegate.maxInFlight', /Too big/],
    [{ statusline: { lines: 3 } }, 'statusline.lines', /./],
    [{ species: { id: '' } }, 'species.id', /Too small/],
    [{ plugins: ['ok', 7] }, 'plugins[1]', /string/],
    [{ schemaVersion: CURRENT_CONFIG_VERSION + 1 }, 'schemaVersion', /newer/],
    [{ colour: 'red' }, 'colour', /unknown key/],
  ])('reports %j at %s', (value, path, message) => {
    const file = writeConfig(value);
    const { errors } = loadConfig({ file });
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toEqual({ file, path, message: expect.stringMatching(message) });
  });

  it('reports broken JSON against the whole file, and a non-object', () => {
    const file = writeConfig('{"hooks": ');
    expect(loadConfig({ file })).toMatchObject({
      config: {},
      fileOk: false,
      errors: [{ file, path: '', message: expect.stringMatching(/not valid JSON/) }],
    });
    expect(parseConfigValue([1], 'x.json').errors).toEqual([
      { file: 'x.json', path: '', message: 'expected a JSON object' },
    ]);
  });

  it('names the line and column of a typo, not the character offset', () => {
    const file = writeConfig('{\n  "schemaVersion": 1,\n  "plugins": ["a"]\n  "hooks": {}\n}\n');
    const { errors } = loadConfig({ file });
    expect(errors[0]!.message).toMatch(/^not valid JSON at line 4, column 3: /);
    expect(errors[0]!.message).not.toMatch(/position/);
    expect(loadConfig({ file: writeConfig('{\n  "hooks": ') }).errors[0]!.message).toMatch(/line 2, column 12/);
  });

  it('keeps the last good config on a broken reload, section by section', () => {
    const dir = makeTempDir();
    const file = join(dir, 'config.json');
    const loader = createConfigLoader({ file });
    writeFileSync(file, JSON.stringify({ limits: { maxConcurrent: 2 }, retentionHours: 5 }));
    expect(loader.load().errors).toEqual([]);

    writeFileSync(file, '{"limits": {"maxConcurrent": 3}, "retention'); // saved half-edited
    const broken = loader.load();
    expect(broken.fileOk).toBe(false);
    // An unversioned file is read in the current format (migrated in memory).
    expect(broken.config).toEqual({
      limits: { maxConcurrent: 2 },
      retentionHours: 5,
      [CONFIG_VERSION_KEY]: CURRENT_CONFIG_VERSION,
    });

    writeFileSync(file, JSON.stringify({ limits: { maxConcurrent: 'many' }, retentionHours: 6 }));
    const partly = loader.load();
    expect(partly.errors.map((e) => e.path)).toEqual(['limits.maxConcurrent']);
    expect(partly.config).toEqual({
      limits: { maxConcurrent: 2 },
      retentionHours: 6,
      [CONFIG_VERSION_KEY]: CURRENT_CONFIG_VERSION,
    });
    expect(loader.current()).toEqual(partly.config);
  });
});

describe('formatJsonPath', () => {
  it.each([
    [['hooks', 'PostToolUse', 0, 'hooks', 1, 'timeout'], 'hooks.PostToolUse[0].hooks[1].timeout'],
    [[0, 'a'], '[0].a'],
    [['headers', 'X-Token'], 'headers["X-Token"]'],
    [[], ''],
  ])('%j → %s', (segments, expected) => {
    expect(formatJsonPath(segments)).toBe(expected);
  });
});

describe('config/*.schema.json', () => {
  it('is up to date with the zod schema (regenerate: node --import tsx scripts/config-schema.ts)', () => {
    for (const [path, content] of Object.entries(generatedSchemaFiles())) {
      expect(readFileSync(join(import.meta.dirname, '../..', path), 'utf8'), path).toBe(content);
    }
  });

  it('describes the documented top-level keys and handler shapes', () => {
    const schema = JSON.parse(generatedSchemaFiles()['config/config.schema.json']!) as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties).sort()).toEqual([
      '$schema',
      'claudeSettingsPaths',
      'delegate',
      'discoverClaudeSettings',
      'hooks',
      'hooksFile',
      'hosts',
      'limits',
      'notify',
      'plugins',
      'reactions',
      'retentionHours',
      'schemaVersion',
      'species',
      'statusline',
      'tui',
    ]);
    expect(schema.additionalProperties).toBe(false);
    expect(JSON.stringify(schema.properties.hooks)).toContain('"command"');
  });
});
