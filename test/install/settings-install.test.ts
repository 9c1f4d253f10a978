import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
  lstatSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buddyCommands, claudeHookEvents, supportsExecForm } from '../../src/install/buddy-entries.js';
import { BUDDY_TAG } from '../../src/protocol/buddy-tag.js';
import { STATUSLINE_REFRESH_S } from '../../src/install/merge-settings.js';
import { installIntoSettings, uninstallFromSettings } from '../../src/install/settings-install.js';
import { SettingsChangedError, readSettingsSnapshot, writeSettings } from '../../src/install/settings-file.js';
import { SettingsFileError } from '../../src/install/settings-json.js';

let dir: string;
let env: NodeJS.ProcessEnv;
let path: string;
const commands = buddyCommands({ nodePath: '/usr/bin/node', distDir: '/opt/buddy tui/dist' });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'buddy-install-'));
  env = { HOME: dir, XDG_STATE_HOME: join(dir, 'state') };
  path = join(dir, '.claude', 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const install = (extra: { statuslineOnly?: boolean; dryRun?: boolean; hookForm?: 'exec' | 'shell' } = {}) =>
  installIntoSettings({ path, commands, env, ...extra });
const uninstall = (extra: { dryRun?: boolean } = {}) => uninstallFromSettings({ path, commands, env, ...extra });
const read = () => JSON.parse(readFileSync(path, 'utf8'));
const backups = () => readdirSync(join(dir, '.claude')).filter((name) => name.includes('buddy-tui-backup'));

// A user's file with its own style: 4-space indent, no final newline, a hook and a statusLine of its own.
const USER_FILE = `{
    "model": "opus",
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "~/bin/guard.sh" } ] }
        ]
    },
    "statusLine": { "type": "command", "command": "npx -y ccstatusline@latest", "padding": 1, "refreshInterval": 1 },
    "env": { "FOO": "bar" }
}`;

describe('install into settings.json', () => {
  it('creates a missing file with a tagged synchronous hook group per event and the statusLine', () => {
    const result = install();
    expect(result.status).toBe('changed');
    expect(result.backup).toBeUndefined();
    const settings = read();
    // PostToolBatch waits for a buddy plugin that listens to it (on-demand-events.test.ts).
    expect(Object.keys(settings.hooks)).toEqual(claudeHookEvents());
    expect(settings.hooks.PostToolBatch).toBeUndefined();
    for (const event of claudeHookEvents()) {
      expect(settings.hooks[event]).toEqual([
        {
          _tag: BUDDY_TAG,
          hooks: [{ type: 'command', command: `/usr/bin/node '/opt/buddy tui/dist/hook.js'`, timeout: 5 }],
        },
      ]);
      expect(settings.hooks[event][0].hooks[0].async).toBeUndefined();
    }
    // Nothing to chain: the sh fast path, which falls back to `<node> <cli.js> statusline` (docs/statusline.md).
    expect(settings.statusLine).toEqual({
      type: 'command',
      command: commands.statuslineFast,
      padding: 0,
      refreshInterval: STATUSLINE_REFRESH_S,
    });
    expect(commands.statuslineFast).toContain(`set -- /usr/bin/node '/opt/buddy tui/dist/cli.js'`);
    expect(lstatSync(path).mode & 0o777).toBe(0o600);
  });

  it('keeps the user entries, chains their statusLine, backs up, and is idempotent', () => {
    install(); // no file yet → creates it, then the user's own file replaces it below
    rmSync(path);
    writeFileSync(path, USER_FILE);
    const first = install({});
    expect(first.status).toBe('changed');
    expect(first.chained).toBe('npx -y ccstatusline@latest');
    expect(backups()).toHaveLength(1);
    expect(readFileSync(join(dir, '.claude', backups()[0]), 'utf8')).toBe(USER_FILE);
    const settings = read();
    expect(settings.model).toBe('opus');
    expect(settings.env).toEqual({ FOO: 'bar' });
    expect(settings.hooks.PreToolUse[0]).toEqual({
      matcher: 'Bash',
      hooks: [{ type: 'command', command: '~/bin/guard.sh' }],
    });
    expect(settings.hooks.PreToolUse[1]._tag).toBe(BUDDY_TAG);
    expect(settings.statusLine).toEqual({
      type: 'command',
      command: `/usr/bin/node '/opt/buddy tui/dist/cli.js' statusline --chain 'npx -y ccstatusline@latest'`,
      padding: 1,
      refreshInterval: 2,
    });
    // The file keeps its look: 4-space indent and no final newline.
    expect(readFileSync(path, 'utf8')).toMatch(/^\{\n {4}"model"/);
    expect(readFileSync(path, 'utf8').endsWith('}')).toBe(true);

    const text = readFileSync(path, 'utf8');
    expect(install().status).toBe('unchanged');
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(backups()).toHaveLength(1);
  });

  it('refuses JSON with comments or trailing commas and leaves the file alone', () => {
    const jsonc = '{\n  // my settings\n  "model": "opus"\n}\n';
    install();
    writeFileSync(path, jsonc);
    expect(() => install()).toThrow(SettingsFileError);
    expect(() => install()).toThrow(/comment at line 2.*will not\s+rewrite/s);
    writeFileSync(path, '{\n  "model": "opus",\n}\n');
    expect(() => install()).toThrow(/trailing comma at line 2/);
    expect(readFileSync(path, 'utf8')).toBe('{\n  "model": "opus",\n}\n');
    writeFileSync(path, '{"hooks": []}');
    expect(() => install()).toThrow(/"hooks" must be an object/);
  });

  it('--dry-run prints a diff and writes nothing', () => {
    install();
    writeFileSync(path, '{\n  "model": "opus"\n}\n');
    const result = install({ dryRun: true });
    expect(result.status).toBe('dry-run');
    expect(result.diff).toContain(`+   "statusLine": {`);
    expect(result.diff).toMatch(new RegExp(`^\\+ +"_tag": "${BUDDY_TAG}",$`, 'm'));
    expect(result.diff).toContain(`-   "model": "opus"`);
    expect(result.diff).toContain(`+   "model": "opus",`);
    expect(readFileSync(path, 'utf8')).toBe('{\n  "model": "opus"\n}\n');
    expect(backups()).toHaveLength(0);
  });

  it('the exec form puts node and the script in command + args, and switching forms replaces in place', () => {
    mkdirSync(join(dir, '.claude'));
    writeFileSync(path, '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}');
    install({ hookForm: 'exec' });
    const exec = read();
    expect(exec.hooks.Stop).toEqual([
      { hooks: [{ type: 'command', command: 'say done' }] },
      {
        _tag: BUDDY_TAG,
        hooks: [{ type: 'command', command: '/usr/bin/node', args: ['/opt/buddy tui/dist/hook.js'], timeout: 5 }],
      },
    ]);
    expect(install({ hookForm: 'exec' }).status).toBe('unchanged');
    install({ hookForm: 'shell' });
    expect(read().hooks.Stop[1].hooks).toEqual([{ type: 'command', command: commands.hook, timeout: 5 }]);
    expect(read().hooks.Stop).toHaveLength(2);
  });

  it('uses the exec form only for Claude Code versions it was checked with', () => {
    expect(supportsExecForm('2.1.332')).toBe(true);
    expect(supportsExecForm('2.2.0')).toBe(true);
    expect(supportsExecForm('3.0.1')).toBe(true);
    expect(supportsExecForm('2.1.331')).toBe(false);
    expect(supportsExecForm('1.9.999')).toBe(false);
    expect(supportsExecForm(undefined)).toBe(false);
  });

  it('--statusline-only adds only the statusLine', () => {
    expect(install({ statuslineOnly: true }).status).toBe('changed');
    expect(read()).toEqual({
      statusLine: {
        type: 'command',
        command: commands.statuslineFast,
        padding: 0,
        refreshInterval: STATUSLINE_REFRESH_S,
      },
    });
  });
});

describe('uninstall', () => {
  it('leaves a file byte-identical to the one before install (with a chained statusLine)', () => {
    install();
    writeFileSync(path, USER_FILE);
    // Re-install over the user's file; it is the "before" from here on.
    rmSync(join(dir, 'state'), { recursive: true, force: true });
    install();
    install(); // idempotent in between
    const result = uninstall();
    expect(result.status).toBe('changed');
    expect(result.chained).toBe('npx -y ccstatusline@latest');
    expect(readFileSync(path, 'utf8')).toBe(USER_FILE);
    expect(uninstall().status).toBe('not-installed');
  });

  it('--dry-run shows what uninstall would remove and changes nothing, not even its record', () => {
    install();
    writeFileSync(path, USER_FILE);
    rmSync(join(dir, 'state'), { recursive: true, force: true });
    install();
    const installed = readFileSync(path, 'utf8');
    const result = uninstall({ dryRun: true });
    expect(result.status).toBe('dry-run');
    expect(result.chained).toBe('npx -y ccstatusline@latest');
    expect(result.diff).toMatch(new RegExp(`^- +"_tag": "${BUDDY_TAG}",$`, 'm'));
    // The diff leads back to the user's own bytes, their one-line statusLine included.
    expect(result.diff).toContain(
      '+     "statusLine": { "type": "command", "command": "npx -y ccstatusline@latest", "padding": 1, "refreshInterval": 1 },',
    );
    expect(readFileSync(path, 'utf8')).toBe(installed);
    expect(backups()).toHaveLength(1);
    // The install record survived: the real uninstall still gives back the exact bytes.
    expect(uninstall().status).toBe('changed');
    expect(readFileSync(path, 'utf8')).toBe(USER_FILE);
  });

  it('deletes the file it created when nothing else was ever in it', () => {
    install();
    expect(existsSync(path)).toBe(true);
    uninstall();
    expect(existsSync(path)).toBe(false);
  });

  it('after the user edited the file, removes exactly our entries and keeps their edits', () => {
    install();
    writeFileSync(path, USER_FILE);
    rmSync(join(dir, 'state'), { recursive: true, force: true });
    install();
    const edited = read();
    edited.theme = 'dark';
    edited.hooks.Stop.push({ hooks: [{ type: 'command', command: 'say done' }] });
    writeFileSync(path, JSON.stringify(edited, null, 4));
    uninstall();
    const after = read();
    expect(after.theme).toBe('dark');
    expect(after.hooks).toEqual({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/guard.sh' }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
    });
    expect(after.statusLine).toEqual({
      type: 'command',
      command: 'npx -y ccstatusline@latest',
      padding: 1,
      refreshInterval: 1,
    });
  });

  it('without its install record still finds our tagged entries and the chained command', () => {
    install();
    writeFileSync(path, '{\n  "statusLine": {"type": "command", "command": "mine.sh"}\n}\n');
    install();
    rmSync(join(dir, 'state'), { recursive: true, force: true });
    uninstall();
    expect(read()).toEqual({ statusLine: { type: 'command', command: 'mine.sh' } });
  });
});

describe('writing settings safely', () => {
  it('does not clobber a file that changed between read and write', () => {
    install();
    const snapshot = readSettingsSnapshot(path);
    writeFileSync(path, '{"changed": true}\n');
    expect(() => writeSettings(snapshot, '{}\n')).toThrow(SettingsChangedError);
    expect(readFileSync(path, 'utf8')).toBe('{"changed": true}\n');
    expect(readdirSync(join(dir, '.claude')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('does not clobber a file that changes after the first check, right before the rename', () => {
    install();
    const snapshot = readSettingsSnapshot(path);
    // The backup's time stamp is taken after the first comparison and before the rename: another
    // writer landing at that moment must still be caught by the compare-then-rename.
    class RacingDate extends Date {
      override toISOString(): string {
        writeFileSync(path, '{"raced": true}\n');
        return super.toISOString();
      }
    }
    expect(() => writeSettings(snapshot, '{}\n', new RacingDate())).toThrow(SettingsChangedError);
    expect(readFileSync(path, 'utf8')).toBe('{"raced": true}\n');
    expect(readdirSync(join(dir, '.claude')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // Nothing was changed, so no backup is left behind either.
    expect(backups()).toEqual([]);
  });

  it('writes through a symlinked settings.json instead of replacing the link', () => {
    const real = join(dir, 'dotfiles-settings.json');
    writeFileSync(real, '{"model": "opus"}\n');
    install();
    rmSync(path);
    symlinkSync(real, path);
    install();
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(real, 'utf8')).statusLine.command).toBe(commands.statuslineFast);
  });
});
