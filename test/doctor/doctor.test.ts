// `buddy-tui doctor`, spawned for real against temporary HOMEs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTrusted, settingsChecks } from '../../src/doctor/doctor-settings.js';
import { claudeBinary } from '../support/claude-cli.js';
import { CLI_ENTRY, feedThroughHook } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

interface Check {
  status: 'ok' | 'warn' | 'fail';
  title: string;
  detail?: string;
  fix?: string;
}

function doctor(env: NodeJS.ProcessEnv, cwd: string) {
  const result = spawnSync(process.execPath, [CLI_ENTRY, 'doctor', '--json'], {
    env: { PATH: '/usr/bin:/bin', ...env },
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const sections = JSON.parse(result.stdout) as Array<{ section: string; checks: Check[] }>;
  const find = (section: string) => sections.find((s) => s.section === section)!.checks;
  return { code: result.status, sections, find, stderr: result.stderr };
}

function setupHome() {
  const home = makeTempDir();
  const project = join(home, 'project');
  mkdirSync(project);
  const env = {
    HOME: home,
    BUDDY_TUI_STATE_DIR: join(home, 'state'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
  };
  writeFileSync(
    join(home, '.claude.json'),
    JSON.stringify({ projects: { [project]: { hasTrustDialogAccepted: true } } }),
  );
  return { home, project, env };
}

describe('buddy-tui doctor', () => {
  it('a healthy setup: hooks and statusLine installed, a session seen, exit 0', async () => {
    const { home, project, env } = setupHome();
    const bin = join(home, 'bin');
    mkdirSync(bin);
    const claude = claudeBinary();
    if (claude) symlinkSync(claude, join(bin, 'claude'));
    const install = spawnSync(process.execPath, [CLI_ENTRY, 'install'], {
      env: { PATH: '/usr/bin:/bin', ...env },
      encoding: 'utf8',
    });
    expect(install.status).toBe(0);
    const now = Date.now();
    await feedThroughHook(
      [
        JSON.stringify({
          session_id: 'abcdef12-3456',
          hook_event_name: 'SessionStart',
          source: 'startup',
          cwd: project,
        }),
        JSON.stringify({
          session_id: 'abcdef12-3456',
          hook_event_name: 'UserPromptSubmit',
          prompt: 'hi',
          cwd: project,
        }),
      ],
      env,
    );

    const result = doctor({ ...env, PATH: `${bin}:/usr/bin:/bin` }, project);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const all = result.sections.flatMap((s) => s.checks);
    expect(all.filter((c) => c.status === 'fail')).toEqual([]);
    expect(result.find('buddy-tui')[0].title).toBe(`Node ${process.versions.node}`);
    expect(result.find('buddy-tui')[2]).toMatchObject({
      status: 'ok',
      title: `state root ${env.BUDDY_TUI_STATE_DIR} (private, mode 700)`,
    });
    expect(result.find('buddy-tui')[3]).toMatchObject({
      status: 'ok',
      title: `inbox ${join(env.BUDDY_TUI_STATE_DIR, 'inbox')} (private; no event waiting)`,
    });
    expect(result.find('Claude Code').map((c) => c.title)).toEqual([
      'buddy-tui hooks registered for all 17 events',
      'hooks take the spool path: /bin/sh writes each event into the inbox',
      "statusLine is buddy-tui's (sh fast path while the pane runs, else Node)",
    ]);
    const session = result.find('sessions')[0];
    expect(session.status).toBe('ok');
    expect(session.title).toMatch(/^session abcdef12 project: last event UserPromptSubmit \d+s ago$/);
    expect(Date.now() - now).toBeLessThan(10 * 60_000);
    const delegate = result.find('delegate')[0];
    if (claude) {
      expect(delegate.title).toBe('delegate adapter: claude-cli (auto picks)');
      expect(delegate.detail).toContain(`Claude Code 2.1.332 found at ${join(bin, 'claude')}`);
    } else {
      expect(delegate.title).toBe('delegate adapter: offline (auto picks)');
    }
  });

  it('finds what stops buddy-tui, says how to fix each, and exits 1', async () => {
    const { home, project, env } = setupHome();
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ projects: {} }));
    mkdirSync(join(project, '.claude'));
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({ disableAllHooks: true, statusLine: { type: 'command', command: 'echo other' } }),
    );
    mkdirSync(join(home, '.config', 'buddy-tui', 'species'), { recursive: true });
    writeFileSync(join(home, '.config', 'buddy-tui', 'config.json'), JSON.stringify({ retentionHours: -3 }));
    writeFileSync(join(home, '.config', 'buddy-tui', 'species', 'broken.json'), '{"id": "broken", "name": 5}');
    mkdirSync(env.BUDDY_TUI_STATE_DIR, { mode: 0o755 });
    chmodSync(env.BUDDY_TUI_STATE_DIR, 0o755);
    await feedThroughHook([], env);

    const result = doctor(env, project);
    expect(result.code).toBe(1);
    // A BUDDY_TUI_STATE_DIR is the user's folder: the hook refuses it open rather than chmod it.
    expect(result.find('buddy-tui')[2]).toMatchObject({ status: 'fail', fix: `chmod 700 ${env.BUDDY_TUI_STATE_DIR}` });
    const claude = result.find('Claude Code');
    expect(claude).toContainEqual(
      expect.objectContaining({
        status: 'fail',
        title: 'buddy-tui hooks are not in any settings file',
        fix: expect.stringContaining('buddy-tui install'),
      }),
    );
    expect(claude).toContainEqual(
      expect.objectContaining({
        status: 'warn',
        title: `the statusLine is another command (${join(project, '.claude', 'settings.json')})`,
      }),
    );
    expect(claude).toContainEqual(
      expect.objectContaining({
        status: 'fail',
        title: '"disableAllHooks": true turns off all hooks and the statusLine',
      }),
    );
    expect(claude).toContainEqual(
      expect.objectContaining({ status: 'warn', fix: 'start `claude` here once and accept the trust dialog' }),
    );
    expect(result.find('sessions')[0]).toMatchObject({ status: 'warn', title: 'no session events received yet' });
    const config = result.find('config');
    expect(config[0].status).toBe('fail');
    expect(config[0].title).toContain(join(home, '.config', 'buddy-tui', 'config.json'));
    expect(config[0].title).toContain('retentionHours');
    const species = result.find('species').filter((c) => c.status === 'fail');
    expect(species.length).toBeGreaterThan(0);
    expect(species[0].title).toContain('broken.json');
  });

  it('reports errors in hooksFile and plugin manifests with file and JSON path, exactly as `plugins` does', () => {
    const { home, project, env } = setupHome();
    const dir = join(home, '.config', 'buddy-tui');
    mkdirSync(join(dir, 'p1'), { recursive: true });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ hooksFile: 'hooks.json', plugins: ['p1', 'missing'] }));
    writeFileSync(join(dir, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'nope' }] }] } }));
    writeFileSync(join(dir, 'p1', 'buddy-plugin.json'), JSON.stringify({ name: 5, hooks: {} }));

    const plugins = spawnSync(process.execPath, [CLI_ENTRY, 'plugins'], {
      env: { PATH: '/usr/bin:/bin', ...env },
      cwd: project,
      encoding: 'utf8',
    });
    expect(plugins.status).toBe(1);
    const pluginErrors = plugins.stderr
      .split('\n')
      .filter((line) => line.startsWith('  '))
      .map((line) => line.trim());
    expect(pluginErrors).toEqual([
      `${join(dir, 'hooks.json')}: hooks.Stop[0].hooks[0].type: handler type "nope" is not supported by buddy-tui (use "command" or "http")`,
      `${join(dir, 'p1', 'buddy-plugin.json')}: name: Invalid input: expected string, received number`,
      `${join(dir, 'missing', 'buddy-plugin.json')}: no buddy-plugin.json in plugin folder`,
    ]);

    const result = doctor(env, project);
    expect(result.code).toBe(1);
    const config = result.find('config');
    expect(config.map((check) => check.title)).toEqual(pluginErrors);
    expect(config.every((check) => check.status === 'fail')).toBe(true);
    expect(config[0].fix).toContain(`edit ${join(dir, 'hooks.json')}`);
  });

  it('prints readable lines with the fixes, and points at a moved install', () => {
    const { home, project, env } = setupHome();
    mkdirSync(join(home, '.claude'));
    writeFileSync(
      join(home, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          Stop: [
            {
              _tag: 'buddy-tui-managed',
              hooks: [{ type: 'command', command: `/usr/bin/node ${home}/gone/dist/hook.js`, timeout: 5 }],
            },
          ],
        },
      }),
    );
    const result = spawnSync(process.execPath, [CLI_ENTRY, 'doctor'], {
      env: { PATH: '/usr/bin:/bin', ...env },
      cwd: project,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('warn  buddy-tui hooks miss 16 event(s)');
    expect(result.stdout).toContain(`FAIL  the hook command points to a missing file: ${home}/gone/dist/hook.js`);
    expect(result.stdout).toContain('      fix: buddy-tui moved or was reinstalled: run `buddy-tui install` again');
    expect(result.stdout).toMatch(/\d+ failing, \d+ warning\(s\)\n$/);
  });
});

describe('doctor: trust and disableAllHooks', () => {
  it('a trusted parent folder trusts its subfolders; CLAUDE_CONFIG_DIR holds .claude.json; no file says nothing', () => {
    const { home, project } = setupHome();
    const deep = join(project, 'packages', 'app');
    mkdirSync(deep, { recursive: true });
    expect(isTrusted({ HOME: home }, deep)).toBe(true);
    expect(isTrusted({ HOME: home }, home)).toBe(false);
    const config = join(home, 'claude-config');
    mkdirSync(config);
    expect(isTrusted({ HOME: home, CLAUDE_CONFIG_DIR: config }, project)).toBeUndefined();
    writeFileSync(
      join(config, '.claude.json'),
      JSON.stringify({ projects: { [deep]: { hasTrustDialogAccepted: true } } }),
    );
    expect(isTrusted({ HOME: home, CLAUDE_CONFIG_DIR: config }, deep)).toBe(true);
    expect(isTrusted({ HOME: home, CLAUDE_CONFIG_DIR: config }, project)).toBe(false);
  });

  it('"disableAllHooks" is failed from any scope, unless a more specific file sets it back to false', () => {
    const { home, project } = setupHome();
    mkdirSync(join(home, '.claude'));
    mkdirSync(join(project, '.claude'));
    const user = join(home, '.claude', 'settings.json');
    const local = join(project, '.claude', 'settings.local.json');
    const disabled = () =>
      settingsChecks({ HOME: home }, project).find((c) => c.title.startsWith('"disableAllHooks": true'));
    expect(disabled()).toBeUndefined();
    writeFileSync(user, JSON.stringify({ disableAllHooks: true }));
    expect(disabled()).toMatchObject({ status: 'fail', detail: user, fix: `remove "disableAllHooks" from ${user}` });
    writeFileSync(local, JSON.stringify({ disableAllHooks: false }));
    expect(disabled()).toBeUndefined();
    writeFileSync(local, JSON.stringify({ disableAllHooks: true }));
    writeFileSync(user, '{}');
    expect(disabled()).toMatchObject({ status: 'fail', detail: local });
  });
});
