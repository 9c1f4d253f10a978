/**
 * The `pi` delegate adapter against the real Pi 0.73.1 and the loopback Chat Completions stand-in,
 * in a HOME where `buddy-tui install --host pi` put the extension: one request, carrying the system
 * prompt and the prompt and offering no tool, its answer the reaction text, nothing journaled for
 * the child's own run (`--no-extensions`, even without BUDDY_TUI_CHILD) and no trace in the
 * user's history (`--no-session`: no session file beside the user's own).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import { describeAutoChoice } from '../../src/delegate/adapters/auto-choice.js';
import { createPiCliAdapter, interpretPiOutput, piArgs } from '../../src/delegate/adapters/pi-cli.js';
import { httpError, startChatCompletionsStandin, text, type ChatStandin } from '../support/chat-completions-standin.js';
import { DELEGATE_PROMPT, DELEGATE_SYSTEM, delegateCall } from '../support/delegate-call.js';
import { forgetSessions, journaledSessions, unmarkedWrapper } from '../support/delegate-host.js';
import { createOfflinePiHome, piBinary, runPiPrint, skipWithoutPi, type OfflinePiHome } from '../support/pi-cli.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const assistant = (fields: Record<string, unknown>) => ({ role: 'assistant', model: 'pi-x', ...fields });
const agentEnd = (last: Record<string, unknown>) =>
  JSON.stringify({ type: 'agent_end', messages: [{ role: 'user', content: [] }, assistant(last)] });

describe('reading pi --mode json', () => {
  it("takes the last assistant message's text, model and usage, and names failures", () => {
    const out = [
      JSON.stringify({ type: 'session', id: 'x' }),
      JSON.stringify({ type: 'agent_start' }),
      agentEnd({ content: [{ type: 'text', text: ' Purr. ' }], usage: { input: 100, output: 10 }, stopReason: 'stop' }),
    ].join('\n');
    expect(interpretPiOutput(`fd not found. Offline mode enabled\n${out}\n`, '', 0)).toEqual({
      text: 'Purr.',
      source: 'pi-x',
      usage: { inputTokens: 100, outputTokens: 10 },
    });
    expect(() =>
      interpretPiOutput(agentEnd({ content: [], stopReason: 'error', errorMessage: '401 invalid key' }), '', 1),
    ).toThrow(/^pi: 401 invalid key$/);
    expect(() => interpretPiOutput('', 'No models available', 1)).toThrow(/pi exited 1: No models available/);
    expect(() => interpretPiOutput(agentEnd({ content: [], stopReason: 'stop' }), '', 0)).toThrow(/empty answer/);
  });

  it('runs with no session, no tool, no extension, skill, template or context file, offline', () => {
    const args = piArgs({ systemPrompt: 'S' });
    expect(args).toEqual(
      expect.arrayContaining([
        '-p',
        '--no-session',
        '--no-tools',
        '--no-extensions',
        '--no-skills',
        '--no-prompt-templates',
        '--no-context-files',
        '--offline',
      ]),
    );
    expect(args.slice(args.indexOf('--system-prompt'), args.indexOf('--system-prompt') + 2)).toEqual([
      '--system-prompt',
      'S',
    ]);
  });
});

describe.skipIf(skipWithoutPi())('with the real Pi and the extension install wrote', () => {
  let api: ChatStandin;
  let home: OfflinePiHome;
  let stateDir: string;
  let project: string;
  const sessionFiles = () => readdirSync(join(home.agentDir, 'sessions'), { recursive: true }).map(String).sort();
  /** Every entry of the user's home, with each file's size and time: what a run left behind (Pi's lock on auth.json comes and goes). */
  const homeFiles = () =>
    readdirSync(home.home, { recursive: true })
      .map(String)
      .sort()
      .map((name) => {
        const stats = statSync(join(home.home, name));
        return stats.isFile() ? `${name} ${stats.size} ${stats.mtimeMs}` : name;
      });

  beforeAll(async () => {
    api = await startChatCompletionsStandin({ script: [text('Done.')], plain: text('Purr. Green at last.') });
    project = makeTempDir('buddy-pi-del-proj-');
    stateDir = `${makeTempDir('buddy-pi-del-state-')}/state`;
    home = createOfflinePiHome({ baseUrl: api.baseUrl, extraEnv: { BUDDY_TUI_STATE_DIR: stateDir } });
    const install = runCli(['install', '--host', 'pi'], home.env, project);
    expect(install.code, install.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    home?.cleanup();
  });

  it('a plain pi -p run is journaled and leaves its session file (the extension works here)', async () => {
    const plain = await runPiPrint({ home, cwd: project, prompt: 'Say hi.' });
    expect(plain.exitCode, plain.stderr).toBe(0);
    const sessions = journaledSessions(home.env, stateDir, project);
    expect(sessions).toHaveLength(1);
    forgetSessions(stateDir, sessions);
    expect(sessionFiles().filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
  }, 240_000);

  it('answers with one tool-less request carrying system prompt and prompt; no journal, no session file or other trace, even without the marker', async () => {
    const before = api.chatRequests().length;
    const files = homeFiles();
    const binary = unmarkedWrapper(piBinary()!, makeTempDir(), 'pi');
    const answer = await createPiCliAdapter({ binary, env: home.env, cwd: makeTempDir() }).complete(delegateCall());
    expect(answer).toMatchObject({ text: 'Purr. Green at last.', source: 'mock-model' });
    const requests = api.chatRequests().slice(before);
    expect(requests).toHaveLength(1);
    expect(requests[0].tools ?? []).toEqual([]);
    expect(JSON.stringify(requests[0].messages[0])).toContain(DELEGATE_SYSTEM);
    expect(requests[0].messages[0].role).toBe('system');
    expect(JSON.stringify(requests[0].messages.at(-1))).toContain(DELEGATE_PROMPT);
    expect(journaledSessions(home.env, stateDir, project)).toEqual([]);
    // No session file, nor any other trace in the home.
    expect(homeFiles()).toEqual(files);
  }, 120_000);

  it("auto answers a Pi session's request with pi, whose --version is on stderr", async () => {
    const choice = await describeAutoChoice({ adapter: 'auto', piPath: piBinary() }, home.env, 'pi');
    expect(choice).toMatchObject({
      adapter: 'pi',
      cli: { binary: piBinary(), version: '0.73.1' },
      askingHostCli: true,
    });
  }, 120_000);

  it("a model failure is a failure with Pi's message", async () => {
    api.setPlain(httpError(400));
    try {
      const failure = await createPiCliAdapter({ binary: piBinary(), env: home.env, cwd: makeTempDir() })
        .complete(delegateCall())
        .catch((e) => e);
      expect(failure).toBeInstanceOf(DelegateCallError);
      expect(failure.message).toMatch(/^pi: .*400/);
    } finally {
      api.setPlain(text('Purr. Green at last.'));
    }
  }, 120_000);
});
