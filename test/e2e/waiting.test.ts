/**
 * "Claude needs you", end to end: the real interactive Claude Code in tmux with
 * `--permission-mode default` asks before a Bash call; the buddy-tui pane beside it (opened with
 * `buddy-tui pane`, reading the same state root) shows the ask while the dialog is open (it stays
 * open until the test approves), and drops it once the approval (Enter on "1. Yes") reached
 * buddy-tui, while the turn is still open (the model's answer is held until then). How soon, in
 * ms, is `npm run bench -- screen-latency`'s to measure: a wall-clock bound in a test fails on a
 * loaded machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { text, toolUse } from '../support/messages-api-standin.js';
import { answersToolResult } from './mod-world.js';
import { approveUntilJournaled, ASKED, createWaitingWorld, NOT_ASKED, type WaitingWorld } from './waiting-world.js';

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
