/**
 * Delegate benchmarks: the transcript tail costs the same whatever the transcript's size,
 * redaction is cheap next to a model call, and what one `claude -p` round trip costs on this
 * machine (the real CLI against the loopback stand-in, so it is the CLI's own overhead).
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClaudeCliAdapter } from '../src/delegate/adapters/claude-cli.js';
import { redactSecrets } from '../src/delegate/redact-secrets.js';
import { readTranscriptTail, transcriptLineMessage } from '../src/delegate/transcript-tail.js';
import { claudeBinary, createOfflineClaudeHome } from '../test/support/claude-cli.js';
import { startMessagesApiStandin, text } from '../test/support/messages-api-standin.js';
import { formatMs, median, ratio, type BenchRow } from './measure.js';

/** A transcript of about `megabytes` MB: turns with text, tool calls and 20 KB tool results. */
function writeTranscript(path: string, megabytes: number): void {
  const result = 'x'.repeat(20_000);
  const turn =
    [
      JSON.stringify({
        type: 'user',
        message: { role: 'user', content: 'please run the tests again and fix what fails' },
      }),
      JSON.stringify({
        type: 'assistant',
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't', name: 'Bash', input: { command: 'npm test' } }],
        },
      }),
      JSON.stringify({
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: result }] },
      }),
      JSON.stringify({
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'text', text: 'Two tests fail; fixing the parser.' }] },
      }),
    ].join('\n') + '\n';
  const block = turn.repeat(50);
  const rounds = Math.ceil((megabytes * 1024 * 1024) / block.length);
  for (let i = 0; i < rounds; i++) appendFileSync(path, block);
}

function timeIt(fn: () => void, rounds: number, warmup = true): number {
  if (warmup) fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function benchTranscript(scratch: string): BenchRow[] {
  const small = join(scratch, 'small.jsonl');
  const large = join(scratch, 'large.jsonl');
  writeTranscript(small, 2);
  writeTranscript(large, 200);
  // Interleaved rounds, so a busy moment on the machine hits both sizes alike.
  const small1: number[] = [];
  const large1: number[] = [];
  for (let i = 0; i < 40; i++) {
    small1.push(timeIt(() => readTranscriptTail(small, { messages: 12 }), 1, i === 0));
    large1.push(timeIt(() => readTranscriptTail(large, { messages: 12 }), 1, i === 0));
  }
  const tailSmall = median(small1);
  const tailLarge = median(large1);
  // What reading the whole file would cost: the baseline the tail reader avoids.
  const whole = timeIt(
    () => {
      readFileSync(large, 'utf8').split('\n').map(transcriptLineMessage).filter(Boolean).slice(-12);
    },
    1,
    false,
  );
  return [
    {
      area: 'delegate',
      name: 'transcript tail, 12 messages, 200 MB file',
      value: formatMs(tailLarge),
      goal: '< 20 ms',
      ok: tailLarge < 20,
    },
    { area: 'delegate', name: 'transcript tail, 12 messages, 2 MB file', value: formatMs(tailSmall) },
    {
      area: 'delegate',
      name: 'whole-file read of 200 MB (baseline)',
      value: `${formatMs(whole)} (${ratio(whole, tailLarge)} the tail)`,
    },
  ];
}

function benchRedaction(): BenchRow[] {
  const prompt = (
    'The tests failed in src/parser.ts after commit 4a2fb65; npm test printed 3 failures. ' +
    'password=hunter2 Bearer abcdefghijklmnop AKIAIOSFODNN7EXAMPLE '
  )
    .repeat(24)
    .slice(0, 4000);
  const ms = timeIt(() => redactSecrets(prompt), 200);
  return [
    { area: 'delegate', name: 'redact a 4000-character prompt', value: formatMs(ms), goal: '< 2 ms', ok: ms < 2 },
  ];
}

async function benchClaudeRoundTrip(): Promise<BenchRow[]> {
  const binary = claudeBinary();
  if (!binary)
    return [{ area: 'delegate', name: 'claude -p round trip', value: 'skipped (run scripts/install-claude-code.sh)' }];
  const api = await startMessagesApiStandin({ other: text('ok') });
  const home = createOfflineClaudeHome({ baseUrl: api.url });
  try {
    const adapter = createClaudeCliAdapter({ binary, env: home.env, cwd: home.home });
    const samples: number[] = [];
    for (let i = 0; i < 6; i++) {
      const start = performance.now();
      await adapter.complete({
        systemPrompt: 'Be brief.',
        prompt: 'hi',
        maxTokens: 50,
        model: 'haiku',
        kinds: [],
        sessionId: 's',
        plugin: 'bench',
        signal: AbortSignal.timeout(60_000),
      });
      if (i > 0) samples.push(performance.now() - start);
    }
    return [
      { area: 'delegate', name: 'claude -p round trip (CLI overhead, loopback API)', value: formatMs(median(samples)) },
    ];
  } finally {
    await api.close();
    home.cleanup();
  }
}

export async function bench(): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'buddy-bench-delegate-'));
  try {
    return [...benchTranscript(scratch), ...benchRedaction(), ...(await benchClaudeRoundTrip())];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
