import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensurePrivateDir, ensureSessionDir, sessionDirName, stateRootPath } from '../../src/state/state-root.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('stateRootPath', () => {
  it('takes $BUDDY_TUI_STATE_DIR, else $XDG_RUNTIME_DIR/buddy-tui, else <tmpdir>/buddy-tui-<uid>', () => {
    expect(stateRootPath({ BUDDY_TUI_STATE_DIR: '/s', XDG_RUNTIME_DIR: '/run/user/1' })).toBe('/s');
    expect(stateRootPath({ XDG_RUNTIME_DIR: '/run/user/1' })).toBe('/run/user/1/buddy-tui');
    expect(stateRootPath({ BUDDY_TUI_STATE_DIR: '', XDG_RUNTIME_DIR: '' })).toBe(
      join(tmpdir(), `buddy-tui-${process.getuid?.()}`),
    );
  });
});

describe('private directories', () => {
  it('creates the root and session directories with mode 0700, and tightens one of ours that is too open', () => {
    const root = join(makeTempDir(), 'deep', 'root');
    const dir = ensureSessionDir(root, 'abc_DEF-123');
    expect(dir).toBe(join(root, 'abc_DEF-123'));
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const open = join(makeTempDir(), 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    ensurePrivateDir(open);
    expect(statSync(open).mode & 0o777).toBe(0o700);
  });

  it('accepts only [A-Za-z0-9_-] session ids as directory names', () => {
    for (const id of ['..', '.', '../x', 'a/b', '/abs', '', 'a b', 'ü', 'x'.repeat(129), 42, undefined]) {
      expect(sessionDirName(id), String(id)).toBeUndefined();
      if (typeof id === 'string') expect(() => ensureSessionDir(makeTempDir(), id)).toThrow(/not a valid session id/);
    }
    expect(sessionDirName('0501210e-ee64-41c1-85d0-349c27fac4b3')).toBe('0501210e-ee64-41c1-85d0-349c27fac4b3');
  });
});
