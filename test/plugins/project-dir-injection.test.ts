/**
 * The session's folder comes from the event (`cwd`), so its name is outside data: a folder named
 * `repo/$(id>x)` must never run `id`. Real plugin processes, loaded the way the pane loads them
 * (config hooks and discovered Claude Code settings), shell form and exec form.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPluginRunner, type PluginRunner } from '../../src/plugins/plugin-runner.js';
import { loadPlugins } from '../../src/config/plugin-setup.js';
import type { HookHandler } from '../../src/plugins/plugin-config.js';
import { makeTempDir } from '../support/temp-dir.js';
import { bashEvent, collector } from './plugin-fixtures.js';

/** Each would run `touch pwned-…` in the folder if its name reached the shell as syntax. */
const HOSTILE_NAMES = [
  'sub $(touch pwned-dollar)',
  'tick `touch pwned-tick`',
  "single ' ; touch pwned-single ; '",
  'double " ; touch pwned-double ; "',
  'semi; touch pwned-semi',
  'line\ntouch pwned-newline\nend',
  'glob * ? [ab]',
  'var $HOME ${HOME}',
];

/** The usual Claude Code hook pattern, with both spellings, a script in the folder, and one unquoted use. */
const SHELL_FORM: HookHandler = {
  type: 'command',
  name: 'shell-form',
  command: [
    `printf '%s' "$CLAUDE_PROJECT_DIR" > "$CLAUDE_PROJECT_DIR/seen-quoted"`,
    `printf '%s' "\${CLAUDE_PROJECT_DIR}" > "\${CLAUDE_PROJECT_DIR}/seen-braced"`,
    'sh "$CLAUDE_PROJECT_DIR/probe.sh"',
    // Unquoted: split and globbed by the shell, but never run.
    'echo $CLAUDE_PROJECT_DIR > /dev/null',
  ].join('; '),
};

const EXEC_FORM: HookHandler = {
  type: 'command',
  name: 'exec-form',
  command: process.execPath,
  args: [
    '${CLAUDE_PROJECT_DIR}/probe.mjs',
    '$CLAUDE_PROJECT_DIR',
    '${CLAUDE_PROJECT_DIR}',
    '$HOME',
    '$(touch pwned-arg)',
  ],
};

/** Hostile folders, each holding the scripts the handlers call. */
function hostileFolders(): string[] {
  const parent = makeTempDir();
  return HOSTILE_NAMES.map((name) => {
    const dir = join(parent, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'probe.sh'), 'printf ran > probe-ran\n');
    writeFileSync(
      join(dir, 'probe.mjs'),
      'import { writeFileSync } from "node:fs"; writeFileSync("seen-exec", JSON.stringify(process.argv.slice(2)));\n',
    );
    return dir;
  });
}

const runners: PluginRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
});

/** Loads the handler the way the pane does, runs it once per folder; returns its warnings. */
async function runIn(folders: string[], configFile: string, projectDir: string, name: string) {
  const setup = loadPlugins({ configFile, projectDir, env: { ...process.env, HOME: '/nonexistent-home' } });
  expect(setup.errors).toEqual([]);
  expect(setup.handlers.map((h) => h.name)).toEqual([name]);
  const out = collector();
  const runner = createPluginRunner({ shell: '/bin/sh', handlers: setup.handlers, ...out.callbacks });
  runners.push(runner);
  for (const cwd of folders) await runner.handleEvent(bashEvent('ls', { cwd }));
  return out.warnings;
}

const SOURCES = {
  'config hooks': (handler: HookHandler) => {
    const dir = makeTempDir();
    const configFile = join(dir, 'config.json');
    writeFileSync(configFile, JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [handler] }] } }));
    return { configFile, projectDir: dir };
  },
  'discovered Claude Code settings': (handler: HookHandler) => {
    const project = makeTempDir();
    mkdirSync(join(project, '.claude'));
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [handler] }] } }),
    );
    const configFile = join(project, 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({ discoverClaudeSettings: true, claudeSettingsPaths: ['.claude/settings.json'] }),
    );
    return { configFile, projectDir: project };
  },
};

describe.each(Object.entries(SOURCES))('$CLAUDE_PROJECT_DIR holding shell syntax, through %s', (_, source) => {
  it('shell form: the command sees the exact folder name and nothing in it runs', { timeout: 60_000 }, async () => {
    const folders = hostileFolders();
    const { configFile, projectDir } = source(SHELL_FORM);
    const warnings = await runIn(folders, configFile, projectDir, 'shell-form');
    for (const dir of folders) {
      // Only what the handler was meant to write: no pwned-* file from an injected command.
      expect(readdirSync(dir).sort(), JSON.stringify(dir)).toEqual([
        'probe-ran',
        'probe.mjs',
        'probe.sh',
        'seen-braced',
        'seen-quoted',
      ]);
      expect(readFileSync(join(dir, 'seen-quoted'), 'utf8')).toBe(dir);
      expect(readFileSync(join(dir, 'seen-braced'), 'utf8')).toBe(dir);
    }
    expect(warnings).toEqual([]);
  });

  it('exec form: each argument gets the exact folder name as a plain string, no shell', {
    timeout: 60_000,
  }, async () => {
    const folders = hostileFolders();
    const { configFile, projectDir } = source(EXEC_FORM);
    const warnings = await runIn(folders, configFile, projectDir, 'exec-form');
    for (const dir of folders) {
      expect(readdirSync(dir).sort(), JSON.stringify(dir)).toEqual(['probe.mjs', 'probe.sh', 'seen-exec']);
      expect(JSON.parse(readFileSync(join(dir, 'seen-exec'), 'utf8'))).toEqual([
        dir,
        dir,
        '$HOME',
        '$(touch pwned-arg)',
      ]);
    }
    expect(warnings).toEqual([]);
  });
});
