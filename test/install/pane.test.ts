// `buddy-tui pane` against a private tmux server, and its message outside tmux.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTmux, type TmuxServer } from '../e2e/tmux-server.js';
import { forwardedEnv, splitWindowArgs } from '../../src/cli/pane.js';

let server: TmuxServer | undefined;
afterEach(async () => {
  server?.kill();
  server = undefined;
  // The split's buddy-tui closes on SIGHUP and may write its last log line into the temp dir.
  await new Promise((resolve) => setTimeout(resolve, 1000));
});

function pane(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('buddy-tui pane', () => {
  it("passes buddy-tui's environment to the new pane with -e (tmux would use the server's)", () => {
    const env = forwardedEnv({
      BUDDY_TUI_STATE_DIR: '/s',
      XDG_CONFIG_HOME: '/c',
      PATH: '/bin',
      ANTHROPIC_API_KEY: 'secret',
      HOME: '/h',
    });
    expect(env).toEqual(['BUDDY_TUI_STATE_DIR=/s', 'XDG_CONFIG_HOME=/c', 'PATH=/bin']);
    const args = splitWindowArgs({
      size: '40%',
      below: false,
      focus: false,
      target: '%3',
      cwd: '/p',
      command: 'node cli.js tui',
      env,
    });
    expect(args).toEqual([
      'split-window',
      '-h',
      '-d',
      '-l',
      '40%',
      '-t',
      '%3',
      '-c',
      '/p',
      '-e',
      'BUDDY_TUI_STATE_DIR=/s',
      '-e',
      'XDG_CONFIG_HOME=/c',
      '-e',
      'PATH=/bin',
      '-P',
      '-F',
      '#{pane_id}',
      'node cli.js tui',
    ]);
  });

  it('outside tmux says so clearly and exits 1', () => {
    const result = pane(['pane'], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not inside tmux');
    expect(result.stderr).toContain('run `buddy-tui` there');
    expect(pane(['--tmux'], {}).stderr).toContain('not inside tmux');
  });

  it('splits the current tmux pane, runs buddy-tui there with the size asked for, and keeps the focus', () => {
    const dir = makeTempDir();
    const started = startTmux(dir, { width: 200, height: 40 });
    server = started.server;
    const result = pane(['pane', '--size', '60', '--', '--species', 'cat'], {
      ...server.clientEnv(started.pane),
      BUDDY_TUI_STATE_DIR: `${dir}/state`,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // Not a terminal (as under a key binding's run-shell): nothing printed on success.
    expect(result.stdout).toBe('');
    const panes = server
      .tmux(['list-panes', '-F', '#{pane_id} #{pane_width} #{pane_active} #{pane_start_command}'])
      .stdout.trim()
      .split('\n');
    expect(panes).toHaveLength(2);
    const line = panes.find((entry) => !entry.startsWith(`${started.pane} `))!;
    const [, width, active] = line.split(' ');
    expect(Number(width)).toBe(60);
    expect(active).toBe('0');
    expect(line).toContain(`${CLI_ENTRY} tui --species cat`);
  });

  it('--below with a percentage splits vertically; a bad size is refused', () => {
    const dir = makeTempDir();
    const started = startTmux(dir, { width: 120, height: 40 });
    server = started.server;
    expect(pane(['pane', '--size', 'big'], server.clientEnv(started.pane)).code).toBe(2);
    const result = pane(['pane', '--below', '--size', '25%', '--focus'], server.clientEnv(started.pane));
    expect(result.code).toBe(0);
    const panes = server
      .tmux(['list-panes', '-F', '#{pane_id} #{pane_width} #{pane_height} #{pane_active}'])
      .stdout.trim()
      .split('\n');
    const created = panes.find((entry) => !entry.startsWith(`${started.pane} `))!.split(' ');
    expect(Number(created[1])).toBe(120);
    expect(Number(created[2])).toBeGreaterThanOrEqual(8);
    expect(Number(created[2])).toBeLessThanOrEqual(11);
    expect(created[3]).toBe('1');
  });
});
