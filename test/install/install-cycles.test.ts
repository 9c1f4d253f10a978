/**
 * install and uninstall, again and again, through the built CLI (issue 47): a second install that
 * changes nothing does not repeat "Set up the buddy mod"; uninstall removes the folders install
 * made once they are empty (`~/.claude/skills/`, `~/.copilot/hooks/`), keeps one backup per file
 * and none of a file buddy-tui itself created; `install --dry-run` is a summary that names the
 * user's own hooks as kept and the mod folder, with the whole diff behind --diff.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const USER_SETTINGS = `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "echo mine" } ] }
    ]
  },
  "statusLine": { "type": "command", "command": "echo my-status" }
}
`;

/** A HOME with the user's settings.json, a .copilot folder, and a `claude` new enough for the mod. */
function home() {
  const base = makeTempDir('buddy-cycles-');
  const bin = join(base, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'claude'), '#!/bin/sh\necho "2.1.332 (Claude Code)"\n');
  chmodSync(join(bin, 'claude'), 0o755);
  mkdirSync(join(base, '.claude'));
  mkdirSync(join(base, '.copilot'));
  writeFileSync(join(base, '.claude', 'settings.json'), USER_SETTINGS);
  const env = {
    PATH: `${bin}:${process.env.PATH}`,
    HOME: base,
    BUDDY_TUI_STATE_DIR: join(base, 'state'),
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xstate'),
  };
  const cli = (...args: string[]) => {
    const run = spawnSync(process.execPath, [CLI_ENTRY, ...args], { env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(0);
    return run.stdout;
  };
  const backups = (folder: string) => readdirSync(folder).filter((name) => name.includes('.buddy-tui-backup-'));
  return { base, cli, backups };
}

describe('install and uninstall, three times over', () => {
  it('leave no empty folder they made, one backup per file, and say the mod is set up once', () => {
    const { base, cli, backups } = home();
    for (let cycle = 0; cycle < 3; cycle++) {
      expect(cli('install')).toContain('Set up the buddy mod');
      const again = cli('install');
      expect(again).not.toContain('Set up the buddy mod');
      expect(again).toContain('buddy mod');
      cli('install', '--host', 'copilot');
      cli('uninstall');
      cli('uninstall', '--host', 'copilot');
    }
    expect(readFileSync(join(base, '.claude', 'settings.json'), 'utf8')).toBe(USER_SETTINGS);
    expect(existsSync(join(base, '.claude', 'skills'))).toBe(false);
    expect(existsSync(join(base, '.copilot', 'hooks'))).toBe(false);
    expect(backups(join(base, '.claude'))).toHaveLength(1);
  });

  it('install --dry-run: a summary naming what changes, what stays and the mod folder; --diff the whole diff', () => {
    const { base, cli } = home();
    const summary = cli('install', '--dry-run');
    expect(summary.length).toBeLessThan(3_000);
    expect(summary).toContain(join(base, '.claude', 'skills', 'buddy-tui-mod'));
    expect(summary).toMatch(/your own hooks: 1 group \(PreToolUse\), kept as they are/);
    expect(summary).toContain('echo my-status');
    expect(summary).not.toMatch(/^- /m);
    expect(summary).toContain('--diff');
    const diff = cli('install', '--dry-run', '--diff');
    expect(diff).toContain('+++ ');
    expect(diff).toContain('buddy-tui-managed');
    expect(readFileSync(join(base, '.claude', 'settings.json'), 'utf8')).toBe(USER_SETTINGS);
  });
});
