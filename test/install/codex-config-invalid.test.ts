/**
 * A Codex config.toml that is not valid TOML, with the built CLI: install (with and without
 * --trust, which records trust in that file through Codex's app-server) refuses before any change
 * and leaves it byte for byte; uninstall leaves it too; doctor names it. Both name the file, the
 * line and the column, instead of blaming the trust or the Codex binary.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexBinary } from '../support/codex-cli.js';
import { runCli } from '../support/run-cli.js';
import { isolatedEnv, makeTempDir } from '../support/temp-dir.js';

/** Line 3, column 9: `tru` is no value. CRLF and a trailing space so a rewrite would show. */
const BROKEN = Buffer.from('model = "gpt-5.5"\r\n[features]\r\nhooks = tru \r\n# mine\r\n');
/** A table defined twice: valid lines, invalid file. */
const TWICE = Buffer.from('[tui]\nanimations = true\n\n[tui]\nnotifications = false\n');

function world(config: Buffer) {
  const base = makeTempDir('buddy-codex-config-');
  const codexHome = join(base, 'codex');
  mkdirSync(codexHome);
  writeFileSync(join(codexHome, 'config.toml'), config);
  const env = {
    ...isolatedEnv(base, join(base, 'state')),
    CODEX_HOME: codexHome,
    ...(codexBinary() ? { BUDDY_TUI_CODEX_BIN: codexBinary()! } : {}),
  };
  const configPath = join(codexHome, 'config.toml');
  return { base, codexHome, env, configPath, config: () => readFileSync(configPath) };
}

describe('a Codex config.toml that does not parse', () => {
  it.each([[[]], [['--trust']]])(
    'install --host codex %j refuses, names file, line and column, changes nothing',
    (extra) => {
      const { base, codexHome, env, configPath, config } = world(BROKEN);
      const run = runCli(['install', '--host', 'codex', ...extra], env, base, 60_000);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Codex cannot read ${configPath}: line 3, column 9: invalid value`);
      expect(run.stderr).toContain('nothing was changed');
      expect(run.stderr).not.toMatch(/Is it the Codex|^\s+at /m);
      expect(config().equals(BROKEN)).toBe(true);
      expect(existsSync(join(codexHome, 'hooks.json'))).toBe(false);
    },
  );

  it('a table defined twice is named at its second header', () => {
    const { base, env, configPath, config } = world(TWICE);
    const run = runCli(['install', '--host', 'codex', '--trust'], env, base, 60_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Codex cannot read ${configPath}: line 4, column 2:`);
    expect(config().equals(TWICE)).toBe(true);
  });

  it('doctor names the file, the line and the column, and does not blame the binary', () => {
    const { base, env, configPath } = world(BROKEN);
    // hooks.json as install writes it while the file was good, then the file broke.
    writeFileSync(configPath, 'model = "gpt-5.5"\n');
    expect(runCli(['install', '--host', 'codex'], env, base, 60_000).code).toBe(0);
    writeFileSync(configPath, BROKEN);
    const run = runCli(['doctor'], env, base, 120_000);
    expect(run.stdout).toMatch(new RegExp(`FAIL +Codex cannot read ${configPath}: line 3, column 9: invalid value`));
    expect(run.stdout).not.toContain("lists 0 of buddy-tui's");
    expect(readFileSync(configPath).equals(BROKEN)).toBe(true);
  });

  it('uninstall takes its hooks out of hooks.json but leaves the file as it is, and says why', () => {
    const { base, codexHome, env, configPath, config } = world(Buffer.from('model = "gpt-5.5"\n'));
    expect(runCli(['install', '--host', 'codex'], env, base, 60_000).code).toBe(0);
    writeFileSync(configPath, BROKEN);
    const run = runCli(['uninstall', '--host', 'codex'], env, base, 60_000);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Removed buddy-tui's Codex hooks");
    expect(run.stderr).toContain(`Their trust entries stay in ${configPath}: Codex cannot read it (line 3, column 9`);
    expect(config().equals(BROKEN)).toBe(true);
    // Installed into no hooks.json: uninstall gives back no file.
    expect(existsSync(join(codexHome, 'hooks.json'))).toBe(false);
  });

  it('a valid file with the less common TOML forms is no problem: install goes on and leaves it alone', () => {
    const valid = Buffer.from(
      'model = "gpt-5.5"\nnotes = """\nmulti\nline\n"""\npath = \'C:\\raw\'\n[mcp_servers.docs]\nargs = [\n  "a", # trailing\n]\nenv = { KEY = "v" }\n[features]\nhooks = true\n',
    );
    const { base, codexHome, env, config } = world(valid);
    const run = runCli(['install', '--host', 'codex'], env, base, 60_000);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(existsSync(join(codexHome, 'hooks.json'))).toBe(true);
    expect(config().equals(valid)).toBe(true);
  });
});
