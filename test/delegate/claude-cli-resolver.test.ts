/**
 * The resolver, and the transcript it leaves, against the REAL Claude Code CLI (2.1.332, installed
 * by scripts/install-claude-code.sh) talking to the loopback Messages API stand-in.
 * Skipped locally when the CLI is missing; in CI (CI set) a missing CLI fails.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { createDelegateResolver } from '../../src/delegate/delegate-resolver.js';
import { readDelegateUsage } from '../../src/delegate/delegate-usage.js';
import { readTranscriptTail } from '../../src/delegate/transcript-tail.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { hang, httpError, text } from '../support/messages-api-standin.js';
import { binary, meta, quips, scratch, setup, SYSTEM, useRealClaudeCli } from './claude-cli-support.js';

useRealClaudeCli();

describe.skipIf(skipWithoutClaude())('resolver with the real CLI', () => {
  /** A resolver on the real CLI, collecting its reactions and `outcome: reason` log lines. */
  function cliResolver(env: NodeJS.ProcessEnv, options: Partial<Parameters<typeof createDelegateResolver>[0]> = {}) {
    const reactions: Reaction[] = [];
    const logs: string[] = [];
    const resolver = createDelegateResolver({
      onReaction: (r) => reactions.push(r),
      report: ({ detail: entry }) => entry && logs.push(`${entry.outcome}: ${entry.reason ?? ''}`),
      config: { adapter: 'claude-cli', claudePath: binary },
      env,
      quipsFor: (kind) => quips[kind],
      ...options,
    });
    return { resolver, reactions, logs };
  }

  it("shows thinking at once, then the model's answer under the same id, and accounts for it", async () => {
    const usageDir = mkdtempSync(join(scratch, 'usage-'));
    const { api, home } = await setup({ other: text('Pebble yawns. Fix it.') });
    const { resolver, reactions } = cliResolver(home.env, { usageDir });
    const outcome = await resolver.resolve(
      { delegate: true, prompt: 'Tests failed. token=abc123secret', systemPrompt: SYSTEM },
      meta(),
    );

    expect(outcome).toMatchObject({ outcome: 'answered' });
    expect(reactions.map((r) => [r.kind, r.text])).toEqual([
      ['thinking', '…'],
      ['reaction', 'Pebble yawns. Fix it.'],
    ]);
    expect(reactions[0]!.id).toBe(reactions[1]!.id);
    expect(reactions[0]!.source).toBe('roast');
    expect(reactions[1]!.source).toMatch(/haiku/);
    const [request] = api.messageRequests();
    expect(request!.userText).toContain('token=[REDACTED]');
    expect(request!.raw).not.toContain('abc123secret');
    const usage = readDelegateUsage(usageDir).plugins.roast!;
    expect(usage.calls).toBe(1);
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.costUsd).toBeGreaterThan(0);
  });

  it('falls back to the offline quip when the API hangs past the timeout', async () => {
    const { api, home } = await setup({ other: hang() });
    // The timeout fires when the test says so: once the CLI's request is hanging at the stand-in.
    let fireTimeout: (() => void) | undefined;
    let timeoutMs = 0;
    const { resolver, reactions, logs } = cliResolver(home.env, {
      setTimer: (fire, ms) => {
        fireTimeout = fire;
        timeoutMs = ms;
        return () => undefined;
      },
    });
    const pending = resolver.resolve({ delegate: true, prompt: 'Say something.' }, meta());
    await api.waitForRequests(1);
    expect(timeoutMs).toBe(20_000); // the default
    fireTimeout!();
    const outcome = await pending;
    // The fallback is shown at once; the killed CLI may still be shutting down (writing into its
    // home) for a while on a loaded machine. Wait for it before the home is removed.
    await resolver.idle();

    expect(outcome).toMatchObject({ outcome: 'offline', reason: 'timeout: no answer within 20000 ms' });
    expect(reactions.map((r) => [r.kind, r.text, r.source])).toEqual([
      ['thinking', '…', 'roast'],
      ['reaction', 'Red again. Classic.', 'offline'],
    ]);
    expect(reactions[1]!.id).toBe(reactions[0]!.id);
    expect(logs).toContain('failed: timeout: no answer within 20000 ms');
  });

  it('logs a 401 with its message, falls back, and keeps serving the next request', async () => {
    const { api, home } = await setup({ other: httpError(401, 'invalid x-api-key') });
    const { resolver, reactions, logs } = cliResolver(home.env);
    const failed = await resolver.resolve({ delegate: true, prompt: 'Say something.' }, meta());
    expect(failed).toMatchObject({ outcome: 'offline' });
    expect(logs.find((l) => l.startsWith('failed: auth: claude:'))).toMatch(/API key/i);
    expect(reactions[1]).toMatchObject({ kind: 'reaction', text: 'Red again. Classic.', source: 'offline' });

    api.setOther(text('Back online.'));
    const next = await resolver.resolve({ delegate: true, prompt: 'Again?' }, meta());
    expect(next).toMatchObject({ outcome: 'answered' });
    expect(reactions.at(-1)).toMatchObject({ kind: 'reaction', text: 'Back online.' });
    expect(resolver.usage().plugins.roast).toMatchObject({ calls: 2, failures: 1 });
  });
});

describe.skipIf(skipWithoutClaude())('a transcript written by the real CLI', () => {
  it('is read back from its tail', async () => {
    const { home } = await setup({ other: text('The answer is blue.') });
    const run = await execa(binary, ['-p', '--max-turns', '1', '--tools', ''], {
      input: 'What colour is the sky?',
      env: home.env,
      extendEnv: false,
      cwd: home.home,
      reject: false,
    });
    expect(run.exitCode).toBe(0);
    const projects = join(home.home, '.claude', 'projects');
    const files = readdirSync(projects, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl'));
    expect(files).toHaveLength(1);
    expect(readTranscriptTail(join(projects, files[0]!), { messages: 4 })).toEqual([
      { role: 'user', text: 'What colour is the sky?' },
      { role: 'assistant', text: 'The answer is blue.' },
    ]);
  });
});
