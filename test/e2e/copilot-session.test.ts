/**
 * A real GitHub Copilot CLI 1.0.102 session seen through buddy-tui, end to end: `install --host
 * copilot` (its own file in $COPILOT_HOME/hooks/), `copilot -p` against the Chat Completions
 * stand-in (a passing and a failing shell command, a create, an edit, a subagent), then the
 * journal (exact counts per event against what Copilot fired), `status --json`, the pane under
 * tmux, and uninstall giving back exactly what was there. Copilot reports the failing command's
 * exit code only as text; the Copilot adapter (src/hosts/copilot.ts) makes it a failure.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSession } from '../../src/state/reader.js';
import { SESSION_MOOD_RULES, sessionMood } from '../../src/display/mood.js';
import {
  CHILD_MARKER,
  call,
  startChatCompletionsStandin,
  text,
  type ChatStandin,
} from '../support/chat-completions-standin.js';
import {
  createOfflineCopilotHome,
  runCopilotPrint,
  skipWithoutCopilot,
  type CopilotRun,
  type OfflineCopilotHome,
} from '../support/copilot-cli.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { readJournal } from './claude-session.js';
import { shellQuote, startTmux, type TmuxServer } from './tmux-server.js';

const count = (names: string[]) =>
  names.reduce<Record<string, number>>((acc, n) => ({ ...acc, [n]: (acc[n] ?? 0) + 1 }), {});

describe.skipIf(skipWithoutCopilot())('a Copilot CLI session in the journal, status and the pane', () => {
  let api: ChatStandin;
  let home: OfflineCopilotHome;
  let project: string;
  let stateDir: string;
  let sessionId: string;
  let run: CopilotRun;
  let tmux: TmuxServer | undefined;
  const hooksFile = () => join(home.copilotHome, 'hooks', 'buddy-tui.json');

  beforeAll(async () => {
    project = makeTempDir('buddy-copilot-proj-');
    const file = join(project, 'hello.txt');
    api = await startChatCompletionsStandin({
      script: [
        call('bash', { command: 'ls', description: 'list', mode: 'sync', initial_wait: 30 }),
        call('bash', { command: 'echo about-to-fail; exit 3', description: 'fail', mode: 'sync', initial_wait: 30 }),
        call('create', { path: file, file_text: 'hello\n' }),
        call('edit', { path: file, old_str: 'hello', new_str: 'hello, edited' }),
        call('task', {
          prompt: `${CHILD_MARKER}: say hi`,
          description: 'child',
          agent_type: 'general-purpose',
          name: 'child',
          mode: 'sync',
        }),
        text('Done.'),
      ],
    });
    stateDir = join(makeTempDir('buddy-copilot-state-'), 'state');
    home = createOfflineCopilotHome({ baseUrl: api.baseUrl, extraEnv: { BUDDY_TUI_STATE_DIR: stateDir } });
    const install = runCli(['install', '--host', 'copilot'], home.env, project);
    expect(install.code, install.stderr).toBe(0);
    run = await runCopilotPrint({ home, cwd: project, prompt: 'Run the checks, write the file, ask a helper.' });
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

  it('install wrote its own hooks file, and a second install changes nothing', () => {
    const hooks = JSON.parse(readFileSync(hooksFile(), 'utf8'));
    expect(hooks.version).toBe(1);
    expect(Object.keys(hooks.hooks)).toContain('PreToolUse');
    expect(JSON.stringify(hooks)).not.toContain('"matcher"');
    const again = runCli(['install', '--host', 'copilot'], home.env, project);
    expect(again.stdout).toContain('nothing changed');
  });

  it('journals exactly what Copilot fired, on one session, with host copilot', () => {
    expect(run.timedOut).toBe(false);
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = readJournal(stateDir, sessionId);
    expect(new Set(lines.map((l) => l.host))).toEqual(new Set(['copilot']));
    expect(count(lines.map((l) => l.hook_event_name))).toEqual({
      SessionStart: 1,
      UserPromptSubmit: 1,
      PreToolUse: 5,
      PostToolUse: 4,
      PostToolUseFailure: 1,
      SubagentStart: 1,
      SubagentPrompt: 1,
      SubagentTurnEnd: 1,
      SubagentStop: 1,
      Stop: 1,
      SessionEnd: 1,
    });
    const tools = lines
      .filter((l) => /^PostToolUse/.test(l.hook_event_name))
      .map((l) => [l.hook_event_name, l.tool_name, l.exit_code]);
    expect(tools).toEqual([
      ['PostToolUse', 'Bash', 0],
      ['PostToolUseFailure', 'Bash', 3],
      ['PostToolUse', 'Write', undefined],
      ['PostToolUse', 'Edit', undefined],
      ['PostToolUse', 'Agent', undefined],
    ]);
    expect(lines.find((l) => l.hook_event_name === 'PostToolUseFailure')?.error).toBe('Exit code 3\nabout-to-fail');
  });

  it('the reducer and status --json hold the failure, the file, the subagent and the ended turn', () => {
    const state = readSession(join(stateDir, sessionId))!;
    expect(state.failures.map((f) => f.error)).toEqual(['Exit code 3\nabout-to-fail']);
    expect(state.filesTouched).toEqual([join(project, 'hello.txt')]);
    expect(state.subagentsStartedTotal).toBe(1);
    expect(state.turnCount).toBe(1);
    expect(sessionMood(state, state.failures[0].at + 1000)).toBe('error');
    expect(sessionMood(state, state.failures[0].at + SESSION_MOOD_RULES.errorMs + 1000)).not.toBe('error');
    const status = runCli(['status', '--json'], home.env, project);
    const session = JSON.parse(status.stdout).sessions.find((s: { id: string }) => s.id === sessionId);
    // Five calls, each a start and an end without a call id: each counts once.
    expect(session).toMatchObject({
      host: 'copilot',
      state: 'ended',
      failures: 1,
      tools: { Bash: 2, Write: 1, Edit: 1, Agent: 1 },
    });
  });

  it('the pane under tmux shows the Copilot session, its host and the failed command', async () => {
    const dir = makeTempDir('buddy-copilot-tmux-');
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
    expect(screen).toContain('[copilot]');
  }, 90_000);

  it('uninstall gives back exactly what was there: no file', () => {
    const out = runCli(['uninstall', '--host', 'copilot'], home.env, project);
    expect(out.code, out.stderr).toBe(0);
    expect(existsSync(hooksFile())).toBe(false);
  });
});
