/**
 * Not a nuisance for a session whose events come through the sh spool (the hook Claude Code runs
 * for an installed buddy-tui): the spool puts TMUX_PANE and the tmux server's pid into the inbox
 * file's name, the drain stamps them on the journal line, and the pane (running inside the same
 * tmux, as it does in a split) asks that server whether the pane is in view. A real tmux with two
 * panes in one window, an outer tmux holding a real client: none while the agent's pane is the
 * active one; one once the user moved to the other pane.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spoolArgs } from '../../src/ingest/spool-command.js';
import { HOOK_ENTRY } from '../support/hook-process.js';
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

/** One event through the real spool script, exactly as installed (`/bin/sh -c SPOOL_SCRIPT ...`). */
function spool(payload: string, env: NodeJS.ProcessEnv): Promise<number | null> {
  const child = spawn('/bin/sh', spoolArgs('claude', { node: process.execPath, hookScript: HOOK_ENTRY }), {
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.stdin.end(payload);
  return new Promise((resolve) => child.once('close', resolve));
}

async function feedThroughSpool(payloads: string[], env: NodeJS.ProcessEnv): Promise<void> {
  for (const payload of payloads) expect(await spool(payload, env)).toBe(0);
}

describe('the pane the user looks at, for a spooled session', () => {
  let inner: TmuxServer;
  let agentPane: string;
  let otherPane: string;
  beforeAll(async () => {
    const base = makeTempDir();
    mkdirSync(join(base, 'outer'));
    const started = startTmux(base);
    inner = started.server;
    servers.push(inner);
    otherPane = started.pane;
    // Two panes side by side in the one window; the agent's is the new, active one.
    agentPane = inner.tmux(['split-window', '-h', '-P', '-F', '#{pane_id}', 'sh']).stdout.trim();
    const outer = startTmux(join(base, 'outer'), {
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
    // The pane runs in the other pane of the same tmux: its TMUX names that server.
    pane = await startNotifyPane(
      { channels: ['command'], command: 'stub' },
      { env: { ...inner.clientEnv(otherPane) } },
    );
  }, 60_000);

  it("none while the agent's pane is the active pane; one once the user is on the other pane", {
    timeout: 120_000,
  }, async () => {
    const hookEnv = { ...pane!.env, ...inner.clientEnv(agentPane) };
    const episodes = waitingEpisodes('notify-spool');
    expect(inner.tmux(['display-message', '-p', '-t', agentPane, '#{pane_active}']).stdout.trim()).toBe('1');
    await feedThroughSpool(episodes.ask, hookEnv);
    await waitForFrame(pane!.frame, (text) => text.includes('waiting for you: approve Bash'), 60_000);
    await pane!.handle.notifier.idle();
    expect(pane!.stubs.commandCalls()).toEqual([]);

    // The events came through the spool (the drain's `inbox` key), with the pane and the server's pid.
    const journal = readFileSync(join(pane!.env.BUDDY_TUI_STATE_DIR!, 'notify-spool', 'events.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const spooled = journal.filter((event) => typeof event.inbox === 'string');
    expect(spooled.length).toBeGreaterThan(0);
    const serverPid = Number(inner.tmux(['display-message', '-p', '#{pid}']).stdout.trim());
    for (const event of spooled) expect(event).toMatchObject({ tmux_pane: agentPane, tmux_server_pid: serverPid });

    inner.tmux(['select-pane', '-t', otherPane]);
    await feedThroughSpool(episodes.askAgain, hookEnv);
    await waitUntil(
      () => pane!.stubs.commandCalls().length,
      (n) => n >= 1,
      'the notification once the user looks at the other pane',
      60_000,
    );
    await pane!.handle.notifier.idle();
    expect(pane!.stubs.commandCalls()).toHaveLength(1);
  });
});
