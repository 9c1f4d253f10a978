/**
 * The zod-free config read of the hot paths (retention in the hook, the statusline's section):
 * the same format-version rule as the full loader, so a file of a newer version is ignored as a
 * whole there too, and a missing or broken file gives nothing rather than an error.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigObject } from '../../src/config/config-lite.js';
import { CONFIG_VERSION_KEY, CURRENT_CONFIG_VERSION } from '../../src/config/config-migrations.js';
import { retentionMsFromSettings } from '../../src/config/retention-setting.js';
import { readStatuslineConfig } from '../../src/statusline/statusline-config-reader.js';
import { makeTempDir } from '../support/temp-dir.js';

/** A config home holding `text` as buddy-tui/config.json. */
function configHome(text: string): { env: NodeJS.ProcessEnv; file: string } {
  const home = makeTempDir();
  mkdirSync(join(home, 'buddy-tui'));
  const file = join(home, 'buddy-tui', 'config.json');
  writeFileSync(file, text);
  return { env: { HOME: home, XDG_CONFIG_HOME: home }, file };
}

const settings = { retentionHours: 2, statusline: { lines: 1, width: 'wide' } };

describe('readConfigObject', () => {
  it('gives the object of a current or unversioned file', () => {
    expect(readConfigObject(configHome(JSON.stringify(settings)).file)).toEqual({
      ...settings,
      [CONFIG_VERSION_KEY]: CURRENT_CONFIG_VERSION,
    });
    const current = { [CONFIG_VERSION_KEY]: CURRENT_CONFIG_VERSION, ...settings };
    expect(readConfigObject(configHome(JSON.stringify(current)).file)).toEqual(current);
  });

  it('gives nothing for a missing, broken or non-object file, or a version it cannot read', () => {
    expect(readConfigObject(join(makeTempDir(), 'config.json'))).toBeUndefined();
    for (const text of ['{"retentionHours": 2', '[1, 2]', 'null', '"text"'])
      expect(readConfigObject(configHome(text).file)).toBeUndefined();
    for (const version of [CURRENT_CONFIG_VERSION + 1, 0, 'one']) {
      expect(
        readConfigObject(configHome(JSON.stringify({ [CONFIG_VERSION_KEY]: version, ...settings })).file),
      ).toBeUndefined();
    }
  });
});

describe('the hot-path readers honour the format version', () => {
  it('retention and the statusline section come from a readable file', () => {
    const { env, file } = configHome(JSON.stringify(settings));
    expect(retentionMsFromSettings({ ...env, BUDDY_TUI_RETENTION_HOURS: '' })).toBe(2 * 3600_000);
    expect(readStatuslineConfig(file)).toEqual({ lines: 1 });
  });

  it('a file of a newer version is ignored whole: default retention, no statusline settings', () => {
    const { env, file } = configHome(JSON.stringify({ [CONFIG_VERSION_KEY]: CURRENT_CONFIG_VERSION + 1, ...settings }));
    expect(retentionMsFromSettings({ ...env, BUDDY_TUI_RETENTION_HOURS: '' })).toBeUndefined();
    expect(readStatuslineConfig(file)).toEqual({});
  });
});
