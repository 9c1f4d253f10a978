/**
 * "Claude needs you", end to end. First without the mod: the real interactive Claude Code in tmux with
 * `--permission-mode default` asks before a Bash call; the buddy-tui pane beside it (opened with
 * `buddy-tui pane`, reading the same state root) shows the ask while the dialog is open (it stays
 * open until the test approves), and drops it once the approval (Enter on "1. Yes") reached
 * buddy-tui, while the turn is still open (the model's answer is held until then). How soon, in
 * ms, is `npm run bench -- screen-latency`'s to measure: a wall-clock bound in a test fails on a
 * loaded machine. Then with buddy-tui's mod loaded (issue 45): an approved command that runs until
 * the test releases it shows no "waiting" in the pane, the mod's band or the statusLine while it
 * runs (the mod saw the call start at `tool.run`, Claude Code sends no hook then), and the
 * statusLine shows no bubble while the mod draws one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { text, toolUse } from '../support/messages-api-standin.js';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  answersToolResult,
  createModWorld,
  failingCall,
  MOD_PET_NAME,
  MOD_REACTION,
  type ModWorld,
} from './mod-world.js';
import {
  approveUntilClosed,
  approveUntilJournaled,
  ASKED,
  createWaitingWorld,
  journaledCount,
  NOT_ASKED,
  openBuddyPane,
  statusLineRows,
  type WaitingWorld,
} from './waiting-world.js';

const FINAL = 'Removed the build folder.';
const removeBuild = toolUse('Bash', { command: 'rm -rf build', description: 'Remove the build folder' });

describe.skipIf(skipWithoutClaude())('the pane shows when Claude Code waits for approval', () => {
  let waiting: WaitingWorld;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    waiting = await createWaitingWorld(() => []);
    waiting.world.api.setMain((request) =>
      answersToolResult(request) ? released.then(() => text(FINAL)) : removeBuild,
    );
  }, 120_000);

  afterAll(async () => {
    release();
    await waiting?.cleanup();
  });

  it('the ask shows while the dialog is open, and is gone after the approval, before the turn ends', async () => {
    const { server, claudePane, buddyPane } = waiting;
    await server.waitFor(claudePane, /❯/, 90_000);
    await server.waitFor(buddyPane, /q quit|No Claude Code session|project/, 60_000);
    server.typeText(claudePane, 'Remove the build folder.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(claudePane, 'Enter');

    await server.waitFor(claudePane, /Do you want to proceed/, 60_000);
    const shown = await server.waitFor(buddyPane, ASKED, 30_000);
    expect(shown).toContain('rm -rf');
    expect(server.capture(claudePane)).toContain('Do you want to proceed');

    await approveUntilJournaled(waiting, 0);
    await server.waitFor(buddyPane, NOT_ASKED, 30_000);
    expect(server.capture(claudePane)).not.toContain(FINAL);
    release();
    await server.waitFor(claudePane, (screen) => screen.includes(FINAL), 60_000);
  }, 240_000);
});

describe.skipIf(skipWithoutClaude())('with the mod: waiting ends when the user answers, and the views agree', () => {
  let mod: ModWorld;
  const released = { command: () => undefined as void, answer: () => undefined as void };
  const answer = new Promise<void>((resolve) => (released.answer = resolve));
  const afterFailure = new Promise<void>((resolve) => (released.command = resolve));

  beforeAll(async () => {
    // Bash asks, but for the failing check (a rule allows `node …`), so the plugin's bubble shows first.
    mod = await createModWorld([], { keepStatusLine: true, allow: ['Bash(node:*)'], reactionTtlMs: 600_000 });
  }, 120_000);

  afterAll(async () => {
    released.command();
    released.answer();
    await mod?.cleanup();
  });

  it('an approved command shows no waiting in the pane, the band or the statusLine while it runs; the statusLine leaves the bubble to the mod', async () => {
    const { world } = mod;
    const gate = join(world.root, 'release-the-command');
    // Runs until the test has checked every view: the order, not a sleep's length, holds the run open.
    // (`touch` makes Claude Code ask; a bare wait loop is read-only and runs unasked.)
    const held = toolUse('Bash', {
      command: `touch '${gate}.started' && until [ -e '${gate}' ]; do sleep 0.2; done`,
      description: 'Wait',
    });
    let results = 0;
    world.api.setMain((request) => {
      if (!answersToolResult(request)) return failingCall();
      results += 1;
      return results === 1 ? afterFailure.then(() => held) : answer.then(() => text(FINAL));
    });
    const { server, pane } = mod.startClaude('fullscreen');
    await server.waitFor(pane, (s) => /❯/.test(s) && s.includes(`${MOD_PET_NAME} · `), 90_000);
    const buddyPane = openBuddyPane(world, server, pane, 50);
    await server.waitFor(buddyPane, /q quit|No Claude Code session|project/, 60_000);

    server.typeText(pane, 'Run the failing check, then wait.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(pane, 'Enter');
    await server.waitFor(pane, (s) => s.includes(MOD_REACTION), 60_000);
    released.command();

    await server.waitFor(pane, /Do you want to proceed/, 60_000);
    await server.waitFor(buddyPane, ASKED, 30_000);
    const approvedAt = Date.now();
    await approveUntilClosed(server, pane);

    // While the command runs (it waits for the gate): no view says "waiting".
    await server.waitFor(buddyPane, NOT_ASKED, 30_000);
    const screen = await server.waitFor(
      pane,
      (s) => !s.includes('waiting for you') && s.includes(MOD_REACTION),
      30_000,
    );
    expect(screen).not.toContain('Do you want to proceed');
    // The statusLine ran again after the answer (refreshInterval): its payload file is newer.
    const sid = readSessionId(world.stateDir);
    const payload = join(world.stateDir, 'statusline', `${sid}.json`);
    const ranAt = () => (existsSync(payload) ? statSync(payload).mtimeMs : 0);
    await waitUntilTrue(() => ranAt() > approvedAt, 'a statusLine run after the answer', 60_000);
    const after = await server.waitFor(pane, (s) => statusLineRows(s).length > 0, 30_000);
    const rows = statusLineRows(after).join('\n');
    expect(rows).not.toContain('approve');
    expect(rows).not.toContain('❗');
    // The mod draws the bubble above the prompt; the statusLine does not repeat it.
    expect(after).toContain(MOD_REACTION);
    expect(rows).not.toContain(MOD_REACTION.slice(0, 20));
    expect(journaledCount(world.stateDir, 'PostToolUse')).toBe(0);
    expect(server.capture(pane)).not.toContain(FINAL);

    writeFileSync(gate, '');
    await waitUntilTrue(() => journaledCount(world.stateDir, 'PostToolUse') > 0, 'the command done', 60_000);
    released.answer();
    await server.waitFor(pane, (s) => s.includes(FINAL), 60_000);
  }, 300_000);
});

/** The one session the world's Claude Code journaled. */
function readSessionId(stateDir: string): string {
  const found = readdirSync(stateDir).find((name) => existsSync(join(stateDir, name, 'events.jsonl')));
  if (!found) throw new Error('no session journaled');
  return found;
}

async function waitUntilTrue(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
