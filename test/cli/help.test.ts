/**
 * `--help` on every command, through the built CLI: each prints its usage, exits 0 and leaves no
 * trace in the state root (the trial's `buddy-tui hook --help` printed nothing and logged an
 * "empty stdin" hook error that doctor then warned about). The commands are read from the
 * top-level help, so a new one is covered without editing this list.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYMAP } from '../../components/keymap.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

function cli(args: string[]) {
  const home = makeTempDir();
  const state = join(home, 'state');
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: home,
      XDG_STATE_HOME: home,
      BUDDY_TUI_STATE_DIR: state,
    },
    // stdin: an empty pipe, so a command that read it as an event would log "empty stdin".
    stdio: ['pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, errorsLog: join(state, 'errors.log') };
}

/** The command names the top-level help lists, one per line under "usage:". */
function listedCommands(): string[] {
  const help = cli(['--help']).stdout;
  return [...help.matchAll(/^ {2}([a-z][a-z-]*) {2,}/gm)].map((match) => match[1]!);
}

describe('buddy-tui <command> --help', () => {
  const commands = listedCommands();

  it('the top-level help lists the commands, hook and statusline among them', () => {
    expect(commands).toEqual(expect.arrayContaining(['hook', 'statusline', 'install', 'pane', 'status']));
  });

  it.each(
    commands.flatMap((command) => [
      [command, '--help'],
      [command, '-h'],
    ]),
  )('%s %s prints its usage and exits 0, writing nothing to errors.log', (command, flag) => {
    const run = cli([command, flag]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^usage: buddy-tui (\\[)?${command}\\b`));
    expect(run.stderr).toBe('');
    expect(existsSync(run.errorsLog)).toBe(false);
  });

  it('hook --help after a --host flag, as a host would never pass it, is still help', () => {
    const run = cli(['hook', '--host', 'codex', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^usage: buddy-tui hook/);
    expect(existsSync(run.errorsLog)).toBe(false);
  });
});

describe('what the help says', () => {
  it('the top-level help names every host and how to install into each, not Claude Code alone', () => {
    const help = cli(['--help']).stdout;
    expect(help).not.toContain('a terminal companion for Claude Code\n');
    for (const host of ['Claude Code', 'Codex', 'Copilot', 'Gemini', 'Qwen']) expect(help).toContain(host);
    expect(help).toMatch(/install .*--host codex\|copilot\|gemini\|qwen/);
    expect(help).toMatch(/^ {2}species .*\bimport\b/m);
  });

  it("the keys line of `tui --help` names every key of the pane's keymap", () => {
    const help = cli(['tui', '--help']).stdout;
    const keys = help.slice(help.indexOf('\nkeys:'));
    const words = keys.replace(/^keys:/, '').split(/[\s,()]+/);
    for (const row of KEYMAP) expect(words, row.label).toContain(row.label.split(' ')[0]);
  });

  it('a mistyped command is answered with the nearest one, not the whole help', () => {
    const run = cli(['instal']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'buddy-tui: unknown command "instal"; did you mean install?\nRun `buddy-tui --help` for every command.\n',
    );
    const far = cli(['frobnicate']);
    expect(far.stderr).toContain('unknown command "frobnicate"');
    expect(far.stderr).toContain('usage: buddy-tui [command] [options]');
  });
});
