/**
 * How soon what happens reaches the user's screen, with the real interactive Claude Code in tmux
 * against the loopback stand-in (the end-to-end tests check the order of things; the milliseconds
 * are measured here, since a wall-clock bound in a test fails on a loaded machine):
 * - the mod, no pane open (issue 24): from a failed Bash call journaled to its plugin's reaction on
 *   Claude Code's screen, through the headless runner the mod starts;
 * - the pane (issue 14): from Claude Code's permission dialog on screen to "waiting for you" in
 *   the pane beside it, and from the approved call's PostToolUse journaled to the ask gone;
 * - with the mod (issue 45): from the permission dialog gone (the user answered) to the ask gone
 *   from the pane and from Claude Code's screen, while the approved command still runs (goal 1 s).
 * Goal: each within 2 s, but the last. Screens are looked at every 50 ms; each figure is the median of the
 * rounds (`BUDDY_BENCH_LATENCY_ROUNDS`, default 3), with the slowest beside it.
 * `npm run bench -- screen-latency` runs it alone.
 */
import { claudeBinary } from '../test/support/claude-cli.js';
import { text, toolUse } from '../test/support/messages-api-standin.js';
import { answersToolResult, createModWorld, failingCall, MOD_PET_NAME, MOD_REACTION } from '../test/e2e/mod-world.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TmuxServer } from '../test/e2e/tmux-server.js';
import {
  approveUntilClosed,
  approveUntilJournaled,
  ASKED,
  createWaitingWorld,
  journaledCount,
  NOT_ASKED,
  openBuddyPane,
} from '../test/e2e/waiting-world.js';
import { median, type BenchRow } from './measure.js';

const AREA = 'screen-latency';
const GOAL_MS = 2000;
const ANSWERED_GOAL_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When (epoch ms) the pane first shows what `test` looks for, looking every 50 ms. */
async function firstSeen(server: TmuxServer, pane: string, test: (screen: string) => boolean, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (test(server.capture(pane))) return Date.now();
    await sleep(50);
  }
  throw new Error(`not on screen after ${timeoutMs} ms:\n${server.capture(pane)}`);
}

async function prompt(server: TmuxServer, pane: string, words: string): Promise<void> {
  server.typeText(pane, words);
  await sleep(500);
  server.sendKeys(pane, 'Enter');
}

/** Failed call journaled → the plugin's reaction on Claude Code's screen, per round. */
async function modReaction(rounds: number): Promise<number[]> {
  const mod = await createModWorld([]);
  try {
    let round = 0;
    mod.world.api.setMain((request) => (answersToolResult(request) ? text(`Checked ${round}.`) : failingCall(round)));
    const { server, pane } = mod.startClaude('fullscreen');
    await server.waitFor(pane, (s) => /❯/.test(s) && s.includes(`${MOD_PET_NAME} · `), 90_000);
    const samples: number[] = [];
    for (round = 1; round <= rounds; round += 1) {
      const reaction = `${MOD_REACTION} (round ${round})`;
      await prompt(server, pane, `Run the failing check, round ${round}.`);
      const seenAt = await firstSeen(server, pane, (s) => s.includes(reaction));
      const { failedAt } = mod.timeline(reaction);
      if (failedAt === undefined) throw new Error(`round ${round}: no PostToolUseFailure journaled`);
      samples.push(seenAt - failedAt);
      await server.waitFor(pane, (s) => s.includes(`Checked ${round}.`), 60_000);
    }
    return samples;
  } finally {
    await mod.cleanup();
  }
}

/** Dialog on screen → the ask in the pane, and PostToolUse journaled → the ask gone, per round. */
async function paneWaiting(rounds: number): Promise<{ shown: number[]; gone: number[] }> {
  let round = 0;
  const waiting = await createWaitingWorld(() => []);
  const { server, claudePane, buddyPane, world } = waiting;
  world.api.setMain((request) =>
    answersToolResult(request)
      ? text(`Removed ${round}.`)
      : toolUse('Bash', { command: `rm -rf build-${round}`, description: 'Remove a build folder' }),
  );
  try {
    await server.waitFor(claudePane, /❯/, 90_000);
    await server.waitFor(buddyPane, /q quit|No Claude Code session|project/, 60_000);
    const shown: number[] = [];
    const gone: number[] = [];
    for (round = 1; round <= rounds; round += 1) {
      await prompt(server, claudePane, `Remove build folder ${round}.`);
      const dialogAt = await firstSeen(server, claudePane, (s) => s.includes('Do you want to proceed'));
      shown.push((await firstSeen(server, buddyPane, ASKED)) - dialogAt);
      const journaledAt = await approveUntilJournaled(waiting, journaledCount(world.stateDir, 'PostToolUse'));
      gone.push((await firstSeen(server, buddyPane, NOT_ASKED)) - journaledAt);
      await server.waitFor(claudePane, (s) => s.includes(`Removed ${round}.`), 60_000);
    }
    return { shown, gone };
  } finally {
    await waiting.cleanup();
  }
}

/**
 * With the mod: the permission dialog gone (answered) → no "waiting for you" in the pane nor on
 * Claude Code's screen, per round; each approved command runs until the round has measured.
 */
export async function answeredWaiting(rounds: number): Promise<number[]> {
  const mod = await createModWorld([], { allow: [] });
  let round = 0;
  const gate = (n: number) => join(mod.world.root, `gate-${n}`);
  mod.world.api.setMain((request) =>
    answersToolResult(request)
      ? text(`Waited ${round}.`)
      : toolUse('Bash', {
          command: `touch '${gate(round)}.started' && until [ -e '${gate(round)}' ]; do sleep 0.2; done`,
          description: 'Wait',
        }),
  );
  try {
    const { server, pane } = mod.startClaude('fullscreen');
    await server.waitFor(pane, (s) => /❯/.test(s) && s.includes(`${MOD_PET_NAME} · `), 90_000);
    const buddyPane = openBuddyPane(mod.world, server, pane, 50);
    const samples: number[] = [];
    for (round = 1; round <= rounds; round += 1) {
      await prompt(server, pane, `Wait, round ${round}.`);
      await server.waitFor(pane, /Do you want to proceed/, 60_000);
      await server.waitFor(buddyPane, ASKED, 30_000);
      await approveUntilClosed(server, pane);
      const answeredAt = Date.now();
      const paneAt = await firstSeen(server, buddyPane, NOT_ASKED);
      const bandAt = await firstSeen(server, pane, (s) => !s.includes('waiting for you'));
      samples.push(Math.max(paneAt, bandAt) - answeredAt);
      writeFileSync(gate(round), '');
      await server.waitFor(pane, (s) => s.includes(`Waited ${round}.`), 60_000);
    }
    return samples;
  } finally {
    await mod.cleanup();
  }
}

const row = (name: string, samples: number[], goalMs = GOAL_MS): BenchRow => ({
  area: AREA,
  name,
  value: `${median(samples).toFixed(0)} ms (slowest ${Math.max(...samples).toFixed(0)} ms, ${samples.length} rounds)`,
  goal: `<= ${goalMs} ms`,
  ok: median(samples) <= goalMs,
});

export async function bench(): Promise<BenchRow[]> {
  if (!claudeBinary())
    return [
      { area: AREA, name: 'Claude Code CLI', value: 'not installed (scripts/install-claude-code.sh)', ok: false },
    ];
  const rounds = Math.max(1, Number(process.env.BUDDY_BENCH_LATENCY_ROUNDS ?? 3));
  const reaction = await modReaction(rounds);
  const { shown, gone } = await paneWaiting(rounds);
  const answered = await answeredWaiting(rounds);
  return [
    row("the mod: failed call journaled → the plugin's reaction on Claude Code's screen (no pane)", reaction),
    row('the pane: permission dialog on screen → "waiting for you" in the pane', shown),
    row('the pane: the approved call journaled → the ask gone', gone),
    row(
      'with the mod: the permission dialog answered → "waiting for you" gone from the pane and the band',
      answered,
      ANSWERED_GOAL_MS,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await bench())
    process.stdout.write(`${r.name}: ${r.value}${r.goal ? ` (${r.ok ? 'ok' : 'MISS'}, goal ${r.goal})` : ''}\n`);
}
