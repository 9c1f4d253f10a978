/**
 * The world of the "Claude needs you" end-to-end test and of the screen-latency bench: after
 * `buddy-tui install`, the real interactive Claude Code runs in tmux with `--permission-mode
 * default` (so it asks before a Bash call), and the buddy-tui pane opened with `buddy-tui pane`
 * beside it reads the same state root.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StandinReply } from '../support/messages-api-standin.js';
import { buddyCli, createWorld, type E2eWorld } from './claude-session.js';
import { startTmux, type TmuxServer } from './tmux-server.js';

export const ASKED = (screen: string) => screen.includes('waiting for you: approve Bash') && screen.includes('❗');
export const NOT_ASKED = (screen: string) => !screen.includes('waiting for you') && !screen.includes('❗');

/** How many events of that name the state root's session journals hold. */
export function journaledCount(stateDir: string, event: string): number {
  if (!existsSync(stateDir)) return 0;
  const needle = `"hook_event_name":"${event}"`;
  let count = 0;
  for (const dir of readdirSync(stateDir)) {
    const journal = join(stateDir, dir, 'events.jsonl');
    if (existsSync(journal)) count += readFileSync(journal, 'utf8').split(needle).length - 1;
  }
  return count;
}

export interface WaitingWorld {
  world: E2eWorld;
  server: TmuxServer;
  claudePane: string;
  buddyPane: string;
  /** Kills tmux (the pane's buddy-tui closes on SIGHUP) and removes the world. */
  cleanup(): Promise<void>;
}

export async function createWaitingWorld(turns: () => StandinReply[]): Promise<WaitingWorld> {
  const world = await createWorld({ turns });
  const install = buddyCli(world, ['install']);
  if (install.code !== 0) throw new Error(`buddy-tui install failed: ${install.stderr}`);
  const started = startTmux(world.root, {
    width: 220,
    height: 50,
    env: world.claudeHome.env,
    cwd: world.project,
    command: `${world.claude} --permission-mode default`,
  });
  const buddyPane = openBuddyPane(world, started.server, started.pane, 90);
  return {
    world,
    server: started.server,
    claudePane: started.pane,
    buddyPane,
    async cleanup() {
      started.server.kill();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await world.cleanup();
    },
  };
}

/**
 * `buddy-tui pane` beside `pane` (as a shell in it would run it), and the id of the pane it opened:
 * the one that was not there before (off a terminal the command prints nothing on success).
 */
export function openBuddyPane(world: E2eWorld, server: TmuxServer, pane: string, size: number): string {
  const panes = () => server.tmux(['list-panes', '-a', '-F', '#{pane_id}']).stdout.split('\n').filter(Boolean);
  const before = new Set(panes());
  const opened = buddyCli(world, ['pane', '--size', String(size)], server.clientEnv(pane));
  const buddyPane = panes().find((id) => !before.has(id));
  if (opened.code !== 0 || !buddyPane) throw new Error(`buddy-tui pane failed: ${opened.stdout}${opened.stderr}`);
  return buddyPane;
}

/**
 * Presses Enter on the permission dialog until the approved call's PostToolUse is journaled (the
 `before`-th one): an Enter that reaches the dialog before it takes keys is lost (seen once under
 * CI load), so it presses again every 5 s while the dialog still asks.
 */
export async function approveUntilJournaled(
  waiting: WaitingWorld,
  before: number,
  timeoutMs = 60_000,
): Promise<number> {
  const { server, claudePane, world } = waiting;
  const started = Date.now();
  server.sendKeys(claudePane, 'Enter');
  let pressedAt = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (journaledCount(world.stateDir, 'PostToolUse') > before) return Date.now();
    if (Date.now() - pressedAt > 5_000 && server.capture(claudePane).includes('Do you want to proceed')) {
      server.sendKeys(claudePane, 'Enter');
      pressedAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the approved call's PostToolUse was not journaled in ${timeoutMs} ms`);
}

/**
 * The statusLine's rows on a fullscreen Claude Code screen: under the prompt's lower rule, above the
 * hint line ("? for shortcuts", "esc to interrupt", the mode).
 */
export function statusLineRows(screen: string): string[] {
  const lines = screen.split('\n');
  let prompt = -1;
  lines.forEach((line, index) => {
    if (/^\s*❯/.test(line)) prompt = index;
  });
  const rule = lines.findIndex((line, index) => index > prompt && /^─{10,}/.test(line.trim()));
  if (prompt < 0 || rule < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(rule + 1)) {
    if (/for shortcuts|esc to interrupt|mode on|shift\+tab/.test(line)) break;
    if (line.trim()) rows.push(line);
  }
  return rows;
}

/** Presses Enter on the permission dialog until it is gone (an Enter before it takes keys is lost). */
export async function approveUntilClosed(server: TmuxServer, pane: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  server.sendKeys(pane, 'Enter');
  let pressedAt = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!server.capture(pane).includes('Do you want to proceed')) return;
    if (Date.now() - pressedAt > 5_000) {
      server.sendKeys(pane, 'Enter');
      pressedAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the permission dialog was still open after ${timeoutMs} ms`);
}
