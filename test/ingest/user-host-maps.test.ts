/**
 * The user's host maps as a long-running reader (the pane's drain) sees config.json change: a
 * file saved half-edited keeps the last good maps, an entry wrong as a whole keeps its own, a host
 * taken out goes. Read by hand (no zod), again only when the file changed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeFedEvent, userHostMaps } from '../../src/ingest/user-host-maps.js';
import { makeTempDir } from '../support/temp-dir.js';

function configWorld() {
  const home = makeTempDir();
  mkdirSync(join(home, 'buddy-tui'));
  const file = join(home, 'buddy-tui', 'config.json');
  const env = { XDG_CONFIG_HOME: home };
  // A new size each write, so the file's signature changes even within one mtime tick.
  let pad = '';
  const write = (value: unknown) => {
    pad += ' ';
    writeFileSync(file, (typeof value === 'string' ? value : JSON.stringify(value)) + pad);
  };
  return { env, write };
}

const acme = {
  label: 'Acme',
  events: { beforeTool: 'PreToolUse' },
  fields: { sid: 'session_id', kind: 'hook_event_name' },
};

describe('userHostMaps', () => {
  it('keeps the last good maps while config.json is broken, and lets a removed host go', () => {
    const { env, write } = configWorld();
    write({ hosts: { acme, kimi: { label: 'Kimi' } } });
    expect([...userHostMaps(env).keys()]).toEqual(['acme', 'kimi']);
    write('{"hosts": {"acme": ');
    expect(userHostMaps(env).get('acme')?.label).toBe('Acme');
    write({ hosts: { acme: 'not an object' } });
    expect([...userHostMaps(env).keys()]).toEqual(['acme']);
    expect(userHostMaps(env).get('acme')?.events).toEqual({ beforeTool: 'PreToolUse' });
    write({ hosts: { acme: { ...acme, label: 'Acme 2' } } });
    expect(userHostMaps(env).get('acme')?.label).toBe('Acme 2');
    write({});
    expect([...userHostMaps(env).keys()]).toEqual([]);
  });

  it('maps an event of the host through the map of the moment; a built-in host is never mapped', () => {
    const { env, write } = configWorld();
    write({ hosts: { acme } });
    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = env.XDG_CONFIG_HOME;
    try {
      const payload = { sid: 's1', kind: 'beforeTool', tool_name: 'Bash' };
      expect(normalizeFedEvent('acme', payload)).toEqual({
        session_id: 's1',
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        host: 'acme',
      });
      expect(normalizeFedEvent('claude', payload)).toBeUndefined();
      expect(normalizeFedEvent('other', payload)).toBeUndefined();
    } finally {
      process.env.XDG_CONFIG_HOME = saved;
    }
  });
});
