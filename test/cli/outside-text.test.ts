// No command lets a terminal control sequence through from outside data. The real built CLI is
// spawned on config, species, settings and pet files whose keys and values hold OSC 52
// (clipboard write), OSC 0 (title), CSI 2J (clear screen), BEL and 8-bit C1 controls; what it
// prints must hold none of them, while the visible text around them is still shown.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { speciesTemplate } from '../../src/species/species-template.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const OSC52 = '\x1b]52;c;Y3VybCBldmlsLnNofHNo\x07';
const OSC0 = '\x1b]0;owned\x1b\\';
const CLEAR = '\x1b[2J\x1b[H';
const C1 = '\u009b31m\u009d0;c1 title\u009c';
/** Each hides in front of a visible word that must still be printed. */
const EVIL = {
  clipboard: `${OSC52}clipboard`,
  title: `${OSC0}titled`,
  clear: `${CLEAR}cleared`,
  bell: 'bell\x07ed',
  c1: `${C1}eightbit`,
};
// ESC, BEL, every other C0 control but the line break, DEL and C1 controls.
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function setup() {
  const home = makeTempDir();
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
    BUDDY_TUI_STATE_DIR: join(home, 'state'),
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
  };
  mkdirSync(join(env.XDG_CONFIG_HOME, 'buddy-tui', 'species'), { recursive: true });
  mkdirSync(env.CLAUDE_CONFIG_DIR);
  return { home, env };
}

function cli(args: string[], env: NodeJS.ProcessEnv, cwd?: string) {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], { env, cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout + result.stderr, stdout: result.stdout };
}

function expectClean(output: string, visible: string[]) {
  const at = CONTROL.exec(output);
  expect(at, at ? `control U+${at[0].charCodeAt(0).toString(16)} in:\n${JSON.stringify(output)}` : '').toBeNull();
  for (const word of visible) expect(output).toContain(word);
}

describe('outside text in command output', () => {
  it('config.json keys and values reach doctor and plugins only sanitised', () => {
    const { env } = setup();
    const config = {
      ...Object.fromEntries(Object.values(EVIL).map((key, i) => [key, i])),
      hooks: {
        PostToolUse: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', name: `${OSC0}namedhook`, command: `echo ${CLEAR}hello ${C1}there` }],
          },
        ],
      },
    };
    writeFileSync(join(env.XDG_CONFIG_HOME, 'buddy-tui', 'config.json'), JSON.stringify(config));
    const keys = ['clipboard', 'titled', 'cleared', 'belled', 'eightbit'];
    const doctor = cli(['doctor'], env);
    expectClean(
      doctor.out,
      keys.map((key) => `${key}: unknown key`),
    );
    const plugins = cli(['plugins'], env);
    expect(plugins.code).toBe(1);
    expectClean(plugins.out, [...keys.map((key) => `${key}: unknown key`), 'namedhook', 'echo hello there']);
    for (const json of [cli(['plugins', '--json'], env).stdout, cli(['doctor', '--json'], env).stdout]) {
      expectClean(json, []);
      // --json still carries the exact keys, as JSON escapes.
      const text = JSON.stringify(JSON.parse(json));
      for (const key of Object.values(EVIL)) expect(text).toContain(JSON.stringify(key).slice(1, -1));
    }
  });

  it('species files: list, show and validate', () => {
    const { env } = setup();
    const species = {
      ...speciesTemplate('evil'),
      [EVIL.clipboard]: 1,
      name: `${OSC0}Evil`,
      colors: { body: EVIL.clear, accent: 'red' },
    };
    const file = join(env.XDG_CONFIG_HOME, 'buddy-tui', 'species', 'evil.json');
    writeFileSync(file, JSON.stringify(species));
    // The broken file is reported with its JSON paths; the built-ins still list.
    const list = cli(['species', 'list'], env);
    expectClean(list.out, ['Axolotl', 'evil.json', 'clipboard', 'colors.body']);
    const validate = cli(['species', 'validate', file], env);
    expect(validate.code).toBe(1);
    expectClean(validate.out, ['clipboard', 'colors.body']);
    expectClean(cli(['species', 'show', EVIL.title, '--hat', EVIL.bell], env).out, ['unknown hat "belled"']);
    expectClean(cli(['species', 'show', EVIL.title], env).out, ['no species "titled"']);
  });

  it('settings files: install and uninstall echo paths, diffs and statusLines sanitised; doctor too', () => {
    const { home, env } = setup();
    const dir = join(home, `settings${OSC0}dir`);
    mkdirSync(dir);
    const settings = join(dir, 'settings.json');
    writeFileSync(
      settings,
      JSON.stringify(
        { [EVIL.clipboard]: EVIL.clear, statusLine: { type: 'command', command: `echo ${EVIL.title}` } },
        null,
        2,
      ),
    );
    const dryRun = cli(['install', '--settings', settings, '--shell-form', '--dry-run'], env);
    expect(dryRun.code).toBe(0);
    expectClean(dryRun.out, ['settingsdir', 'dry run']);
    const install = cli(['install', '--settings', settings, '--shell-form'], env);
    expect(install.code).toBe(0);
    expectClean(install.out, ['settingsdir', 'echo titled']);
    expectClean(cli(['uninstall', '--settings', settings], env).out, [
      'settingsdir',
      'Restored your statusLine "echo titled"',
    ]);
    // Claude Code's own settings file, unreadable: doctor quotes the parse error.
    writeFileSync(join(env.CLAUDE_CONFIG_DIR, 'settings.json'), `{"a": ${EVIL.clipboard}}`);
    expectClean(cli(['doctor'], env).out, ['settings cannot be read']);
  });

  it('pet.json and arguments: stats, hatch and the dispatcher', () => {
    const { env } = setup();
    expect(cli(['hatch', '--species', 'cat', '--name', `${OSC52}Mo`], env).code).toBe(0);
    const pet = join(env.XDG_STATE_HOME, 'buddy-tui', 'pet.json');
    const spawned = spawnSync(process.execPath, [
      '-e',
      `
      const fs = require('fs'); const pet = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
      pet.identity.name = process.argv[2]; fs.writeFileSync(process.argv[1], JSON.stringify(pet));`,
      pet,
      `${OSC0}Mi${C1}so`,
    ]);
    expect(spawned.status).toBe(0);
    expectClean(cli(['stats'], env).out, ['Miso the']);
    expectClean(cli(['stats', '--json'], env).stdout, ['"name"']);
    expectClean(cli(['hatch', '--species', EVIL.clear], env).out, ['no species "cleared"']);
    const unknown = cli([EVIL.clipboard], env);
    expect(unknown.code).toBe(2);
    expectClean(unknown.out, ['unknown command "clipboard"']);
  });
});
