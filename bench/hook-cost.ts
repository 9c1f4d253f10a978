/**
 * What buddy-tui's hooks cost Claude Code (issue 15): the real `claude -p` against the loopback
 * stand-in, 30 sequential Bash calls, hooks on every event buddy-tui registers, in variants:
 * none, a no-op `true` hook, buddy-tui as `buddy-tui install` writes it, the Node fallback entry
 * and an `http` hook (reference). Rounds interleaved with the order rotated; medians.
 * Goal: buddy-tui / `true` <= 1.10 in wall time, as the median of back-to-back pairs (see morePairs). After every buddy-tui run the session is drained
 * through the statusline and its journal must hold every event: a fast but lossy run is a MISS.
 *
 * `BUDDY_BENCH_HOOK_ROUNDS=5` sets the rounds; `node --import tsx bench/hook-cost.ts` runs it alone.
 */
import { claudeBinary } from '../test/support/claude-cli.js';
import { countByKind, drainThroughStatusline, journalOf } from '../test/support/installed-hooks.js';
import {
  BASH_CALLS, EXPECTED_EVENTS, EXPECTED_TOTAL, createHookCostWorld, runScripted,
  type HookCostWorld, type Variant, type VariantId,
} from './hook-cost-world.js';
import { formatMs, median, type BenchRow } from './measure.js';

const GOAL = 1.1;
const AREA = 'hook-cost';

interface Completeness {
  runs: number;
  complete: number;
  /** The first incomplete run's counts, to show what went missing. */
  firstMiss?: string;
}

/** Drains the buddy-tui run's session and compares its journal with what Claude Code fired. */
function checkJournal(variant: Variant, world: HookCostWorld, sessionId: string | undefined, tally: Completeness): void {
  tally.runs += 1;
  if (!sessionId) {
    tally.firstMiss ??= 'claude printed no session id';
    return;
  }
  drainThroughStatusline(variant.home.env, sessionId, world.project);
  const counts = countByKind(journalOf(variant.stateDir, sessionId));
  if (JSON.stringify(counts) === JSON.stringify(EXPECTED_EVENTS)) tally.complete += 1;
  else tally.firstMiss ??= JSON.stringify(counts);
}

async function benchHookCost(): Promise<BenchRow[]> {
  const claude = claudeBinary();
  if (!claude) return [{ area: AREA, name: 'Claude Code CLI', value: 'not installed (scripts/install-claude-code.sh)', goal: `<= ${GOAL}x`, ok: false }];
  const rounds = Number(process.env.BUDDY_BENCH_HOOK_ROUNDS ?? 5);
  const world = await createHookCostWorld(claude);
  try {
    const times = new Map<VariantId, number[]>(world.variants.map((v) => [v.id, []]));
    const failures: string[] = [];
    const journals: Record<'buddy' | 'node', Completeness> = { buddy: { runs: 0, complete: 0 }, node: { runs: 0, complete: 0 } };
    let httpReceived = 0;
    // One unmeasured run first: the CLI's first start reads its 200 MB binary from disk.
    await runScripted(claude, world, world.variants[0]);
    for (let round = 0; round < rounds; round += 1) {
      const order = world.variants.map((_, i) => world.variants[(i + round) % world.variants.length]);
      for (const variant of order) {
        process.stderr.write(`bench: hook-cost round ${round + 1}/${rounds}: ${variant.id}\n`);
        const before = world.sink.received();
        const run = await runScripted(claude, world, variant);
        if (run.code !== 0) {
          failures.push(`${variant.id}: claude exited ${run.code}: ${run.stderr.slice(0, 200)}`);
          continue;
        }
        times.get(variant.id)!.push(run.wallMs);
        if (variant.id === 'buddy' || variant.id === 'node') checkJournal(variant, world, run.sessionId, journals[variant.id]);
        if (variant.id === 'http') httpReceived = Math.min(httpReceived || Infinity, world.sink.received() - before);
      }
    }
    if (failures.length > 0) throw new Error(failures.join('; '));
    const pairs = await morePairs(claude, world, times, journals);
    return report(world, times, journals, httpReceived, rounds, pairs);
  } finally {
    await world.close();
  }
}

/**
 * The goal's ratio, pair by pair: a no-op run and a buddy-tui run back to back (order alternating)
 * see about the same load, and their ratio is far steadier than a ratio of medians taken across
 * rounds. The rounds' own pairs count; more pairs are run up to BUDDY_BENCH_HOOK_PAIRS (15).
 */
async function morePairs(claude: string, world: HookCostWorld, times: Map<VariantId, number[]>, journals: Record<'buddy' | 'node', Completeness>): Promise<number[]> {
  const noop = world.variants.find((v) => v.id === 'true')!;
  const buddy = world.variants.find((v) => v.id === 'buddy')!;
  const pairs = times.get('true')!.map((value, i) => times.get('buddy')![i] / value);
  const wanted = Number(process.env.BUDDY_BENCH_HOOK_PAIRS ?? 15);
  while (pairs.length < wanted) {
    process.stderr.write(`bench: hook-cost pair ${pairs.length + 1}/${wanted}\n`);
    const wall: Partial<Record<VariantId, number>> = {};
    for (const variant of pairs.length % 2 ? [noop, buddy] : [buddy, noop]) {
      const run = await runScripted(claude, world, variant);
      if (run.code !== 0) throw new Error(`${variant.id}: claude exited ${run.code}: ${run.stderr.slice(0, 200)}`);
      wall[variant.id] = run.wallMs;
      if (variant === buddy) checkJournal(variant, world, run.sessionId, journals.buddy);
    }
    pairs.push(wall.buddy! / wall.true!);
  }
  return pairs;
}

function report(world: HookCostWorld, times: Map<VariantId, number[]>, journals: Record<'buddy' | 'node', Completeness>, httpReceived: number, rounds: number, pairs: number[]): BenchRow[] {
  const medians = new Map([...times].map(([id, values]) => [id, median(values)]));
  const none = medians.get('none')!;
  const rows: BenchRow[] = [
    { area: AREA, name: `claude -p, ${BASH_CALLS} Bash calls, ${EXPECTED_TOTAL} events, ${rounds} rounds`, value: `no hooks: ${formatMs(none)} (median)` },
  ];
  for (const variant of world.variants.slice(1)) {
    const value = medians.get(variant.id)!;
    const perEvent = (value - none) / EXPECTED_TOTAL;
    const extra = variant.id === 'http' ? `; the sink got ${httpReceived} of ${EXPECTED_TOTAL} events in its worst run` : '';
    rows.push({ area: AREA, name: variant.label, value: `${formatMs(value)}, +${perEvent.toFixed(1)} ms/event over no hooks${extra}` });
  }
  const ratio = median(pairs);
  const ofMedians = medians.get('buddy')! / medians.get('true')!;
  rows.push({
    area: AREA,
    name: `buddy-tui / no-op true hook (${world.installNote})`,
    value: `${ratio.toFixed(2)}x wall, median of ${pairs.length} back-to-back pairs: goal ${ratio <= GOAL ? 'met' : 'NOT met'} (pairs: ${pairs.map((r) => r.toFixed(2)).join(' ')}; ratio of the medians above: ${ofMedians.toFixed(2)}x)`,
    goal: `<= ${GOAL.toFixed(2)}x`,
    ok: ratio <= GOAL,
  });
  for (const id of ['buddy', 'node'] as const) {
    const tally = journals[id];
    rows.push({
      area: AREA,
      name: `${id === 'buddy' ? 'buddy-tui (installed)' : 'Node fallback'}: every event journaled after a drain`,
      value: `${tally.complete}/${tally.runs} runs complete${tally.firstMiss ? `; first miss: ${tally.firstMiss}` : ''}`,
      goal: 'all runs',
      ok: tally.runs > 0 && tally.complete === tally.runs,
    });
  }
  return rows;
}

export async function bench(): Promise<BenchRow[]> {
  // BUDDY_BENCH_ONLY=hookcost (or any other area's part names) picks parts by name, as in bench/tui.ts.
  const only = process.env.BUDDY_BENCH_ONLY?.split(',');
  if (only && !only.some((name) => 'hookcost'.includes(name.toLowerCase()))) return [];
  try {
    return await benchHookCost();
  } catch (error) {
    return [{ area: AREA, name: 'benchHookCost', value: `failed: ${(error as Error).message}`, ok: false }];
  }
}

// `node --import tsx bench/hook-cost.ts` runs this area alone.
if (process.argv[1]?.endsWith('bench/hook-cost.ts')) {
  for (const row of await bench()) process.stdout.write(`${row.name.padEnd(72)} ${row.value}${row.goal ? `  ${row.ok ? 'ok' : 'MISS'} (goal ${row.goal})` : ''}\n`);
  process.exit(0);
}
