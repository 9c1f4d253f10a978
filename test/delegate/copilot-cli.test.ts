/**
 * The `copilot` delegate adapter against the real GitHub Copilot CLI 1.0.102 and the loopback
 * Chat Completions stand-in, in a HOME where `buddy-tui install --host copilot` wired the hooks:
 * one request, carrying the voice and the prompt and offering no tool, its answer the reaction
 * text, and nothing journaled for the child's own run, by either of its two guards (hooks off in
 * its folder's settings; BUDDY_TUI_CHILD, which Copilot passes to hooks and the hook drops).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import {
  copilotArgs,
  createCopilotCliAdapter,
  interpretCopilotOutput,
} from '../../src/delegate/adapters/copilot-cli.js';
import { httpError, startChatCompletionsStandin, text, type ChatStandin } from '../support/chat-completions-standin.js';
import {
  copilotBinary,
  createOfflineCopilotHome,
  runCopilotPrint,
  skipWithoutCopilot,
  type OfflineCopilotHome,
} from '../support/copilot-cli.js';
import { DELEGATE_PROMPT, DELEGATE_SYSTEM, delegateCall } from '../support/delegate-call.js';
import { forgetSessions, journaledSessions, unmarkedWrapper } from '../support/delegate-host.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('reading copilot --output-format json', () => {
  it('takes the last top-level assistant message and its model, and names failures', () => {
    const out = [
      '{"type":"user.message","data":{"content":"hi"}}',
      '{"type":"assistant.message","data":{"content":"child","model":"m","parentToolCallId":"t1"}}',
      '{"type":"assistant.message","data":{"content":" Purr. ","model":"gpt-x","toolRequests":[]}}',
      '{"type":"result","sessionId":"s","exitCode":0}',
    ].join('\n');
    expect(interpretCopilotOutput(out, '', 0)).toEqual({ text: 'Purr.', source: 'gpt-x' });
    expect(() =>
      interpretCopilotOutput(
        '{"type":"session.error","data":{"message":"401 Unauthorized"}}\n{"type":"result","exitCode":1}',
        '',
        1,
      ),
    ).toThrow(/copilot: 401 Unauthorized/);
    expect(() => interpretCopilotOutput('', 'boom', 1)).toThrow(/copilot: boom/);
    expect(() => interpretCopilotOutput('{"type":"result","exitCode":0}', '', 0)).toThrow(/empty answer/);
  });

  it('offers no tool, trusts only its own folder, and reads no AGENTS.md', () => {
    expect(copilotArgs()).toEqual(
      expect.arrayContaining([
        '--available-tools=none',
        '--trust-folder',
        '--no-custom-instructions',
        '--disable-builtin-mcps',
        '--no-ask-user',
      ]),
    );
    expect(copilotArgs()).not.toContain('-p'); // the prompt comes on stdin, not where ps shows it
  });
});

describe.skipIf(skipWithoutCopilot())('with the real Copilot CLI and the hooks install wrote', () => {
  let api: ChatStandin;
  let home: OfflineCopilotHome;
  let stateDir: string;
  let project: string;

  beforeAll(async () => {
    api = await startChatCompletionsStandin({ script: [text('Done.')], plain: text('Purr. Green at last.') });
    project = makeTempDir('buddy-copilot-del-proj-');
    stateDir = `${makeTempDir('buddy-copilot-del-state-')}/state`;
    home = createOfflineCopilotHome({ baseUrl: api.baseUrl, extraEnv: { BUDDY_TUI_STATE_DIR: stateDir } });
    const install = runCli(['install', '--host', 'copilot'], home.env, project);
    expect(install.code, install.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    home?.cleanup();
  });

  it('a plain copilot run is journaled (the hooks work here); a marked one is not', async () => {
    const plain = await runCopilotPrint({ home, cwd: project, prompt: 'Say hi.' });
    expect(plain.exitCode, plain.stderr).toBe(0);
    const sessions = journaledSessions(home.env, stateDir, project);
    expect(sessions).toHaveLength(1);
    forgetSessions(stateDir, sessions);
    const marked = await runCopilotPrint({
      home: { ...home, env: { ...home.env, BUDDY_TUI_CHILD: '1' } },
      cwd: project,
      prompt: 'Say hi.',
    });
    expect(marked.exitCode, marked.stderr).toBe(0);
    expect(journaledSessions(home.env, stateDir, project)).toEqual([]);
  }, 240_000);

  it('answers with one tool-less request carrying voice and prompt; hooks off even without the marker', async () => {
    const before = api.chatRequests().length;
    const binary = unmarkedWrapper(copilotBinary()!, makeTempDir(), 'copilot');
    const answer = await createCopilotCliAdapter({ binary, env: home.env, cwd: makeTempDir() }).complete(
      delegateCall(),
    );
    expect(answer).toEqual({ text: 'Purr. Green at last.', source: 'mock-model' });
    const requests = api.chatRequests().slice(before);
    expect(requests).toHaveLength(1);
    expect(requests[0].tools ?? []).toEqual([]);
    const said = JSON.stringify(requests[0].messages);
    expect(said).toContain(DELEGATE_SYSTEM);
    expect(said).toContain(DELEGATE_PROMPT);
    expect(journaledSessions(home.env, stateDir, project)).toEqual([]);
  }, 120_000);

  it("a model failure is a failure with Copilot's message", async () => {
    api.setPlain(httpError(400));
    try {
      const failure = await createCopilotCliAdapter({ binary: copilotBinary(), env: home.env, cwd: makeTempDir() })
        .complete(delegateCall())
        .catch((e) => e);
      expect(failure).toBeInstanceOf(DelegateCallError);
      expect(failure.message).toMatch(/^copilot: .*400/);
    } finally {
      api.setPlain(text('Purr. Green at last.'));
    }
    expect(journaledSessions(home.env, stateDir, project)).toEqual([]);
  }, 120_000);
});
