import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBuddyStore } from '../../src/tui/store/index.js';
import {
  effectiveChattiness,
  panePrefsPath,
  readChattinessPref,
  startPanePrefs,
  writeChattinessPref,
} from '../../src/tui/chattiness-prefs.js';
import type { Chattiness } from '../../src/plugins/chattiness.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('chattiness: the saved pick and config.json', () => {
  it('the newest choice wins: the pick while config.json still says what it overrode, else the config', () => {
    expect(effectiveChattiness(undefined, undefined)).toBe('normal');
    expect(effectiveChattiness('quiet', undefined)).toBe('quiet');
    expect(effectiveChattiness(undefined, { chattiness: 'chatty', overrides: null })).toBe('chatty');
    expect(effectiveChattiness('quiet', { chattiness: 'chatty', overrides: 'quiet' })).toBe('chatty');
    // config.json edited since the pick: the config wins.
    expect(effectiveChattiness('normal', { chattiness: 'chatty', overrides: 'quiet' })).toBe('normal');
    expect(effectiveChattiness(undefined, { chattiness: 'chatty', overrides: 'quiet' })).toBe('normal');
  });

  it('lives in the XDG state dir; a broken or foreign file reads as no pick', () => {
    const dir = makeTempDir();
    expect(panePrefsPath({ XDG_STATE_HOME: dir })).toBe(join(dir, 'buddy-tui', 'pane-prefs.json'));
    const file = join(dir, 'prefs.json');
    expect(readChattinessPref(file)).toBeUndefined();
    for (const bad of ['{', '[]', 'null', '{"chattiness": "loud"}']) {
      writeFileSync(file, bad);
      expect(readChattinessPref(file)).toBeUndefined();
    }
    writeFileSync(file, '{"chattiness": "quiet", "overrides": 7}');
    expect(readChattinessPref(file)).toEqual({ chattiness: 'quiet', overrides: null });
  });

  it('the service: starts at the effective level, saves what the runner pane picks (0600), follows config.json changes', () => {
    const dir = makeTempDir();
    const file = join(dir, 'state', 'buddy-tui', 'pane-prefs.json');
    writeChattinessPref(file, { chattiness: 'chatty', overrides: 'quiet' });
    const store = createBuddyStore({ now: 0 });
    const applied: Chattiness[] = [];
    const service = startPanePrefs({
      store,
      prefsFile: file,
      configValue: 'quiet',
      apply: (level) => applied.push(level),
      onError: (e) => {
        throw e;
      },
      clock: () => 5,
    });
    expect(store.getState().chattiness).toBe('chatty');
    store.getState().cycleChattiness(10);
    expect(store.getState().chattiness).toBe('quiet');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ chattiness: 'quiet', overrides: 'quiet' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    service.configChanged('chatty');
    expect(store.getState().chattiness).toBe('chatty');
    expect(store.getState().notice?.text).toContain('chattiness: chatty');
    expect(applied).toEqual(['chatty', 'quiet', 'chatty']);
    service.close();
    store.getState().cycleChattiness(20);
    expect(applied).toHaveLength(3);
  });
});
