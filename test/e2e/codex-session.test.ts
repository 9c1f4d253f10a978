/**
 * A real Codex 0.169.0 session seen through buddy-tui, end to end: install --host codex --trust,
 * a plain `codex exec` against the Responses API stand-in (a passing and a failing shell command,
 * an apply_patch), then the journal, the reducer and the pane under tmux. The failing command's
 * exit code is not in Codex's hook payload: the Codex adapter (src/hosts/codex.ts) recovers it from
 * the session's rollout, so it shows as a failure with "Exit code 3" everywhere.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSession } from '../../src/state/reader.js';
import {
  codexBinary,
  createOfflineCodexHome,
  runCodexExec,
  skipWithoutCodex,
  type CodexExecResult,
  type OfflineCodexHome,
} from '../support/codex-cli.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { startResponsesApiStandin, type ResponsesApiStandin } from '../support/responses-api-standin.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { readJournal } from './claude-session.js';
import { SESSION_MOOD_RULES, sessionMood } from '../../src/display/mood.js';
import { shellQuote, startTmux, type TmuxServer } from './tmux-server.js';

describe.skipIf(skipWithoutCodex())('a Codex session in the journal, the reducer and the pane', () => {
  let api: ResponsesApiStandin;
  let home: OfflineCodexHome;
  let project: string;
  let stateDir: string;
  let sessionId: string;
  let run: CodexExecResult;
  let tmux: TmuxServer | undefined;

  beforeAll(async () => {
    api = await startResponsesApiStandin();
    project = makeTempDir('buddy-proj-');
    stateDir = join(makeTempDir('buddy-codex-state-'), 'state');
    home = createOfflineCodexHome({
      baseUrl: api.baseUrl,
      extraEnv: { BUDDY_TUI_STATE_DIR: stateDir, BUDDY_TUI_CODEX_BIN: codexBinary() },
    });
    const install = runCli(['install', '--host', 'codex', '--trust'], home.env, project);
    expect(install.code, install.stderr).toBe(0);
    run = await runCodexExec({ home, cwd: project, prompt: 'Run the checks and add the file.' });
    // The hooks spooled each event; the drain (as the pane or `status` runs it) journals them and
    // recovers the exit codes from the rollout, which is complete by now.
    expect(runCli(['status', '--json'], home.env, project).code).toBe(0);
    sessionId =
      readdirSync(stateDir, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'inbox')[0]?.name ??
      '';
  }, 240_000);

  afterAll(async () => {
    tmux?.kill();
    await api?.close();
    home?.cleanup();
  });

  it('journals the failing command as a failure with its exit code, and the patched file', () => {
    expect(run.exitCode).toBe(0);
    const lines = readJournal(stateDir, sessionId);
    const tools = lines
      .filter((l) => /^PostToolUse/.test(l.hook_event_name))
      .map((l) => [l.hook_event_name, l.tool_name, l.exit_code]);
    expect(tools).toEqual([
      ['PostToolUse', 'Bash', 0],
      ['PostToolUseFailure', 'Bash', 3],
      ['PostToolUse', 'apply_patch', undefined],
    ]);
    expect(lines.find((l) => l.hook_event_name === 'PostToolUseFailure')).toMatchObject({
      host: 'codex',
      error: 'Exit code 3\nabout-to-fail',
    });
    expect(
      lines.find((l) => l.tool_name === 'apply_patch' && l.hook_event_name === 'PostToolUse')?.files_touched,
    ).toEqual([join(project, 'patched.txt')]);
  });

  it('the reducer holds the failure with its exit code and the touched file', () => {
    const state = readSession(join(stateDir, sessionId))!;
    expect(state.failures.map((f) => f.error)).toEqual(['Exit code 3\nabout-to-fail']);
    expect(state.filesTouched).toEqual([join(project, 'patched.txt')]);
    // The failure sets the buddy's mood as a Claude Code one does: the error face right after it.
    const failedAt = state.failures[0].at;
    expect(sessionMood(state, failedAt + 1000)).toBe('error');
    expect(sessionMood(state, failedAt + SESSION_MOOD_RULES.errorMs + 1000)).not.toBe('error');
  });

  it('the pane under tmux shows the Codex session and its failed command', async () => {
    const dir = makeTempDir('buddy-codex-tmux-');
    const command = `${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`;
    const started = startTmux(dir, {
      width: 100,
      height: 32,
      command,
      cwd: project,
      env: { ...home.env, HOME: home.home },
    });
    tmux = started.server;
    const screen = await tmux.waitFor(started.pane, (s) => /✗ Bash .*Exit code 3/.test(s), 60_000);
    expect(screen).toContain('gpt-5.5'); // the session's model, from Codex's payloads
  }, 90_000);
});
