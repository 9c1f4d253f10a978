// PostToolBatch is registered only while a buddy plugin listens to it: `buddy-tui install` and
// `buddy-tui doctor` spawned for real against a temporary HOME and its config.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDDY_TAG } from '../../src/protocol/buddy-tag.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

interface Check {
  status: 'ok' | 'warn' | 'fail';
  title: string;
  detail?: string;
  fix?: string;
}

const USER_GROUP = { hooks: [{ type: 'command', command: '~/bin/batch-log.sh' }] };
const PLUGIN_RULE = { hooks: [{ type: 'command', command: 'echo batch' }] };

function setup() {
  const home = makeTempDir();
  const project = join(home, 'project');
  mkdirSync(project);
  const env = {
    HOME: home,
    BUDDY_TUI_STATE_DIR: join(home, 'state'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
  };
  const configFile = join(home, '.config', 'buddy-tui', 'config.json');
  const settingsPath = join(home, '.claude', 'settings.json');
  mkdirSync(join(home, '.config', 'buddy-tui'), { recursive: true });
  const writeConfig = (hooks: Record<string, unknown[]>) => writeFileSync(configFile, JSON.stringify({ hooks }));
  const settings = () => JSON.parse(readFileSync(settingsPath, 'utf8'));
  const install = () => runCli(['install', '--no-mod'], env, project);
  const claudeChecks = (): Check[] => {
    const run = runCli(['doctor', '--json'], env, project);
    const sections = JSON.parse(run.stdout) as Array<{ section: string; checks: Check[] }>;
    return sections.find((s) => s.section === 'Claude Code')!.checks;
  };
  return { configFile, settingsPath, writeConfig, settings, install, claudeChecks };
}

describe('PostToolBatch on demand', () => {
  it('without a plugin on it, install leaves it out and says so; doctor counts 17 events', () => {
    const world = setup();
    const run = world.install();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('the hook (17 events;');
    expect(run.stdout).toContain(
      'PostToolBatch is left out, one process fewer per tool batch: no buddy plugin listens to it (install again after adding one).',
    );
    expect(world.settings().hooks.PostToolBatch).toBeUndefined();
    expect(world.settings().hooks.PostToolUse).toHaveLength(1);
    const checks = world.claudeChecks();
    expect(checks[0]).toMatchObject({ status: 'ok', title: 'buddy-tui hooks registered for all 17 events' });
    expect(checks.map((c) => c.title).join('\n')).not.toContain('PostToolBatch');
  });

  it('a plugin on it: doctor names the rule and asks for an install; install registers it and names the rule', () => {
    const world = setup();
    expect(world.install().code).toBe(0);
    world.writeConfig({ PostToolBatch: [PLUGIN_RULE] });

    expect(world.claudeChecks()[0]).toEqual({
      status: 'warn',
      title: 'buddy-tui hooks miss 1 event(s): PostToolBatch',
      detail: `${world.configFile} at hooks.PostToolBatch[0].hooks[0] listens to PostToolBatch; ${world.settingsPath}`,
      fix: 'run `buddy-tui install` again',
    });

    const run = world.install();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('the hook (18 events;');
    expect(run.stdout).toContain(
      `PostToolBatch is registered: ${world.configFile} at hooks.PostToolBatch[0].hooks[0] listens to it.`,
    );
    const groups = world.settings().hooks.PostToolBatch;
    expect(groups).toHaveLength(1);
    expect(groups[0]._tag).toBe(BUDDY_TAG);
    expect(groups[0].hooks[0].command).toBe(world.settings().hooks.PostToolUse[0].hooks[0].command);
    expect(world.claudeChecks()[0]).toMatchObject({
      status: 'ok',
      title: 'buddy-tui hooks registered for all 18 events',
    });
  });

  it("the plugin gone: doctor says the event costs a process for nothing; install drops buddy-tui's group, not the user's", () => {
    const world = setup();
    world.writeConfig({ PostToolBatch: [PLUGIN_RULE] });
    expect(world.install().code).toBe(0);
    const withUser = world.settings();
    withUser.hooks.PostToolBatch.unshift(USER_GROUP);
    writeFileSync(world.settingsPath, JSON.stringify(withUser, null, 2));
    world.writeConfig({});

    const checks = world.claudeChecks();
    expect(checks[0]).toMatchObject({ status: 'ok', title: 'buddy-tui hooks registered for all 17 events' });
    expect(checks[1]).toEqual({
      status: 'warn',
      title:
        'buddy-tui hooks run on PostToolBatch, which no buddy plugin listens to: Claude Code starts a process for nothing each time',
      detail: world.settingsPath,
      fix: 'run `buddy-tui install` again (it leaves out the events nothing listens to)',
    });

    expect(world.install().code).toBe(0);
    expect(world.settings().hooks.PostToolBatch).toEqual([USER_GROUP]);
    expect(
      world
        .claudeChecks()
        .map((c) => c.title)
        .join('\n'),
    ).not.toContain('PostToolBatch');

    // With the user's group gone too, the event goes from the file.
    const withoutUser = world.settings();
    withoutUser.hooks.PostToolBatch = [];
    writeFileSync(world.settingsPath, JSON.stringify(withoutUser, null, 2));
    world.writeConfig({ PostToolBatch: [PLUGIN_RULE] });
    expect(world.install().code).toBe(0);
    expect(world.settings().hooks.PostToolBatch).toHaveLength(1);
    world.writeConfig({});
    expect(world.install().code).toBe(0);
    expect(world.settings().hooks.PostToolBatch).toBeUndefined();
  });

  it('a rule kept to another host, and a broken config, register nothing', () => {
    const world = setup();
    world.writeConfig({ PostToolBatch: [{ host: 'qwen', ...PLUGIN_RULE }] });
    const run = world.install();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('PostToolBatch is left out');
    expect(world.settings().hooks.PostToolBatch).toBeUndefined();

    writeFileSync(world.configFile, '{"hooks": {"PostToolBatch": [');
    const broken = world.install();
    expect(broken.code, broken.stderr).toBe(0);
    expect(broken.stderr).toContain(`buddy-tui: ${world.configFile}: `);
    expect(broken.stderr).toContain('(install chose the hook events without it)');
    expect(world.settings().hooks.PostToolBatch).toBeUndefined();
    expect(world.claudeChecks()[0]).toMatchObject({
      status: 'ok',
      title: 'buddy-tui hooks registered for all 17 events',
    });
  });
});
