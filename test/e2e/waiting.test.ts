/**
 * "Claude needs you", end to end: the real interactive Claude Code in tmux with
 * `--permission-mode default` asks before a Bash call; the buddy-tui pane beside it (opened with
 * `buddy-tui pane`, reading the same state root) must show the ask within 2 s of the dialog, and
 * drop it within 2 s of the approval (Enter on "1. Yes") reaching buddy-tui: the PostToolUse that
 * Claude Code sends once the approved call ran. How long Claude Code itself takes to run the call
 * after the key press is not ours to bound (on a loaded machine it took longer than 2 s).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { text, toolUse } from '../support/messages-api-standin.js';
import { buddyCli, createWorld, type E2eWorld } from './claude-session.js';
import { startTmux, waitUntil, type TmuxServer } from './tmux-server.js';

const LIMIT_MS = 2_000;
const FINAL = 'Removed the build folder.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True once a session journal in the state root holds an event of that name. */
function journaled(stateDir: string, event: string): boolean {
  if (!existsSync(stateDir)) return false;
  return readdirSync(stateDir).some((dir) => {
    const journal = join(stateDir, dir, 'events.jsonl');
    return existsSync(journal) && readFileSync(journal, 'utf8').includes(`"hook_event_name":"${event}"`);
  });
}

/** Polls a pane until `test` holds; how long it took, or the last screen when `limitMs` passed. */
async function within(
  server: TmuxServer,
  pane: string,
  limitMs: number,
  test: (screen: string) => boolean,
): Promise<{ ms: number; screen: string }> {
  const start = Date.now();
  let screen = '';
  while (Date.now() - start <= limitMs) {
    screen = server.capture(pane);
    if (test(screen)) return { ms: Date.now() - start, screen };
    await sleep(100);
  }
  return { ms: Infinity, screen };
}

describe.skipIf(skipWithoutClaude())('the pane shows when Claude Code waits for approval', () => {
  let world: E2eWorld;
  let server: TmuxServer;
  let claudePane: string;
  let buddyPane: string;

  beforeAll(async () => {
    world = await createWorld({
      turns: () => [toolUse('Bash', { command: 'rm -rf build', description: 'Remove the build folder' }), text(FINAL)],
    });
    mkdirSync(join(world.project, 'build'));
    const install = buddyCli(world, ['install']);
    expect(install.code, install.stderr).toBe(0);
    const started = startTmux(world.root, {
      width: 220,
      height: 50,
      env: world.claudeHome.env,
      cwd: world.project,
      command: `${world.claude} --permission-mode default`,
    });
    server = started.server;
    claudePane = started.pane;
    const pane = buddyCli(world, ['pane', '--size', '90'], server.clientEnv(claudePane));
    expect(pane.code, pane.stderr).toBe(0);
    buddyPane = /pane (%\d+)/.exec(pane.stdout)![1];
  }, 120_000);

  afterAll(async () => {
    server?.kill();
    await sleep(1000); // the pane's buddy-tui closes on SIGHUP
    await world?.cleanup();
  });

  it('the ask shows within 2 s of the dialog and is gone within 2 s of the approval', async () => {
    await server.waitFor(claudePane, /❯/, 90_000);
    await server.waitFor(buddyPane, /q quit|No Claude Code session|project/, 60_000);
    server.typeText(claudePane, 'Remove the build folder.');
    await sleep(500);
    server.sendKeys(claudePane, 'Enter');

    await server.waitFor(claudePane, /Do you want to proceed/, 60_000);
    const shown = await within(
      server,
      buddyPane,
      LIMIT_MS,
      (screen) => screen.includes('waiting for you: approve Bash') && screen.includes('❗'),
    );
    expect(shown.ms, `pane after ${LIMIT_MS} ms:\n${shown.screen}`).toBeLessThanOrEqual(LIMIT_MS);
    expect(shown.screen).toContain('rm -rf');

    server.sendKeys(claudePane, 'Enter');
    // An Enter that reaches the dialog before it takes keys is lost (seen once under CI load):
    // press again while it still asks, every 5 s.
    let pressedAt = Date.now();
    await waitUntil(
      () => {
        if (journaled(world.stateDir, 'PostToolUse')) return true;
        if (Date.now() - pressedAt > 5_000 && server.capture(claudePane).includes('Do you want to proceed')) {
          server.sendKeys(claudePane, 'Enter');
          pressedAt = Date.now();
        }
        return false;
      },
      Boolean,
      "the approved call's PostToolUse",
      60_000,
    );
    const gone = await within(
      server,
      buddyPane,
      LIMIT_MS,
      (screen) => !screen.includes('waiting for you') && !screen.includes('❗'),
    );
    expect(gone.ms, `pane after ${LIMIT_MS} ms:\n${gone.screen}`).toBeLessThanOrEqual(LIMIT_MS);
    await server.waitFor(claudePane, (screen) => screen.includes(FINAL), 60_000);
  }, 240_000);
});
