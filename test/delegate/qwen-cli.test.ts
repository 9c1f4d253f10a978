/**
 * The `qwen` delegate adapter against the real Qwen Code 0.24.4 (Node 22) and the loopback Chat
 * Completions stand-in, in a HOME where `buddy-tui install --host qwen` wired the hooks: one
 * request, carrying the system prompt and the prompt, offering no tool and capped, its answer the
 * reaction text, and nothing journaled for the child's own run, by either of its two guards
 * (`--safe-mode`; BUDDY_TUI_CHILD, which Qwen passes to hooks and the hook drops).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import { createQwenCliAdapter, interpretQwenOutput, qwenArgs } from '../../src/delegate/adapters/qwen-cli.js';
import { httpError, startChatCompletionsStandin, text, type ChatStandin } from '../support/chat-completions-standin.js';
import { DELEGATE_PROMPT, DELEGATE_SYSTEM, delegateCall } from '../support/delegate-call.js';
import { forgetSessions, journaledSessions, unmarkedWrapper } from '../support/delegate-host.js';
import {
  createOfflineQwenHome,
  qwenBinary,
  runQwenPrint,
  skipWithoutQwen,
  type OfflineQwenHome,
} from '../support/qwen-cli.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('reading qwen --output-format json', () => {
  it('takes the result, the model and the usage, and names failures', () => {
    const out = JSON.stringify([
      { type: 'system', subtype: 'init' },
      { type: 'assistant', message: { model: 'qwen-x', content: [{ type: 'text', text: 'Purr.' }] } },
      {
        type: 'result',
        subtype: 'success',
        is_error: false,
        result: ' Purr. ',
        usage: { input_tokens: 100, output_tokens: 10 },
      },
    ]);
    expect(interpretQwenOutput(`Ripgrep not available\n${out}`, '', 0)).toEqual({
      text: 'Purr.',
      source: 'qwen-x',
      usage: { inputTokens: 100, outputTokens: 10 },
    });
    expect(() =>
      interpretQwenOutput(
        JSON.stringify([{ type: 'result', is_error: true, error: { message: '401 invalid key' } }]),
        '',
        1,
      ),
    ).toThrow(/qwen: 401 invalid key/);
    expect(() => interpretQwenOutput('', '[API Error: 400]', 1)).toThrow(/qwen exited 1: \[API Error: 400\]/);
  });

  it('runs in safe mode, one turn, no tool, nothing recorded', () => {
    const args = qwenArgs({ systemPrompt: 'S' });
    expect(args).toEqual(
      expect.arrayContaining([
        '--safe-mode',
        '--chat-recording',
        'false',
        '--max-tool-calls',
        '0',
        '--system-prompt',
        'S',
      ]),
    );
    expect(args[args.indexOf('--exclude-tools') + 1]).toContain('run_shell_command,todo_write');
  });
});

describe.skipIf(skipWithoutQwen())('with the real Qwen Code and the hooks install wrote', () => {
  let api: ChatStandin;
  let home: OfflineQwenHome;
  let stateDir: string;
  let project: string;

  beforeAll(async () => {
    api = await startChatCompletionsStandin({ script: [text('Done.')], plain: text('Purr. Green at last.') });
    project = makeTempDir('buddy-qwen-del-proj-');
    stateDir = `${makeTempDir('buddy-qwen-del-state-')}/state`;
    home = createOfflineQwenHome({ baseUrl: api.baseUrl, extraEnv: { BUDDY_TUI_STATE_DIR: stateDir } });
    const install = runCli(['install', '--host', 'qwen'], home.env, project);
    expect(install.code, install.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    home?.cleanup();
  });

  it('a plain qwen run is journaled (the hooks work here); a marked one is not', async () => {
    const plain = await runQwenPrint({ home, cwd: project, prompt: 'Say hi.' });
    expect(plain.exitCode, plain.stderr).toBe(0);
    const sessions = journaledSessions(home.env, stateDir, project);
    expect(sessions).toHaveLength(1);
    forgetSessions(stateDir, sessions);
    const marked = await runQwenPrint({
      home: { ...home, env: { ...home.env, BUDDY_TUI_CHILD: '1' } },
      cwd: project,
      prompt: 'Say hi.',
    });
    expect(marked.exitCode, marked.stderr).toBe(0);
    expect(journaledSessions(home.env, stateDir, project)).toEqual([]);
  }, 240_000);

  it('answers with one tool-less, capped request carrying system prompt and prompt; hooks off even without the marker', async () => {
    const before = api.chatRequests().length;
    const binary = unmarkedWrapper(qwenBinary()!, makeTempDir(), 'qwen');
    const answer = await createQwenCliAdapter({ binary, env: home.env, cwd: makeTempDir() }).complete(delegateCall());
    expect(answer).toEqual({
      text: 'Purr. Green at last.',
      source: 'mock-model',
      usage: { inputTokens: 100, outputTokens: 10 },
    });
    const requests = api.chatRequests().slice(before);
    expect(requests).toHaveLength(1);
    expect(requests[0].tools ?? []).toEqual([]);
    expect(requests[0].max_tokens).toBe(60);
    expect(requests[0].messages[0]).toEqual({ role: 'system', content: DELEGATE_SYSTEM });
    expect(JSON.stringify(requests[0].messages.at(-1))).toContain(DELEGATE_PROMPT);
    expect(journaledSessions(home.env, stateDir, project)).toEqual([]);
  }, 120_000);

  it("a model failure is a failure with Qwen's message", async () => {
    api.setPlain(httpError(400));
    try {
      const failure = await createQwenCliAdapter({ binary: qwenBinary(), env: home.env, cwd: makeTempDir() })
        .complete(delegateCall())
        .catch((e) => e);
      expect(failure).toBeInstanceOf(DelegateCallError);
      expect(failure.message).toMatch(/^qwen.*400/);
    } finally {
      api.setPlain(text('Purr. Green at last.'));
    }
  }, 120_000);
});
