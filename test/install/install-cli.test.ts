// The built `buddy-tui install` / `uninstall` commands, spawned for real (npm test builds dist/ first).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { handlerKind, spoolExecHandler, spoolInlineCommand } from '../../src/ingest/spool-command.js';
import { CLI_ENTRY, HOOK_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

function cli(args: string[], env: NodeJS.ProcessEnv, cwd?: string) {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH, ...env },
    cwd,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('buddy-tui install / uninstall (spawned)', () => {
  it('honours CLAUDE_CONFIG_DIR, writes runnable absolute commands, and uninstall restores the bytes', () => {
    const home = makeTempDir();
    const config = join(home, 'claude-config');
    mkdirSync(config);
    const before = '{\n  "theme": "dark",\n  "statusLine": {"type": "command", "command": "echo mine"}\n}\n';
    writeFileSync(join(config, 'settings.json'), before);
    const state = join(home, 'state');
    const env = { HOME: home, CLAUDE_CONFIG_DIR: config, BUDDY_TUI_STATE_DIR: state };

    const dry = cli(['install', '--dry-run', '--diff'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+     "command": ');
    expect(dry.stdout).toContain('(dry run:');
    expect(cli(['install', '--dry-run'], env).stdout).toContain(`changes ${join(config, 'settings.json')}:`);
    expect(readFileSync(join(config, 'settings.json'), 'utf8')).toBe(before);
    expect(existsSync(state)).toBe(false);

    const installed = cli(['install'], env);
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain('Backup of the previous file:');
    // /bin/sh is here: the spool, always in the shell form (one /bin/sh per event, which every version runs).
    expect(installed.stdout).toContain(
      'spool: /bin/sh writes each event into the inbox; shell form: one /bin/sh per event',
    );
    expect(installed.stdout).toContain('Your statusLine "echo mine" stays');
    // The inbox is made at install, so the fast path works from the first event.
    expect(statSync(join(state, 'inbox')).mode & 0o777).toBe(0o700);
    const settings = JSON.parse(readFileSync(join(config, 'settings.json'), 'utf8'));
    const hookCommand: string = settings.hooks.Stop[0].hooks[0].command;
    expect(hookCommand).toBe(spoolInlineCommand('claude', { node: process.execPath, hookScript: HOOK_ENTRY }));
    expect(settings.statusLine.command).toBe(`${process.execPath} ${CLI_ENTRY} statusline --chain 'echo mine'`);
    expect(existsSync(join(home, '.claude'))).toBe(false);

    // The command really runs through a shell, as Claude Code runs it: one file in the inbox, then a drain.
    const payload = JSON.stringify({
      session_id: 'cli-test',
      hook_event_name: 'SessionStart',
      source: 'startup',
      cwd: home,
    });
    expect(
      execFileSync('sh', ['-c', hookCommand], {
        input: payload,
        env: { PATH: process.env.PATH, BUDDY_TUI_STATE_DIR: state },
        encoding: 'utf8',
      }),
    ).toBe('');
    expect(readdirSync(join(state, 'inbox'))).toHaveLength(1);
    expect(drainInbox(state).drained).toBe(1);
    expect(readFileSync(join(state, 'cli-test', 'events.jsonl'), 'utf8')).toContain('"SessionStart"');

    expect(cli(['install'], env).stdout).toContain('already installed');
    const removed = cli(['uninstall'], env);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('Restored your statusLine "echo mine"');
    expect(readFileSync(join(config, 'settings.json'), 'utf8')).toBe(before);
    expect(cli(['uninstall'], env).stdout).toContain('not installed');

    // --exec-form is for the Node hook: the spool stays the inline shell form, and install says so.
    expect(cli(['install', '--exec-form'], env).stdout).toContain(
      'shell form: one /bin/sh per event (--exec-form is for --node-hook)',
    );
    const inline = JSON.parse(readFileSync(join(config, 'settings.json'), 'utf8')).hooks.SessionEnd[0].hooks[0];
    expect(inline).toEqual({ type: 'command', command: hookCommand, timeout: 5 });
    expect(cli(['install', '--exec-form', '--shell-form'], env).code).toBe(2);
    cli(['uninstall'], env);
    expect(readFileSync(join(config, 'settings.json'), 'utf8')).toBe(before);
  });

  it('--node-hook writes the Node hook in either form; it runs as Claude Code runs it', () => {
    const home = makeTempDir();
    const state = join(home, 'state');
    const env = { HOME: home, BUDDY_TUI_STATE_DIR: state };
    const settingsPath = join(home, '.claude', 'settings.json');
    expect(cli(['install', '--node-hook'], env).stdout).toContain('Node hook: --node-hook');
    const shell = JSON.parse(readFileSync(settingsPath, 'utf8')).hooks.Stop[0].hooks[0];
    expect(shell).toEqual({ type: 'command', command: `${process.execPath} ${HOOK_ENTRY}`, timeout: 5 });
    const payload = JSON.stringify({ session_id: 'node-hook', hook_event_name: 'Stop' });
    execFileSync('sh', ['-c', shell.command], {
      input: payload,
      env: { PATH: process.env.PATH, BUDDY_TUI_STATE_DIR: state },
    });
    expect(readFileSync(join(state, 'node-hook', 'events.jsonl'), 'utf8')).toContain('"Stop"');
    cli(['install', '--node-hook', '--exec-form'], env);
    expect(JSON.parse(readFileSync(settingsPath, 'utf8')).hooks.Stop[0].hooks[0]).toEqual({
      type: 'command',
      command: process.execPath,
      args: [HOOK_ENTRY],
      timeout: 5,
    });
  });

  it('upgrades the Node-hook entries of an earlier install to the spool in place, once; uninstall removes either', () => {
    const home = makeTempDir();
    const env = { HOME: home, BUDDY_TUI_STATE_DIR: join(home, 'state') };
    const settingsPath = join(home, '.claude', 'settings.json');
    mkdirSync(join(home, '.claude'));
    const mine = { hooks: [{ type: 'command', command: 'echo mine' }] };
    const before = `${JSON.stringify({ hooks: { Stop: [mine] } }, null, 2)}\n`;
    writeFileSync(settingsPath, before);
    cli(['install', '--node-hook', '--exec-form'], env);
    const old = JSON.parse(readFileSync(settingsPath, 'utf8'));
    expect(old.hooks.Stop[1].hooks[0].command).toBe(process.execPath);

    expect(cli(['install', '--exec-form'], env).code).toBe(0);
    const upgraded = JSON.parse(readFileSync(settingsPath, 'utf8'));
    for (const [event, groups] of Object.entries(
      upgraded.hooks as Record<string, Array<{ _tag?: string; hooks: Array<{ command: string }> }>>,
    )) {
      const ours = groups.filter((group) => group._tag === 'buddy-tui-managed');
      expect({ event, count: ours.length, path: handlerKind(ours[0].hooks[0])?.path }).toEqual({
        event,
        count: 1,
        path: 'spool',
      });
    }
    expect(upgraded.hooks.Stop[0]).toEqual(mine);
    expect(cli(['install', '--exec-form'], env).stdout).toContain('already installed');
    const inline = upgraded.hooks.Stop[1].hooks[0];
    expect(inline.command).toBe(spoolInlineCommand('claude', { node: process.execPath, hookScript: HOOK_ENTRY }));

    // The spool's earlier generation (exec form: /bin/sh with args) becomes the inline script, once.
    const execGeneration = structuredClone(upgraded);
    for (const groups of Object.values(
      execGeneration.hooks as Record<string, Array<{ _tag?: string; hooks: unknown[] }>>,
    )) {
      for (const group of groups)
        if (group._tag)
          group.hooks = [spoolExecHandler('claude', { node: process.execPath, hookScript: HOOK_ENTRY }, 5)];
    }
    writeFileSync(settingsPath, `${JSON.stringify(execGeneration, null, 2)}\n`);
    expect(cli(['install'], env).code).toBe(0);
    expect(JSON.parse(readFileSync(settingsPath, 'utf8'))).toEqual(upgraded);
    expect(cli(['uninstall'], env).code).toBe(0);
    expect(readFileSync(settingsPath, 'utf8')).toBe(before);
  });

  it('--project edits ./.claude/settings.json; a JSONC file is refused with exit 1 and left alone', () => {
    const home = makeTempDir();
    const project = join(home, 'project');
    mkdirSync(join(project, '.claude'), { recursive: true });
    const jsonc = '{\n  "permissions": {"allow": ["Bash(npm test)"],},\n}\n';
    writeFileSync(join(project, '.claude', 'settings.json'), jsonc);
    const refused = cli(['install', '--project'], { HOME: home }, project);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(join(project, '.claude', 'settings.json'));
    expect(refused.stderr).toContain('trailing comma at line 2');
    expect(readFileSync(join(project, '.claude', 'settings.json'), 'utf8')).toBe(jsonc);

    writeFileSync(join(project, '.claude', 'settings.json'), '{}');
    expect(cli(['install', '--project', '--statusline-only'], { HOME: home }, project).code).toBe(0);
    const settings = JSON.parse(readFileSync(join(project, '.claude', 'settings.json'), 'utf8'));
    expect(Object.keys(settings)).toEqual(['statusLine']);
    expect(cli(['uninstall', '--project'], { HOME: home }, project).code).toBe(0);
    expect(readFileSync(join(project, '.claude', 'settings.json'), 'utf8')).toBe('{}');
  });
});
