/**
 * `install --host codex --trust` when Codex's config.toml switches hooks off (`[features] hooks =
 * false`), against the real Codex CLI 0.169.0: the hooks are written, and the message names the
 * real cause (the feature switch, in that file) and the fix, not the trust or the Codex binary.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codexBinary, createOfflineCodexHome, skipWithoutCodex, type OfflineCodexHome } from '../support/codex-cli.js';
import { runCli, type CliRun } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

describe.skipIf(skipWithoutCodex())('install --host codex --trust with hooks switched off in config.toml', () => {
  let home: OfflineCodexHome;
  let install: CliRun;

  beforeAll(() => {
    const stateDir = join(makeTempDir('buddy-codex-off-state-'), 'state');
    // No model call is made: the loopback address is never dialled.
    home = createOfflineCodexHome({
      baseUrl: 'http://127.0.0.1:9/v1',
      extraEnv: { BUDDY_TUI_STATE_DIR: stateDir, BUDDY_TUI_CODEX_BIN: codexBinary() },
    });
    home.writeConfig(
      home.readConfig().replace('daemon_auto_start = false', 'daemon_auto_start = false\nhooks = false'),
    );
    install = runCli(['install', '--host', 'codex', '--trust'], home.env, makeTempDir('buddy-codex-off-project-'));
  }, 120_000);

  afterAll(() => home?.cleanup());

  it('installs the hooks, then names the switch, the file and the fix instead of blaming the Codex binary', () => {
    expect(install.code).toBe(1);
    expect(install.stdout).toContain("Installed buddy-tui's hooks for 12 Codex events");
    expect(install.stderr).toContain(
      `Codex's hooks are switched off in ${home.configPath} (\`[features] hooks = false\`)`,
    );
    expect(install.stderr).toContain(
      'Remove that line (hooks are on by default), then run `buddy-tui install --host codex --trust` again.',
    );
    expect(install.stderr).not.toContain('Is it the Codex');
    expect(home.readConfig()).not.toContain('trusted_hash');
  });

  it('once the line is gone, the same command trusts all 12 hooks', () => {
    home.writeConfig(home.readConfig().replace('\nhooks = false', ''));
    const again = runCli(['install', '--host', 'codex', '--trust'], home.env, makeTempDir('buddy-codex-off-project-'));
    expect(again.stderr).toBe('');
    expect(again.stdout).toContain("Trusted buddy-tui's 12 Codex hooks through Codex's app-server (12 newly");
  }, 120_000);
});
