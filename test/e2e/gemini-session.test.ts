/**
 * A real Gemini CLI 0.61.0 session seen through buddy-tui, end to end: `install --host gemini` into
 * a settings.json the user already has (backup, merge), `gemini -p` against the Gemini API
 * stand-in (a passing and a failing shell command, a write, an edit), then the journal (exact
 * counts per event against what Gemini fired, none of its 4 model-level hooks), `status --json`,
 * and uninstall giving back the user's file byte for byte. Gemini says a command's exit code only
 * as `Exit Code: N` text; the Gemini adapter (src/hosts/gemini.ts) makes it a failure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSession } from '../../src/state/reader.js';
import { sessionMood } from '../../src/display/mood.js';
import { call, startGeminiApiStandin, text, type GeminiStandin } from '../support/gemini-api-standin.js';
import {
  createOfflineGeminiHome,
  runGeminiPrint,
  skipWithoutGemini,
  type GeminiRun,
  type OfflineGeminiHome,
} from '../support/gemini-cli.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { readJournal } from './claude-session.js';

const count = (names: string[]) =>
  names.reduce<Record<string, number>>((acc, n) => ({ ...acc, [n]: (acc[n] ?? 0) + 1 }), {});

describe.skipIf(skipWithoutGemini())('a Gemini CLI session in the journal and status', () => {
  let api: GeminiStandin;
  let home: OfflineGeminiHome;
  let project: string;
  let stateDir: string;
  let sessionId: string;
  let run: GeminiRun;
  let userSettings: string;
  const settingsFile = () => join(home.geminiDir, 'settings.json');

  beforeAll(async () => {
    project = makeTempDir('buddy-gemini-proj-');
    const file = join(project, 'hello.txt');
    api = await startGeminiApiStandin({
      script: [
        call('run_shell_command', { command: 'ls', description: 'list', is_background: false }),
        call('run_shell_command', { command: 'echo about-to-fail; exit 3', description: 'fail', is_background: false }),
        call('write_file', { file_path: file, content: 'hello\n' }),
        call('replace', { file_path: file, old_string: 'hello', new_string: 'hello, edited', instruction: 'edit it' }),
        text('Done.'),
      ],
    });
    stateDir = join(makeTempDir('buddy-gemini-state-'), 'state');
    home = createOfflineGeminiHome({ baseUrl: api.baseUrl, extraEnv: { BUDDY_TUI_STATE_DIR: stateDir } });
    userSettings = readFileSync(settingsFile(), 'utf8');
    const install = runCli(['install', '--host', 'gemini'], home.env, project);
    expect(install.code, install.stderr).toBe(0);
    run = await runGeminiPrint({ home, cwd: project, prompt: 'Run the checks and write the file.' });
    expect(runCli(['status', '--json'], home.env, project).code).toBe(0);
    sessionId =
      readdirSync(stateDir, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'inbox')[0]?.name ??
      '';
  }, 240_000);

  afterAll(async () => {
    await api?.close();
    home?.cleanup();
  });

  it("install kept the user's settings, added 7 events in milliseconds, and is idempotent", () => {
    const settings = JSON.parse(readFileSync(settingsFile(), 'utf8'));
    expect(settings.security.auth.selectedType).toBe('gemini-api-key');
    expect(Object.keys(settings.hooks).sort()).toEqual([
      'AfterAgent',
      'AfterTool',
      'BeforeAgent',
      'BeforeTool',
      'Notification',
      'SessionEnd',
      'SessionStart',
    ]);
    expect(settings.hooks.BeforeTool[0].hooks[0]).toMatchObject({ name: 'buddy-tui', timeout: 5000 });
    expect(runCli(['install', '--host', 'gemini'], home.env, project).stdout).toContain('nothing changed');
  });

  it('journals exactly what Gemini fired that the buddy reads, with host gemini', () => {
    expect(run.timedOut).toBe(false);
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = readJournal(stateDir, sessionId);
    expect(new Set(lines.map((l) => l.host))).toEqual(new Set(['gemini']));
    expect(count(lines.map((l) => l.hook_event_name))).toEqual({
      SessionStart: 1,
      UserPromptSubmit: 1,
      PreToolUse: 4,
      PostToolUse: 3,
      PostToolUseFailure: 1,
      Stop: 1,
      SessionEnd: 1,
    });
    expect(
      lines
        .filter((l) => /^PostToolUse/.test(l.hook_event_name))
        .map((l) => [l.hook_event_name, l.tool_name, l.exit_code]),
    ).toEqual([
      ['PostToolUse', 'run_shell_command', 0],
      ['PostToolUseFailure', 'run_shell_command', 3],
      ['PostToolUse', 'write_file', undefined],
      ['PostToolUse', 'replace', undefined],
    ]);
    // The hook's environment has GEMINI_API_KEY: the spool writes the payload only.
    expect(readFileSync(join(stateDir, sessionId, 'events.jsonl'), 'utf8')).not.toContain(home.env.GEMINI_API_KEY);
  });

  it('the reducer and status --json hold the failure and the file', () => {
    const state = readSession(join(stateDir, sessionId))!;
    expect(state.failures.map((f) => f.error)).toEqual(['Exit code 3\nabout-to-fail']);
    expect(state.filesTouched).toEqual([join(project, 'hello.txt')]);
    expect(sessionMood(state, state.failures[0].at + 1000)).toBe('error');
    const session = JSON.parse(runCli(['status', '--json'], home.env, project).stdout).sessions.find(
      (s: { id: string }) => s.id === sessionId,
    );
    expect(session).toMatchObject({ host: 'gemini', state: 'ended', failures: 1 });
    // Gemini has no subagent events: "unknown" (null), not "none run" ({}), and `reports` says so.
    expect(session.agents).toBeNull();
    expect(session.reports).toMatchObject({
      subagents: false,
      waitingForApproval: 'interactive-only',
      turnEnd: 'missing-on-cancel-and-error',
    });
  });

  it("uninstall gives back the user's settings.json byte for byte", () => {
    const out = runCli(['uninstall', '--host', 'gemini'], home.env, project);
    expect(out.code, out.stderr).toBe(0);
    expect(readFileSync(settingsFile(), 'utf8')).toBe(userSettings);
  });
});
