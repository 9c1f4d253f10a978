/**
 * The `gemini` delegate adapter against the real Gemini CLI 0.61.0 and the loopback Gemini API
 * stand-in, in a HOME where `buddy-tui install --host gemini` wired the hooks: one model request,
 * the voice as its system instruction, the prompt, no tool, its answer the reaction text, and
 * nothing journaled for the child's own run, by either of its two guards (hooks off in its
 * folder's settings; BUDDY_TUI_CHILD, which Gemini passes to hooks and the hook drops).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import {
  createGeminiCliAdapter,
  geminiWorkspace,
  interpretGeminiOutput,
} from '../../src/delegate/adapters/gemini-cli.js';
import { httpError, startGeminiApiStandin, text, type GeminiStandin } from '../support/gemini-api-standin.js';
import { DELEGATE_PROMPT, DELEGATE_SYSTEM, delegateCall } from '../support/delegate-call.js';
import { forgetSessions, journaledSessions, unmarkedWrapper } from '../support/delegate-host.js';
import {
  createOfflineGeminiHome,
  geminiBinary,
  runGeminiPrint,
  skipWithoutGemini,
  type OfflineGeminiHome,
} from '../support/gemini-cli.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const partsText = (content: any): string => (content?.parts ?? []).map((p: any) => p?.text ?? '').join('');

describe('reading gemini --output-format json', () => {
  it('takes the response, the model and its tokens, and names failures', () => {
    const out = `Ripgrep is not available.\n${JSON.stringify({ response: ' Purr. ', stats: { models: { 'gemini-x': { tokens: { prompt: 100, candidates: 10 } } } } }, null, 2)}`;
    expect(interpretGeminiOutput(out, '', 0)).toEqual({
      text: 'Purr.',
      source: 'gemini-x',
      usage: { inputTokens: 100, outputTokens: 10 },
    });
    expect(() =>
      interpretGeminiOutput(JSON.stringify({ error: { message: 'API key not valid', code: 400 } }), '', 1),
    ).toThrow(/gemini: API key not valid/);
    expect(() => interpretGeminiOutput('', 'boom', 1)).toThrow(/gemini: boom/);
  });

  it("turns hooks off and allows no tool in its folder, and writes the voice to this call's file", () => {
    const files = geminiWorkspace({ systemPrompt: 'S' });
    expect(JSON.parse(files['project/.gemini/settings.json']!)).toEqual({
      hooksConfig: { enabled: false },
      tools: { core: ['none'] },
    });
    expect(files['scratch/system.md']).toBe('S\n');
  });
});

describe.skipIf(skipWithoutGemini())('with the real Gemini CLI and the hooks install wrote', () => {
  let api: GeminiStandin;
  let home: OfflineGeminiHome;
  let stateDir: string;
  let project: string;

  beforeAll(async () => {
    api = await startGeminiApiStandin({ script: [text('Done.')], plain: text('Purr. Green at last.') });
    project = makeTempDir('buddy-gemini-del-proj-');
    stateDir = `${makeTempDir('buddy-gemini-del-state-')}/state`;
    home = createOfflineGeminiHome({ baseUrl: api.baseUrl, extraEnv: { BUDDY_TUI_STATE_DIR: stateDir } });
    const install = runCli(['install', '--host', 'gemini'], home.env, project);
    expect(install.code, install.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    home?.cleanup();
  });

  it('a plain gemini run is journaled (the hooks work here); a marked one is not', async () => {
    const plain = await runGeminiPrint({ home, cwd: project, prompt: 'Say hi.' });
    expect(plain.exitCode, plain.stderr).toBe(0);
    const sessions = journaledSessions(home.env, stateDir, project);
    expect(sessions).toHaveLength(1);
    forgetSessions(stateDir, sessions);
    const marked = await runGeminiPrint({
      home: { ...home, env: { ...home.env, BUDDY_TUI_CHILD: '1' } },
      cwd: project,
      prompt: 'Say hi.',
    });
    expect(marked.exitCode, marked.stderr).toBe(0);
    expect(journaledSessions(home.env, stateDir, project)).toEqual([]);
  }, 240_000);

  it('answers with one tool-less request, the voice as system instruction; hooks off even without the marker', async () => {
    const before = api.modelRequests().length;
    const binary = unmarkedWrapper(geminiBinary()!, makeTempDir(), 'gemini');
    const answer = await createGeminiCliAdapter({ binary, env: home.env, cwd: makeTempDir() }).complete(delegateCall());
    expect(answer).toEqual({
      text: 'Purr. Green at last.',
      source: 'gemini-2.5-pro',
      usage: { inputTokens: 100, outputTokens: 10 },
    });
    const requests = api.modelRequests().slice(before);
    expect(requests).toHaveLength(1);
    // Gemini sends its (empty) declaration list: no function is offered.
    expect((requests[0].tools ?? []).flatMap((t: any) => t.functionDeclarations ?? [])).toEqual([]);
    expect(partsText(requests[0].systemInstruction).trim()).toBe(DELEGATE_SYSTEM);
    expect(partsText(requests[0].contents.at(-1))).toContain(DELEGATE_PROMPT);
    expect(journaledSessions(home.env, stateDir, project)).toEqual([]);
  }, 120_000);

  it("a model failure is a failure with Gemini's message", async () => {
    api.setPlain(httpError(400));
    try {
      const failure = await createGeminiCliAdapter({ binary: geminiBinary(), env: home.env, cwd: makeTempDir() })
        .complete(delegateCall())
        .catch((e) => e);
      expect(failure).toBeInstanceOf(DelegateCallError);
      expect(failure.message).toMatch(/^gemini: .*(400|simulated model failure)/);
    } finally {
      api.setPlain(text('Purr. Green at last.'));
    }
  }, 120_000);
});
