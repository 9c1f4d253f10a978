/**
 * Plugin benchmarks: matching stays cheap with many rules, the runner adds little over a bare
 * spawn of the same command, and reading the latest reaction costs the same whatever the size
 * of reactions.jsonl (the statusline does it on every refresh).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compileRules, matchingHandlers } from '../src/plugins/matching.js';
import { createPluginRunner } from '../src/plugins/plugin-runner.js';
import { appendReaction, readLatestReaction } from '../src/state/reactions-log.js';
import type { SourcedRule } from '../src/plugins/rule-sources.js';
import type { JournalEvent } from '../src/protocol/hook-event.js';
import { toReactionText } from '../src/text/safe-text.js';
import { formatMs, median, ratio, type BenchRow } from './measure.js';

const AREA = 'plugins';
const event = (command: string): JournalEvent => ({
  ts: 0,
  session_id: 'bench',
  hook_event_name: 'PostToolUse',
  cwd: tmpdir(),
  tool_name: 'Bash',
  tool_input: { command },
});

function benchMatching(): BenchRow {
  const tools = ['Bash', 'Edit|Write', 'Read', 'mcp__.*', ''];
  const rules: SourcedRule[] = Array.from({ length: 1000 }, (_, i) => ({
    event: i % 2 ? 'PostToolUse' : 'PreToolUse',
    rule: {
      matcher: tools[i % tools.length],
      ...(i % 3 ? { if: `Bash(git ${i} *)` } : {}),
      hooks: [{ type: 'command', command: `echo ${i}` }],
    },
    origin: { kind: 'config', file: 'bench', path: `hooks[${i}]`, root: tmpdir(), env: [] },
  }));
  const { handlers } = compileRules(rules);
  const events = Array.from({ length: 2000 }, (_, i) => event(i % 2 ? `git ${i} push` : 'npm test'));
  const start = performance.now();
  let matched = 0;
  for (const e of events) matched += matchingHandlers(handlers, e).length;
  const perEventMs = (performance.now() - start) / events.length;
  if (matched === 0) throw new Error('nothing matched');
  return {
    area: AREA,
    name: 'match one event against 1000 rules',
    value: formatMs(perEventMs),
    goal: '< 1 ms',
    ok: perEventMs < 1,
  };
}

function bareSpawn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', 'cat >/dev/null; echo hi'], {
      env: { PATH: process.env.PATH ?? '', SHLVL: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
    child.stdin.end(JSON.stringify(event('npm test')));
  });
}

async function benchRunnerOverhead(): Promise<BenchRow[]> {
  const { handlers } = compileRules([
    {
      event: 'PostToolUse',
      rule: { hooks: [{ type: 'command', command: 'cat >/dev/null; echo hi' }] },
      origin: { kind: 'config', file: 'bench', path: 'hooks', root: tmpdir(), env: [] },
    },
  ]);
  let reactions = 0;
  const runner = createPluginRunner({
    handlers,
    shell: '/bin/sh',
    limits: { cooldownMs: 0 },
    onReaction: () => (reactions += 1),
  });
  const viaRunner: number[] = [];
  const bare: number[] = [];
  // Interleaved, so a busy moment on the machine hits both alike.
  for (let i = 0; i < 30; i++) {
    let start = performance.now();
    await runner.handleEvent(event('npm test'));
    viaRunner.push(performance.now() - start);
    start = performance.now();
    await bareSpawn();
    bare.push(performance.now() - start);
  }
  await runner.close();
  if (reactions !== 30) throw new Error(`expected 30 reactions, got ${reactions}`);
  const overhead = median(viaRunner) / median(bare);
  return [
    { area: AREA, name: 'command plugin round trip (runner)', value: formatMs(median(viaRunner)) },
    {
      area: AREA,
      name: 'runner vs bare node spawn of the same command',
      value: ratio(median(viaRunner), median(bare)),
      goal: '<= 1.5x',
      ok: overhead <= 1.5,
    },
  ];
}

function benchLatestReaction(scratch: string): BenchRow {
  const small = join(scratch, 'small');
  const large = join(scratch, 'large');
  const reaction = {
    id: 'x',
    sessionId: 'bench',
    kind: 'reaction' as const,
    text: toReactionText('Nice commit! '.repeat(8)),
    source: 'gitbot',
    priority: 1,
    ttlMs: 10_000,
    ts: 0,
  };
  appendReaction(small, reaction);
  appendReaction(large, reaction);
  const line = `${JSON.stringify(reaction)}\n`;
  const block = line.repeat(10_000);
  for (let written = 0; written < 50 * 1024 * 1024; written += block.length)
    appendFileSync(join(large, 'bench', 'reactions.jsonl'), block);
  const smallMs: number[] = [];
  const largeMs: number[] = [];
  // A read takes tens of µs: each sample times a batch, so a timer tick or a GC pause that lands
  // in one sample does not decide the ratio; the two sides are interleaved.
  const BATCH = 20;
  for (let i = 0; i < 200; i++) {
    let start = performance.now();
    for (let k = 0; k < BATCH; k++) readLatestReaction(join(small, 'bench'));
    smallMs.push((performance.now() - start) / BATCH);
    start = performance.now();
    for (let k = 0; k < BATCH; k++) readLatestReaction(join(large, 'bench'));
    largeMs.push((performance.now() - start) / BATCH);
  }
  const r = median(largeMs) / median(smallMs);
  return {
    area: AREA,
    name: 'latest reaction: 50 MB reactions.jsonl vs 1 line',
    value: `${ratio(median(largeMs), median(smallMs))} (${(median(largeMs) * 1000).toFixed(1)} µs vs ${(median(smallMs) * 1000).toFixed(1)} µs)`,
    goal: '<= 2x',
    ok: r <= 2,
  };
}

export async function bench(): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'buddy-bench-plugins-'));
  try {
    return [benchMatching(), ...(await benchRunnerOverhead()), benchLatestReaction(scratch)];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
