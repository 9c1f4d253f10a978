/**
 * The claude-cli adapter and the resolver against the REAL Claude Code CLI (2.1.332, installed
 * by scripts/install-claude-code.sh) talking to the loopback Messages API stand-in.
 * Skipped locally when the CLI is missing; in CI (CI set) a missing CLI fails.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import { claudeChildEnv, claudeCliArgs, createClaudeCliAdapter } from '../../src/delegate/adapters/claude-cli.js';
import { createDelegateResolver } from '../../src/delegate/delegate-resolver.js';
import { readDelegateUsage } from '../../src/delegate/delegate-usage.js';
import { readTranscriptTail } from '../../src/delegate/transcript-tail.js';
import { spoolShellHandler } from '../../src/ingest/spool-command.js';
import type { DelegateMeta } from '../../src/protocol/plugin-answer.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import {
  createOfflineClaudeHome,
  REPO_ROOT,
  requireClaudeBinary,
  skipWithoutClaude,
  type OfflineClaudeHome,
} from '../support/claude-cli.js';
import {
  hang,
  httpError,
  startMessagesApiStandin,
  text,
  type MessagesApiStandin,
} from '../support/messages-api-standin.js';

const HOOK = join(REPO_ROOT, 'dist', 'hook.js');
const SYSTEM = 'You are Pebble, a grumpy pet rock who speaks in one short line.';

let binary: string;
let api: MessagesApiStandin | undefined;
let home: OfflineClaudeHome | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'buddy-claude-cli-'));

beforeAll(async () => {
  binary = requireClaudeBinary();
  // The lead's hook entry; `npm test` builds it first, a lone run of this file may not have.
  if (!existsSync(HOOK)) await execa('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT });
});
afterEach(async () => {
  await api?.close();
  home?.cleanup();
  api = undefined;
  home = undefined;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function setup(reply: Parameters<typeof startMessagesApiStandin>[0] = {}, extraEnv: NodeJS.ProcessEnv = {}) {
  api = await startMessagesApiStandin(reply);
  home = createOfflineClaudeHome({ baseUrl: api.url, extraEnv });
  return { api, home };
}

const call = (signal = new AbortController().signal) => ({
  systemPrompt: SYSTEM,
  prompt: 'The tests failed for the third time. Say something.',
  maxTokens: 150,
  model: 'haiku',
  kinds: ['test_failure'] as const,
  sessionId: 'sess-1',
  plugin: 'roast',
  signal,
});

function meta(overrides: Partial<DelegateMeta> = {}): DelegateMeta {
  return {
    plugin: 'roast',
    sessionId: 'sess-1',
    event: {
      ts: Date.now(),
      session_id: 'sess-1',
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
    },
    kinds: ['test_failure', 'tool_failure'],
    receivedAt: Date.now(),
    ...overrides,
  };
}

const quips = { test_failure: ['Red again. Classic.'], tool_failure: ['Ouch.'] } as Record<string, string[]>;

describe.skipIf(skipWithoutClaude())('claude-cli adapter with the real Claude Code CLI', () => {
  it('sends the system prompt, model, prompt and max_tokens, and returns the stand-in text', async () => {
    const { api, home } = await setup({ other: text('Rocks never fail. You, however, do.') });
    const answer = await createClaudeCliAdapter({ binary, env: home.env, cwd: home.home }).complete({
      ...call(),
      kinds: ['test_failure'],
    });

    expect(answer.text).toBe('Rocks never fail. You, however, do.');
    const requests = api.messageRequests();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.path).toBe('/v1/messages');
    expect(request!.systemText).toContain(SYSTEM);
    expect(request!.userText).toContain('The tests failed for the third time. Say something.');
    expect(request!.model).toMatch(/haiku/);
    expect(request!.maxTokens).toBe(150); // CLAUDE_CODE_MAX_OUTPUT_TOKENS reached the request
    expect(request!.body.tools ?? []).toEqual([]);
    expect(answer.source).toBe(request!.model); // the model id the CLI resolved "haiku" to
    expect(answer.usage!.inputTokens).toBeGreaterThan(0);
    expect(answer.usage!.outputTokens).toBeGreaterThan(0);
    expect(answer.costUsd).toBeGreaterThan(0);
  });

  it('reports HTTP 500 and 401 from the API as failures with their message', async () => {
    const { api, home } = await setup({ other: httpError(500, 'stand-in exploded') });
    const adapter = createClaudeCliAdapter({ binary, env: home.env, cwd: home.home });
    const serverError = await adapter.complete({ ...call(), kinds: ['test_failure'] }).catch((e) => e);
    expect(serverError).toBeInstanceOf(DelegateCallError);
    expect(serverError.kind).toBe('http');
    expect(serverError.message).toMatch(/500/);
    expect(serverError.message).toMatch(/stand-in exploded/);

    api.setOther(httpError(401, 'invalid x-api-key'));
    const authError = await adapter.complete({ ...call(), kinds: ['test_failure'] }).catch((e) => e);
    expect(authError.kind).toBe('auth');
    expect(authError.message).toMatch(/^claude: .*API key/i);
  });

  it('kills the CLI when the call is aborted on a hanging API', async () => {
    const { api, home } = await setup({ other: hang() });
    const controller = new AbortController();
    const pending = createClaudeCliAdapter({ binary, env: home.env, cwd: home.home }).complete({
      ...call(controller.signal),
      kinds: ['test_failure'],
    });
    await api.waitForRequests(1);
    controller.abort(new DelegateCallError('no answer within 20000 ms', 'timeout'));
    await expect(pending).rejects.toMatchObject({ kind: 'timeout', message: 'no answer within 20000 ms' });
  });

  it("marks the child and drops the parent session's markers from its environment", () => {
    const env = claudeChildEnv(
      { HOME: '/h', CLAUDECODE: '1', CLAUDE_CODE_SESSION_ID: 'parent', CLAUDE_PROJECT_DIR: '/p', PATH: '/bin' },
      120,
    );
    expect(env).toEqual({ HOME: '/h', PATH: '/bin', CLAUDE_CODE_MAX_OUTPUT_TOKENS: '120', BUDDY_TUI_CHILD: '1' });
  });

  it('uses exactly the documented flags', () => {
    expect(claudeCliArgs({ model: 'haiku', systemPrompt: 'S' })).toEqual([
      '-p',
      '--output-format',
      'json',
      '--no-session-persistence',
      '--max-turns',
      '1',
      '--tools',
      '',
      '--model',
      'haiku',
      '--system-prompt',
      'S',
      '--settings',
      '{"disableAllHooks": true}',
    ]);
  });
});

describe.skipIf(skipWithoutClaude())('the child never feeds the buddy', () => {
  function hookSettings(marker: string) {
    const handlers = [
      { type: 'command', command: `${JSON.stringify(process.execPath)} ${JSON.stringify(HOOK)}` },
      // The spool hook as install writes it: it checks the marker before it reads anything.
      spoolShellHandler('claude', { node: process.execPath, hookScript: HOOK }, 5),
      // A second handler that proves hooks ran at all, whatever the journal says.
      { type: 'command', command: `echo "$BUDDY_TUI_CHILD" >> ${JSON.stringify(marker)}` },
    ];
    const events = ['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd'];
    return { hooks: Object.fromEntries(events.map((event) => [event, [{ hooks: handlers }]])) };
  }

  it("a plain `claude -p` journals its events; the adapter's child journals none", async () => {
    const stateRoot = mkdtempSync(join(scratch, 'state-'));
    const marker = join(scratch, `hooks-ran-${Date.now()}`);
    const { home } = await setup({ other: text('Fine.') }, { BUDDY_TUI_STATE_DIR: stateRoot });
    home.writeSettings(hookSettings(marker));

    // Control: the same HOME, env and hooks, run the ordinary way, does reach the journal.
    const control = await execa(
      binary,
      ['-p', '--output-format', 'json', '--no-session-persistence', '--max-turns', '1', '--tools', ''],
      {
        input: 'hello',
        env: home.env,
        extendEnv: false,
        cwd: home.home,
        reject: false,
      },
    );
    expect(control.exitCode).toBe(0);
    // The Node hook makes the inbox (for the spool) beside the session's folder.
    const controlSessions = readdirSync(stateRoot).filter((name) => name !== 'inbox');
    expect(controlSessions).toHaveLength(1);
    const journal = readFileSync(join(stateRoot, controlSessions[0]!, 'events.jsonl'), 'utf8');
    expect(journal).toMatch(/"hook_event_name":"SessionStart"/);
    expect(journal).toMatch(/"hook_event_name":"Stop"/);
    rmSync(stateRoot, { recursive: true, force: true });
    rmSync(marker, { force: true });

    // The adapter: hooks disabled by --settings and the child marked.
    const answer = await createClaudeCliAdapter({ binary, env: home.env, cwd: home.home }).complete({
      ...call(),
      kinds: ['test_failure'],
    });
    expect(answer.text).toBe('Fine.');
    expect(existsSync(stateRoot) ? readdirSync(stateRoot) : []).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  it('hooks that still run in the child (like managed hooks) are ignored by the buddy hook', async () => {
    const stateRoot = mkdtempSync(join(scratch, 'state-'));
    mkdirSync(join(stateRoot, 'inbox'), { mode: 0o700 }); // so the spool would write, were it not for the marker
    const marker = join(scratch, `hooks-ran-${Date.now()}`);
    const { home } = await setup({ other: text('Fine.') }, { BUDDY_TUI_STATE_DIR: stateRoot });
    home.writeSettings(hookSettings(marker));
    // Without --settings disableAllHooks the hooks run, as managed hooks would; the marker is what saves us.
    const args = claudeCliArgs({ model: 'haiku', systemPrompt: SYSTEM }).slice(0, -2);
    const run = await execa(binary, args, {
      input: 'hello',
      env: { ...home.env, BUDDY_TUI_CHILD: '1' },
      extendEnv: false,
      cwd: home.home,
      reject: false,
    });
    expect(run.exitCode).toBe(0);
    expect(readFileSync(marker, 'utf8').trim().split('\n')).toContain('1'); // hooks ran, with the marker
    expect(readdirSync(stateRoot)).toEqual(['inbox']); // and the journal stayed untouched
    expect(readdirSync(join(stateRoot, 'inbox'))).toEqual([]); // nothing spooled either
  });
});

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
