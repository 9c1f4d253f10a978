/**
 * The `codex` delegate adapter against the real Codex CLI 0.169.0 and the loopback Responses
 * API stand-in: one `codex exec`, the system prompt delivered, the prompt on stdin, no tool
 * offered to the model, nothing saved; and `auto` choosing it when claude is missing.
 */
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codexExecArgs, createCodexCliAdapter, interpretCodexOutput } from '../../src/delegate/adapters/codex-cli.js';
import { createAdapter, describeAutoChoice } from '../../src/delegate/adapters/auto-choice.js';
import { resolveDelegateSettings } from '../../src/delegate/delegate-config.js';
import {
  createOfflineCodexHome,
  CODEX_VERSION,
  requireCodexBinary,
  skipWithoutCodex,
  type OfflineCodexHome,
} from '../support/codex-cli.js';
import { startResponsesApiStandin, text, type ResponsesApiStandin } from '../support/responses-api-standin.js';
import { makeTempDir } from '../support/temp-dir.js';

const call = (signal = new AbortController().signal) => ({
  systemPrompt: 'You are Miso, a terse cat.',
  prompt: 'The tests passed. Say something.',
  maxTokens: 60,
  model: 'haiku',
  kinds: ['tests_passed' as const],
  sessionId: 's',
  plugin: 'p',
  signal,
});

describe('reading codex exec --json', () => {
  it('takes the last agent message and the usage, and names failures', () => {
    const out = [
      '{"type":"thread.started","thread_id":"t"}',
      '{"type":"turn.started"}',
      '{"type":"item.completed","item":{"id":"item_1","type":"agent_message","text":" Purr. "}}',
      '{"type":"turn.completed","usage":{"input_tokens":100,"cached_input_tokens":0,"output_tokens":10}}',
    ].join('\n');
    expect(interpretCodexOutput(out, '', 0)).toEqual({
      text: 'Purr.',
      source: 'codex',
      usage: { inputTokens: 100, outputTokens: 10 },
    });
    expect(() => interpretCodexOutput('{"type":"turn.failed","error":{"message":"401 Unauthorized"}}', '', 1)).toThrow(
      /codex: 401 Unauthorized/,
    );
    expect(() => interpretCodexOutput('', 'boom', 1)).toThrow(/codex: boom/);
    expect(() => interpretCodexOutput('{"type":"turn.completed","usage":{}}', '', 0)).toThrow(/empty answer/);
  });

  it('runs with hooks and every tool off, not saved, the system prompt as developer instructions', () => {
    const args = codexExecArgs({ systemPrompt: 'Say "hi"\nnow' });
    expect(args.slice(0, 2)).toEqual(['exec', '--skip-git-repo-check']);
    expect(args).toContain('--ephemeral');
    for (const feature of ['hooks', 'shell_tool', 'view_image', 'multi_agent'])
      expect(args.join(' ')).toContain(`--disable ${feature}`);
    expect(args).toContain('developer_instructions="Say \\"hi\\"\\nnow"');
    expect(args.at(-1)).toBe('-');
  });
});

describe.skipIf(skipWithoutCodex())('with the real Codex CLI', () => {
  let api: ResponsesApiStandin;
  let home: OfflineCodexHome;
  beforeAll(async () => {
    api = await startResponsesApiStandin({ script: [text('Purr. Green looks good on you.')] });
    home = createOfflineCodexHome({ baseUrl: api.baseUrl });
  });
  afterAll(async () => {
    home?.cleanup();
    await api?.close();
  });

  it('answers through one codex exec, offering the model no tool but apply_patch, saving no session', async () => {
    const adapter = createCodexCliAdapter({ binary: requireCodexBinary(), env: home.env, cwd: makeTempDir() });
    const answer = await adapter.complete(call());
    expect(answer).toMatchObject({ text: 'Purr. Green looks good on you.', source: 'codex' });
    const [request] = api.responseRequests();
    const body = request!.body as { tools?: unknown[]; input?: unknown[] };
    // Every tool the flags can turn off is off. apply_patch stays offered on slugs whose bundled
    // metadata carries it (gpt-5.5 here): 0.169.0 has no switch for it; --sandbox read-only with
    // approvals never is what keeps it from writing.
    const offered = (body.tools ?? []).map(
      (tool) => (tool as { name?: string; type?: string }).name ?? (tool as { type?: string }).type,
    );
    expect(offered.filter((name) => name !== 'apply_patch')).toEqual([]);
    const input = JSON.stringify(body.input);
    expect(input).toContain('You are Miso, a terse cat.');
    expect(input).toContain('The tests passed. Say something.');
    const sessions = join(home.codexHome, 'sessions');
    expect(
      existsSync(sessions)
        ? readdirSync(sessions, { recursive: true }).filter((f) => String(f).endsWith('.jsonl'))
        : [],
    ).toEqual([]);
  });

  it('is what auto picks when claude is missing and codex runs, and it answers', async () => {
    const bin = makeTempDir();
    mkdirSync(join(bin, 'bin'));
    symlinkSync(requireCodexBinary(), join(bin, 'bin', 'codex'));
    const env = {
      ...home.env,
      PATH: `${join(bin, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
      ANTHROPIC_API_KEY: 'sk-ant-x',
    };
    const choice = await describeAutoChoice({ adapter: 'auto' }, env);
    expect(choice).toMatchObject({
      adapter: 'codex',
      cli: { binary: join(bin, 'bin', 'codex'), version: CODEX_VERSION },
    });
    expect(choice.reason).toBe(
      `"claude" is not on PATH; Codex ${CODEX_VERSION} found at ${join(bin, 'bin', 'codex')}: calls go through your own Codex login`,
    );
    const adapter = createAdapter(choice, {
      settings: resolveDelegateSettings({}),
      picker: { pick: () => 'offline' } as never,
      env,
      cwd: makeTempDir(),
    });
    expect(adapter.name).toBe('codex');
    await expect(adapter.complete(call())).resolves.toMatchObject({ source: 'codex' });
  });
});
