/**
 * The claude-cli adapter against the REAL Claude Code CLI (2.1.332, installed
 * by scripts/install-claude-code.sh) talking to the loopback Messages API stand-in.
 * Skipped locally when the CLI is missing; in CI (CI set) a missing CLI fails.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import { claudeChildEnv, claudeCliArgs, createClaudeCliAdapter } from '../../src/delegate/adapters/claude-cli.js';
import { spoolShellHandler } from '../../src/ingest/spool-command.js';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { hang, httpError, text } from '../support/messages-api-standin.js';
import { binary, call, HOOK, scratch, setup, SYSTEM, useRealClaudeCli } from './claude-cli-support.js';

useRealClaudeCli();

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
