/**
 * config.json keys named like Object's members (`toString`, `valueOf`, `constructor`,
 * `__proto__`, `hasOwnProperty`), at the top, inside a section and as a hook event: each is an
 * unknown key with its JSON path, and the rest of the file still loads. Through the loader and
 * through the real `plugins` and `doctor` processes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config-file.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const NAMES = ['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty'];
const value = (name: string) => (name === '__proto__' ? { polluted: true } : 1);
/** As a user would type it (JSON text, so `__proto__` is a plain key, not a prototype). */
const CONFIG_TEXT = `{
  ${NAMES.map((name) => `"${name}": ${JSON.stringify(value(name))}`).join(',\n  ')},
  "limits": { "maxConcurrent": 2, "toString": 1, "__proto__": 3 },
  "hooks": {
    "PostToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo hi" }] }],
    "constructor": [{ "hooks": [{ "type": "command", "command": "echo no" }] }],
    "__proto__": [{ "hooks": [{ "type": "command", "command": "echo no" }] }]
  }
}`;

function world() {
  const base = makeTempDir('buddy-proto-config-');
  const env = {
    HOME: join(base, 'home'),
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    BUDDY_TUI_STATE_DIR: join(base, 'state'),
  };
  const file = join(env.XDG_CONFIG_HOME, 'buddy-tui', 'config.json');
  mkdirSync(join(env.XDG_CONFIG_HOME, 'buddy-tui'), { recursive: true });
  writeFileSync(file, CONFIG_TEXT);
  return { env, file };
}

const EXPECTED_PATHS = [...NAMES, 'limits.toString', 'limits.__proto__', 'hooks.constructor', 'hooks.__proto__'];

describe('config keys named like Object members', () => {
  it('are unknown keys with their JSON path; the rest of the file loads', () => {
    const file = join(makeTempDir(), 'config.json');
    writeFileSync(file, CONFIG_TEXT);
    const { config, errors, fileOk } = loadConfig({ file });
    expect(fileOk).toBe(true);
    expect(errors.map((error) => error.path).sort()).toEqual([...EXPECTED_PATHS].sort());
    for (const error of errors)
      expect([error.file, error.message]).toEqual([
        file,
        expect.stringMatching(/^unknown key$|^unknown hook event "(constructor|__proto__)"$/),
      ]);
    expect(config.hooks?.PostToolUse?.[0]?.hooks).toEqual([{ type: 'command', command: 'echo hi' }]);
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the real `plugins` lists the good handler and names each such key; no TypeError', () => {
    const { env, file } = world();
    const result = runCli(['plugins'], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('1 plugin handler(s):');
    expect(result.stdout).toContain('echo hi');
    for (const path of EXPECTED_PATHS) expect(result.stderr).toContain(`  ${file}: ${path}: `);
    expect(result.stderr).not.toMatch(/TypeError|is not a function/);
  });

  it('the real `doctor` names each such key as a failed check and goes on to the next checks', () => {
    const { env, file } = world();
    const result = runCli(['doctor'], env);
    expect(result.code).toBe(1);
    for (const path of NAMES) expect(result.stdout).toContain(`FAIL  ${file}: ${path}: unknown key`);
    expect(result.stdout).toContain('species');
    expect(result.stdout + result.stderr).not.toMatch(/TypeError|is not a function/);
  });
});
