import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectRules, isBuddyTuiEntry } from '../../src/plugins/rule-sources.js';
import { loadPlugins } from '../../src/config/plugin-setup.js';
import { makeTempDir } from '../support/temp-dir.js';

const rule = (command: string) => ({ hooks: [{ type: 'command' as const, command }] });
const write = (file: string, value: unknown) => {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
};
const commands = (rules: ReturnType<typeof collectRules>['rules']) =>
  rules.map((r) => (r.rule.hooks[0] as { command: string }).command);

describe('collectRules', () => {
  it('merges config hooks, hooksFile, plugin folders and Claude settings in that order, expanding ~ and ${VAR}', () => {
    const home = makeTempDir();
    const project = makeTempDir();
    const configFile = join(home, '.config/buddy-tui/config.json');
    write(join(home, 'shared/hooks.json'), { hooks: { PostToolUse: [rule('from-hooks-file')] } });
    write(join(home, 'plugins/p1/buddy-plugin.json'), {
      name: 'p1',
      description: 'first',
      hooks: { Stop: [rule('from-plugin')] },
      limits: { cooldownMs: 7 },
      env: ['P1_TOKEN'],
    });
    write(join(project, '.claude/settings.json'), {
      hooks: {
        PostToolUse: [
          {
            matcher: '*',
            hooks: [
              { type: 'command', command: 'buddy-tui hook' },
              { type: 'command', command: 'from-claude' },
            ],
          },
          { hooks: [{ type: 'command', command: 'node /opt/buddy-tui/dist/hook.js' }] },
          {
            hooks: [
              { type: 'command', command: 'tagged', buddyTui: true },
              { type: 'prompt', prompt: 'judge this' },
            ],
          },
          // What `buddy-tui install` writes: a tagged group running node on dist/hook.js.
          {
            _tag: 'buddy-tui-managed',
            hooks: [{ type: 'command', command: "'/usr/bin/node' '/opt/bt/dist/hook.js'", timeout: 5 }],
          },
          { _tag: 'buddy-tui-managed', hooks: [{ type: 'command', command: 'renamed-but-tagged' }] },
        ],
      },
    });
    const config = {
      hooks: { PreToolUse: [rule('from-config')] },
      hooksFile: '~/shared/hooks.json',
      plugins: ['${PLUGINS}/p1'],
      discoverClaudeSettings: true,
    };
    const { rules, errors } = collectRules(config, {
      configFile,
      env: { HOME: home, PLUGINS: join(home, 'plugins') },
      projectDir: project,
    });
    expect(errors).toEqual([]);
    expect(commands(rules)).toEqual(['from-config', 'from-hooks-file', 'from-plugin', 'from-claude']);
    expect(rules.map((r) => r.origin.kind)).toEqual(['config', 'hooksFile', 'plugin', 'claude-settings']);
    const plugin = rules[2]!.origin;
    expect(plugin).toMatchObject({
      plugin: 'p1',
      root: join(home, 'plugins/p1'),
      env: ['P1_TOKEN'],
      limits: { cooldownMs: 7 },
      path: 'hooks.Stop[0]',
    });
  });

  it('reads Claude Code settings only when discoverClaudeSettings is on', () => {
    const project = makeTempDir();
    write(join(project, '.claude/settings.json'), { hooks: { Stop: [rule('claude')] } });
    const off = collectRules({}, { configFile: join(project, 'c.json'), projectDir: project });
    expect(off.rules).toEqual([]);
    const on = collectRules(
      { discoverClaudeSettings: true, claudeSettingsPaths: ['.claude/settings.json', './.claude/settings.json'] },
      { configFile: join(project, 'c.json'), projectDir: project },
    );
    expect(commands(on.rules)).toEqual(['claude']); // the same file listed twice is read once
  });

  it('reports manifest and hooksFile problems with file and JSON path and keeps the rest', () => {
    const dir = makeTempDir();
    write(join(dir, 'bad-name/buddy-plugin.json'), { name: 'has space', hooks: {} });
    write(join(dir, 'half/buddy-plugin.json'), {
      name: 'half',
      hooks: { Stop: [rule('good'), { hooks: [{ type: 'command', command: '' }] }] },
    });
    write(join(dir, 'broken/buddy-plugin.json'), '{nope');
    mkdirSync(join(dir, 'empty'));
    write(join(dir, 'hooks.json'), { hooks: { Stop: [rule('hf')] }, extra: 1 });
    const { rules, errors } = collectRules(
      { plugins: ['bad-name', 'half', 'broken', 'empty'], hooksFile: 'hooks.json' },
      { configFile: join(dir, 'config.json') },
    );
    expect(commands(rules)).toEqual(['hf', 'good']);
    expect(errors.map((e) => [e.file.slice(dir.length + 1), e.path])).toEqual([
      ['hooks.json', 'extra'],
      ['bad-name/buddy-plugin.json', 'name'],
      ['half/buddy-plugin.json', 'hooks.Stop[1].hooks[0].command'],
      ['broken/buddy-plugin.json', ''],
      ['empty/buddy-plugin.json', ''],
    ]);
  });

  it("recognises buddy-tui's own hook entries", () => {
    expect(isBuddyTuiEntry({ command: 'buddy-tui hook' })).toBe(true);
    expect(isBuddyTuiEntry({ command: 'npx -y buddy-tui hook' })).toBe(true);
    expect(isBuddyTuiEntry({ command: 'node "/x/buddy-tui/dist/hook.js"' })).toBe(true);
    expect(isBuddyTuiEntry({ command: 'my-hook.sh', buddyTui: { version: 1 } })).toBe(true);
    expect(isBuddyTuiEntry({ command: '/usr/bin/node', args: ['/x/buddy-tui/dist/hook.js'] })).toBe(true);
    expect(isBuddyTuiEntry({ command: '/usr/bin/node', args: ['/x/my-hook.js'] })).toBe(false);
    expect(isBuddyTuiEntry({ command: 'buddy-tui-fan hooked' })).toBe(false);
    expect(isBuddyTuiEntry({ command: './hook.js' })).toBe(false);
  });
});

describe('loadPlugins', () => {
  it('compiles the config into handlers and gathers errors from every stage', () => {
    const dir = makeTempDir();
    const configFile = join(dir, 'config.json');
    write(configFile, {
      hooks: {
        PostToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'ok' }] },
          { matcher: '(', hooks: [{ type: 'command', command: 'bad-regex' }] },
        ],
      },
      plugins: ['missing'],
    });
    const setup = loadPlugins({ configFile, env: {} });
    expect(setup.handlers.map((h) => h.name)).toEqual(['ok']);
    expect(setup.errors.map((e) => e.path)).toEqual(['', 'hooks.PostToolUse[1].matcher']);
    expect(setup.errors[0]!.message).toMatch(/no buddy-plugin.json/);
  });

  it('keeps the last good handlers when config.json is saved broken', () => {
    const dir = makeTempDir();
    const configFile = join(dir, 'config.json');
    write(configFile, { hooks: { Stop: [rule('kept')] } });
    const good = loadPlugins({ configFile, env: {} });
    write(configFile, '{"hooks": {"Stop": [');
    const broken = loadPlugins({ configFile, env: {}, previous: good.config });
    expect(broken.fileOk).toBe(false);
    expect(broken.errors).toMatchObject([
      { file: configFile, path: '', message: expect.stringMatching(/not valid JSON/) },
    ]);
    expect(broken.handlers.map((h) => (h.handler as { command: string }).command)).toEqual(['kept']);
  });
});
