// Settings files install must not (or cannot) replace: one clear line with the fix, nothing left
// behind; a symlinked settings.json stays a symlink. The real CLI (dist/cli.js) with HOME in a temp dir.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const BEFORE = '{\n  "theme": "dark"\n}\n';

function setup() {
  const home = makeTempDir();
  const claude = join(home, '.claude');
  mkdirSync(claude);
  return {
    home,
    claude,
    settings: join(claude, 'settings.json'),
    env: { HOME: home, XDG_STATE_HOME: join(home, 'state'), BUDDY_TUI_STATE_DIR: join(home, 'buddy-state') },
  };
}

/** A one-line error naming the file, no stack trace, exit 1, and the folder exactly as it was. */
function expectRefused(run: ReturnType<typeof runCli>, claude: string, listing: string[], fix: RegExp): void {
  expect(run.code).toBe(1);
  const first = run.stderr.split('\n')[0];
  expect(first).toMatch(/^buddy-tui: .*settings\.json/);
  expect(first).toMatch(fix);
  expect(run.stderr).not.toMatch(/\n\s+at |node:internal|Error:/);
  expect(readdirSync(claude).sort()).toEqual(listing);
}

const immutable: string[] = [];
const chattr = (flag: string, file: string) => spawnSync('chattr', [flag, file], { encoding: 'utf8' });
afterEach(() => {
  for (const file of immutable.splice(0)) chattr('-ia', file); // or the temp dir could not be removed
});

describe('install / uninstall on files they must not replace (spawned)', () => {
  it('an immutable or append-only settings.json, or an immutable folder (chattr +i/+a): one line with the fix, no backup, no temp file', (context) => {
    const { claude, settings, env } = setup();
    writeFileSync(settings, BEFORE);
    const set = chattr('+i', settings);
    if (set.status !== 0) {
      context.skip(
        `chattr +i is not possible here (${set.stderr.trim() || set.error?.message}); the read-only and directory cases still run`,
      );
      return;
    }
    immutable.push(settings);
    expectRefused(
      runCli(['install', '--shell-form'], env),
      claude,
      ['settings.json'],
      /immutable or append-only.*chattr -i/,
    );
    expect(readFileSync(settings, 'utf8')).toBe(BEFORE);

    // Append-only: writable in place, but it cannot be replaced; the backup made first is removed.
    chattr('-i', settings);
    expect(chattr('+a', settings).status).toBe(0);
    expectRefused(
      runCli(['install', '--shell-form'], env),
      claude,
      ['settings.json'],
      /immutable or append-only.*chattr -i -a/,
    );
    chattr('-a', settings);

    // An immutable folder: nothing can be created in it.
    expect(chattr('+i', claude).status).toBe(0);
    immutable.push(claude);
    expectRefused(
      runCli(['install', '--shell-form'], env),
      claude,
      ['settings.json'],
      /(folder .* is not writable|immutable or append-only)/,
    );
    chattr('-i', claude);
    expect(readFileSync(settings, 'utf8')).toBe(BEFORE);
  });

  it('a read-only settings.json (mode 0444) is refused, even for root, and left alone; uninstall too', () => {
    const { claude, settings, env } = setup();
    writeFileSync(settings, BEFORE);
    expect(runCli(['install', '--node-hook'], env).code).toBe(0);
    const installed = readFileSync(settings, 'utf8');
    const listing = readdirSync(claude).sort(); // settings.json and the install's backup
    chmodSync(settings, 0o444);
    expectRefused(
      runCli(['uninstall'], env),
      claude,
      listing,
      /is read-only \(mode 0444\); make it writable \(chmod u\+w/,
    );
    expect(readFileSync(settings, 'utf8')).toBe(installed);
    const refused = runCli(['install'], env);
    expectRefused(refused, claude, listing, /is read-only/);
    // What it would have added (the spool over the Node hook), to add by hand.
    const byHand = JSON.parse(refused.stdout).hooks.Stop[0].hooks[0];
    expect(byHand).toMatchObject({
      type: 'command',
      command: expect.stringMatching(/dist\/hook\.js {2}# buddy-tui-ingest\n/),
    });
    chmodSync(settings, 0o644);
    expect(runCli(['uninstall'], env).code).toBe(0);
    expect(readFileSync(settings, 'utf8')).toBe(BEFORE);
  });

  it('a settings.json that is a directory: one line with the fix, nothing written', () => {
    const { claude, settings, env } = setup();
    mkdirSync(settings);
    for (const args of [['install', '--shell-form'], ['install', '--dry-run'], ['uninstall']]) {
      expectRefused(runCli(args, env), claude, ['settings.json'], /is a directory, not a settings file; move it away/);
      expect(readdirSync(settings)).toEqual([]);
    }
  });

  it('a dangling symlink settings.json: install creates its target, uninstall deletes only the target; the link stays', () => {
    const { home, claude, settings, env } = setup();
    symlinkSync('../dotfiles/claude/settings.json', settings);
    const installed = runCli(['install', '--shell-form'], env);
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);
    const target = join(home, 'dotfiles', 'claude', 'settings.json');
    expect(lstatSync(settings).isSymbolicLink()).toBe(true);
    expect(readlinkSync(settings)).toBe('../dotfiles/claude/settings.json');
    expect(JSON.parse(readFileSync(target, 'utf8')).statusLine.command).toContain('statusline');
    expect(readdirSync(claude)).toEqual(['settings.json']);

    expect(runCli(['uninstall'], env).code).toBe(0);
    expect(lstatSync(settings).isSymbolicLink()).toBe(true);
    expect(readlinkSync(settings)).toBe('../dotfiles/claude/settings.json');
    expect(existsSync(target)).toBe(false); // dangling again, as it was
  });

  it('a symlink to an existing file is written through and restored byte for byte', () => {
    const { home, claude, settings, env } = setup();
    mkdirSync(join(home, 'dotfiles'));
    const target = join(home, 'dotfiles', 'settings.json');
    writeFileSync(target, BEFORE);
    symlinkSync(target, settings);
    expect(runCli(['install', '--shell-form'], env).code).toBe(0);
    expect(lstatSync(settings).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8')).hooks.Stop).toHaveLength(1);
    expect(runCli(['uninstall'], env).code).toBe(0);
    expect(readlinkSync(settings)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe(BEFORE);
    expect(readdirSync(claude)).toEqual(['settings.json']);
  });
});
