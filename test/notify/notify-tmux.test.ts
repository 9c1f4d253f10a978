/**
 * Not a nuisance, in a real tmux: the agent's pane (recorded by the real hook from TMUX_PANE and
 * TMUX) is asked about with `display -p -t <pane> '#{pane_active} #{window_active}
 * #{session_attached}'`. While it is the active pane of the current window of an attached
 * session (an outer tmux holds a real client), no notification; once the user is on another
 * window, one, and the tmux channel shows it in the client's status line and sets the bell flag
 * of the agent's window.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feedThroughHook } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';
import { waitForFrame } from '../components/render-at-size.js';
import { shellQuote, startTmux, type TmuxServer } from '../e2e/tmux-server.js';
import { startNotifyPane, waitingEpisodes, type NotifyPane } from './notify-pane-process.js';

vi.hoisted(() => {
  process.env.CI = 'false';
});

const servers: TmuxServer[] = [];
let pane: NotifyPane | undefined;
afterAll(async () => {
  await pane?.handle.close();
  for (const server of servers) server.kill();
});

describe('the pane the user looks at', () => {
  let inner: TmuxServer;
  let outer: { server: TmuxServer; pane: string };
  let agentPane: string;
  beforeAll(async () => {
    const base = makeTempDir();
    mkdirSync(join(base, 'outer'));
    inner = startTmux(base).server;
    servers.push(inner);
    inner.tmux(['set-option', '-g', 'display-time', '20000']);
    // The agent runs in a second window, which is the current one.
    agentPane = inner.tmux(['new-window', '-P', '-F', '#{pane_id}', 'sh']).stdout.trim();
    outer = startTmux(join(base, 'outer'), {
      width: 150,
      height: 12,
      command: `tmux -S ${shellQuote(inner.socket)} attach -t test`,
    });
    servers.push(outer.server);
    await waitUntil(
      () => inner.tmux(['display-message', '-p', '-t', agentPane, '#{session_attached}']).stdout.trim(),
      (n) => n === '1',
      'the client attached',
    );
    pane = await startNotifyPane(
      { channels: ['command', 'tmux'], command: 'stub' },
      { env: { TMUX: '', TMUX_PANE: '' } },
    );
  }, 60_000);

  it("none while the agent's pane is in view; one with the tmux message and bell flag once the user is elsewhere", {
    timeout: 120_000,
  }, async () => {
    const hookEnv = { ...pane!.env, ...inner.clientEnv(agentPane) };
    const episodes = waitingEpisodes('notify-tmux');
    await feedThroughHook(episodes.ask, hookEnv);
    await waitForFrame(pane!.frame, (text) => text.includes('waiting for you: approve Bash'), 60_000);
    await pane!.handle.notifier.idle();
    expect(pane!.stubs.commandCalls()).toEqual([]);

    inner.tmux(['select-window', '-t', 'test:0']);
    await feedThroughHook(episodes.askAgain, hookEnv);
    await waitUntil(
      () => pane!.stubs.commandCalls().length,
      (n) => n >= 1,
      'the notification once the user looks elsewhere',
      60_000,
    );
    await pane!.handle.notifier.idle();
    expect(pane!.stubs.commandCalls()).toHaveLength(1);
    expect(inner.tmux(['display-message', '-p', '-t', agentPane, '#{window_bell_flag}']).stdout.trim()).toBe('1');
    await outer.server.waitFor(
      outer.pane,
      /buddy-tui: Claude needs you \(project\): approve Bash `rm -rf build`/,
      10_000,
    );
  });
});
