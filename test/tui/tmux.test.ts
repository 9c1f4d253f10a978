/**
 * The pane in a real terminal: tmux on a private socket runs the built `buddy-tui`, the
 * recorded Claude Code session goes through the real hook command, and `capture-pane` shows
 * what a user would see. Needs tmux (`.ci/run` installs it) and `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { CLI_ENTRY, feedThroughHook, fixturePayloads } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { shellQuote } from '../e2e/tmux-server.js';

const socket = `buddy-test-${process.pid}-${randomBytes(3).toString('hex')}`;
const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });

afterAll(() => {
  try {
    tmux('kill-server');
  } catch {
    // Already gone.
  }
});

async function poll<T>(read: () => T, check: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last:\n${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('buddy-tui in tmux', () => {
  it('shows a live session, survives 40x12, has a viewer that takes over, and exits at once on q', {
    timeout: 240_000,
  }, async () => {
    const base = makeTempDir('buddy-tmux-');
    const root = join(base, 'root');
    for (const dir of ['cfg', 'state', 'foundry']) mkdirSync(join(base, dir), { mode: 0o700 });
    const env = {
      BUDDY_TUI_STATE_DIR: root,
      XDG_CONFIG_HOME: join(base, 'cfg'),
      XDG_STATE_HOME: join(base, 'state'),
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    };
    const envPrefix = Object.entries({ ...env, CI: 'false', TERM: 'xterm-256color' })
      .map(([k, v]) => `${k}=${shellQuote(v)}`)
      .join(' ');
    // vitest sets FORCE_COLOR=0 and the tmux server inherits it: unset it so colour is the pane's choice.
    const command = `exec env -u FORCE_COLOR -u NO_COLOR ${envPrefix} ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`;
    const noColorCommand = `exec env -u FORCE_COLOR ${envPrefix} NO_COLOR=1 ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`;
    const COLOR_SGR = /\x1b\[[0-9;]*(?:3[0-7]|9[0-7]|38;[0-9;]+)m/;

    tmux('new-session', '-d', '-s', 'main', '-x', '100', '-y', '30', command);
    tmux('set-option', '-t', 'main', 'remain-on-exit', 'on');
    const pid = Number(tmux('display-message', '-p', '-t', 'main', '#{pane_pid}').trim());
    const screen = (target = 'main') => tmux('capture-pane', '-p', '-t', target);

    await poll(screen, (text) => text.includes('buddy-tui install'), 'the empty state');

    const payloads = fixturePayloads();
    const upToSubagent = payloads.findIndex((p) => JSON.parse(p).hook_event_name === 'SubagentStart') + 1;
    await feedThroughHook(payloads.slice(0, upToSubagent), env);
    const live = await poll(
      screen,
      (text) =>
        ['1 project', '💬', 'tools Bash×2', '▶ Agent', '● general-purpose', '✗ Bash', '╰─ buddy'].every((part) =>
          text.includes(part),
        ),
      'the session, its tools, the queue badge and a reaction',
    );
    // The frame fits (rows - 1): the tab row is still the top line, nothing scrolled away.
    expect(live.split('\n')[0]).toContain('1 project');

    // A second instance on the same root is a viewer and says so (this one honouring NO_COLOR).
    tmux('new-window', '-d', '-t', 'main', '-n', 'viewer', noColorCommand);
    await poll(
      () => screen('main:viewer'),
      (text) => text.includes(`plugins: pid ${pid}`) && text.includes('project'),
      'the viewer',
    );
    expect(tmux('capture-pane', '-e', '-p', '-t', 'main:0')).toMatch(COLOR_SGR);
    expect(tmux('capture-pane', '-e', '-p', '-t', 'main:viewer')).not.toMatch(COLOR_SGR);
    const viewerPid = Number(tmux('display-message', '-p', '-t', 'main:viewer', '#{pane_pid}').trim());

    tmux('resize-window', '-t', 'main:0', '-x', '40', '-y', '12');
    const small = await poll(
      screen,
      (text) =>
        text.trimEnd().split('\n').length <= 12 &&
        text.split('\n')[0].includes('project') &&
        text.includes('💬') &&
        !text.includes('events/min'),
      'the 40x12 layout',
    );
    for (const line of small.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(40);

    expect(isPidAlive(pid)).toBe(true);
    tmux('send-keys', '-t', 'main:0', 'q');
    await poll(
      () =>
        isPidAlive(pid)
          ? `alive; screen:\n${screen('main:0')}\nlog:\n${readFileSync(join(root, 'tui.log'), 'utf8')}`
          : 'gone',
      (state) => state === 'gone',
      'the process to exit after q',
      10_000,
    );
    // (tmux may take a while to reap it and learn its status; the pane is dead either way.)
    await poll(
      () => tmux('display-message', '-p', '-t', 'main:0', '#{pane_dead}').trim(),
      (dead) => dead === '1',
      'tmux to see the pane die',
      10_000,
    );

    // The runner is gone: the viewer takes over the plugins, then quits as promptly.
    await poll(
      () => screen('main:viewer'),
      (text) => text.includes('this pane now runs the plugins'),
      'the viewer to take over',
    );
    tmux('send-keys', '-t', 'main:viewer', 'q');
    await poll(
      () => (isPidAlive(viewerPid) ? `alive; log:\n${readFileSync(join(root, 'tui.log'), 'utf8')}` : 'gone'),
      (state) => state === 'gone',
      'the viewer to exit after q',
      10_000,
    );
  });
});
