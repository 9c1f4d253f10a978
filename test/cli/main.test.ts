// The `buddy-tui` dispatcher, spawned for real: usage errors are exit code 2 with a message,
// never a stack trace, whichever command got the unknown flag.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

function cli(args: string[]) {
  const home = makeTempDir();
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: home,
      XDG_STATE_HOME: home,
      BUDDY_TUI_STATE_DIR: `${home}/state`,
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('buddy-tui dispatcher', () => {
  it('refuses an unknown command with the usage', () => {
    const result = cli(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "frobnicate"');
    expect(result.stderr).toContain('usage: buddy-tui [command] [options]');
  });

  it.each(['doctor', 'install', 'uninstall', 'pane', 'tui', 'demo'])(
    'turns an unknown flag of %s into a usage error',
    (command) => {
      const result = cli([command, '--bogus']);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.startsWith(`buddy-tui ${command}: Unknown option '--bogus'`)).toBe(true);
      expect(result.stderr.endsWith(`\nRun \`buddy-tui ${command} --help\` for its options.\n`)).toBe(true);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    },
  );

  it('answers --help and --version itself and leaves `tui --help` and leading flags to the pane (its own bundle)', () => {
    expect(cli(['--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('usage: buddy-tui [command] [options]'),
    });
    expect(cli(['--version'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    for (const args of [
      ['tui', '--help'],
      ['tui', '-h'],
      ['--no-plugins', '--help'],
    ]) {
      const result = cli(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('usage: buddy-tui [tui] [options]');
      expect(result.stderr).toBe('');
    }
  });

  it("treats a leading flag as the pane's", () => {
    const result = cli(['--bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("buddy-tui tui: Unknown option '--bogus'");
  });
});
