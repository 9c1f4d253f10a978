/**
 * One buddy, whatever the order (issue 45): with the real interactive Claude Code and the real
 * mod under tmux, the pieces start in every order, and after a failing Bash call each time the
 * views agree (one-buddy-world.ts checkViewsAgree): the plugin's bubble is in every pane, in the
 * mod's band and in reactions.jsonl, the statusLine leaves it to the mod, and `f` in a pane feeds
 * the one pet that the mod and every pane show. One install and one world for all the orders.
 * Order and hang guards only; needs tmux, the Claude Code in .cache and `npm run build`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { waitUntil } from '../support/wait-until.js';
import { createModWorld, type ModWorld } from './mod-world.js';
import {
  ask,
  checkViewsAgree,
  endOrder,
  newWindow,
  openPane,
  type Order,
  runnerPid,
  scriptRound,
  startClaude,
  startShell,
} from './one-buddy-world.js';

describe.skipIf(skipWithoutClaude())('one buddy, whatever the order', () => {
  let mod: ModWorld;
  let order: Order | undefined;
  let round = 0;

  beforeAll(async () => {
    mod = await createModWorld([], { keepStatusLine: true, reactionTtlMs: 600_000, runnerIdleMs: 600_000 });
  }, 120_000);
  afterAll(async () => {
    if (order) await endOrder(mod, order).catch(() => undefined);
    await mod?.cleanup();
  });

  /** A fresh order: the last one's Claude Code, panes and runner are gone first. */
  async function fresh(name: string): Promise<Order> {
    if (order) await endOrder(mod, order);
    order = startShell(mod, name);
    round += 1;
    scriptRound(mod, round);
    return order;
  }

  it('(a) Claude Code with the mod first, then a pane', async () => {
    const o = await fresh('a');
    await startClaude(mod, o);
    await openPane(mod, o);
    await ask(o, round);
    await checkViewsAgree(mod, o, round);
  }, 300_000);

  it('(b) a pane first, then Claude Code', async () => {
    const o = await fresh('b');
    await openPane(mod, o);
    await startClaude(mod, o);
    await ask(o, round);
    await checkViewsAgree(mod, o, round);
  }, 300_000);

  it('(c) the runner killed with SIGKILL while a pane views', async () => {
    const o = await fresh('c');
    await startClaude(mod, o);
    const runner = await waitUntil(() => runnerPid(mod), Boolean, 'the runner the mod started', 60_000);
    const pane = await openPane(mod, o);
    await o.server.waitFor(pane, (s) => s.includes(`pid ${runner}`), 30_000);
    process.kill(runner as number, 'SIGKILL');
    // The pane takes the plugins over (runner-lock.ts): the footer no longer names a runner.
    await o.server.waitFor(pane, (s) => !s.includes(`pid ${runner}`), 30_000);
    await ask(o, round);
    await checkViewsAgree(mod, o, round);
  }, 300_000);

  it('(d) two panes', async () => {
    const o = await fresh('d');
    await startClaude(mod, o);
    await openPane(mod, o);
    await openPane(mod, o, newWindow(o));
    await ask(o, round);
    await checkViewsAgree(mod, o, round);
  }, 300_000);

  it('(e) the pane closed and opened again during a turn', async () => {
    const o = await fresh('e');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await startClaude(mod, o);
    const first = await openPane(mod, o);
    // The turn's model answers only once the pane is back: the pane closes and opens mid-turn.
    scriptRound(mod, round, held);
    const mainAsks = () => mod.world.api.requests.filter((r) => r.route === 'main').length;
    const asked = mainAsks();
    await ask(o, round);
    await waitUntil(
      () => mod.world.api.requests.length,
      (n) => n > asked,
      'the turn to reach the model',
      60_000,
    );
    o.server.tmux(['kill-pane', '-t', first]);
    o.panes.splice(o.panes.indexOf(first), 1);
    await openPane(mod, o);
    release();
    await checkViewsAgree(mod, o, round);
  }, 300_000);
});
