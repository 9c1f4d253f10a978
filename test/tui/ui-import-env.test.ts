/**
 * What the UI modules see in process.env while they load, decided from the env startTui was
 * given, and process.env as it was afterwards.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { uiImportEnv, withUiImportEnv } from '../../src/tui/ui-import-env.js';

describe('uiImportEnv', () => {
  it.each([
    ['nothing set', {}, {}, { NODE_ENV: 'production' }],
    ['NODE_ENV kept', {}, { NODE_ENV: 'test' }, {}],
    ['NO_COLOR in the given env', { NO_COLOR: '1' }, { NODE_ENV: 'test' }, { FORCE_COLOR: '0' }],
    ['an empty NO_COLOR allows colour', { NO_COLOR: '' }, { NODE_ENV: 'test' }, {}],
    ['FORCE_COLOR already chosen', { NO_COLOR: '1' }, { NODE_ENV: 'test', FORCE_COLOR: '2' }, {}],
    ['CI=false removed for chalk', {}, { NODE_ENV: 'test', CI: 'false' }, { CI: undefined }],
    ['CI=0 removed for chalk', {}, { NODE_ENV: 'test', CI: '0' }, { CI: undefined }],
    ['a real CI kept', {}, { NODE_ENV: 'test', CI: 'true' }, {}],
  ])('%s', (_what, env, processEnv, expected) => {
    expect(uiImportEnv(env, processEnv)).toEqual(expected);
  });
});

describe('withUiImportEnv', () => {
  const saved = { CI: process.env.CI, FORCE_COLOR: process.env.FORCE_COLOR };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('applies the changes only while loading, and puts process.env back even when loading fails', async () => {
    process.env.CI = 'false';
    delete process.env.FORCE_COLOR;
    const before = { ...process.env };
    const seen = await withUiImportEnv({ NO_COLOR: '1' }, async () => ({
      CI: process.env.CI,
      FORCE_COLOR: process.env.FORCE_COLOR,
    }));
    expect(seen).toEqual({ CI: undefined, FORCE_COLOR: '0' });
    expect({ ...process.env }).toEqual(before);

    await expect(withUiImportEnv({ NO_COLOR: '1' }, async () => Promise.reject(new Error('no ink')))).rejects.toThrow(
      'no ink',
    );
    expect({ ...process.env }).toEqual(before);
  });
});
