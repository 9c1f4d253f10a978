/**
 * A real Pi coding agent 0.73.1 session seen through buddy-tui, end to end: `install --host pi`
 * (buddy-tui's extension in `~/.pi/agent/extensions/`), the headless runner with a buddy plugin
 * declared as a Claude Code hook (PostToolUseFailure, matcher on Pi's `bash`), and one `pi -p`
 * (PI_OFFLINE=1) against the Chat Completions stand-in: a command that exits 3, one that
 * succeeds, then text. The failure carries its exit code into the journal, the reducer and
 * `status --json` (Pi says it only as text); the plugin runs on Pi's event unchanged. Then the
 * same prompt once more with a fault injected into buddy-tui's code inside the installed
 * extension: both commands still run and answer as before, and Pi shows no extension error.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSession } from '../../src/state/reader.js';
import { call, text, type ChatStandin } from '../support/chat-completions-standin.js';
import { createOfflinePiHome, runPiPrint, skipWithoutPi, type OfflinePiHome } from '../support/pi-cli.js';
import { readJournal } from './claude-session.js';
import { startHostWorld, type HostWorld } from './host-session-world.js';

const PROMPT = 'Run the check, then the other one.';

/** The installed extension with every append throwing, as a bug in buddy-tui's code would. */
function injectFault(file: string): void {
  const text = readFileSync(file, 'utf8');
  const faulty = text.replace(
    /function appendHostEvent\(([^)]*)\)\s*\{/,
    (head) => `${head}\n  throw new Error("buddy-tui: injected fault");`,
  );
  expect(faulty).not.toBe(text);
  writeFileSync(file, faulty);
}

/** What the model was told of each command's result, in order. */
const toolResults = (api: ChatStandin, from: number) =>
  api
    .chatRequests()
    .slice(from)
    .at(-1)
    .messages.filter((m: { role: string }) => m.role === 'tool')
    .map((m: { content: unknown }) => JSON.stringify(m.content));

describe.skipIf(skipWithoutPi())('a Pi session in the journal, status and a plugin', () => {
  let world: HostWorld<OfflinePiHome> | undefined;

  afterAll(async () => {
    await world?.close();
  });

  it('shows the exit 3 failure, runs the plugin, and a fault in the extension blocks no tool', {
    timeout: 240_000,
  }, async () => {
    world = await startHostWorld({
      host: 'pi',
      script: [
        call('bash', { command: 'echo about-to-fail; exit 3' }),
        call('bash', { command: 'echo fine' }),
        text('Done.'),
      ],
      makeHome: (baseUrl, buddyEnv) => createOfflinePiHome({ baseUrl, extraEnv: buddyEnv }),
      plugin: { event: 'PostToolUseFailure', matcher: 'bash' },
      runner: true,
    });
    const { project, root, api, home, install, cli } = world;
    expect(install.code, install.stderr).toBe(0);

    const run = await runPiPrint({ home, cwd: project, prompt: PROMPT });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Extension error');
    const status = JSON.parse(cli(['status', '--json']).stdout).sessions;
    expect(status).toHaveLength(1);
    expect(status[0]).toMatchObject({
      host: 'pi',
      label: 'Pi',
      state: 'ended',
      tools: { bash: 2 },
      agents: null,
      failures: 1,
      reports: { subagents: false, waitingForApproval: 'no', exitCodes: 'text' },
    });

    const sessionId = status[0].id as string;
    const lines = readJournal(root, sessionId);
    expect(new Set(lines.map((line) => line.host))).toEqual(new Set(['pi']));
    expect(lines.map((line) => line.hook_event_name)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUseFailure',
      'PreToolUse',
      'PostToolUse',
      'Stop',
      'SessionEnd',
    ]);
    expect(lines[3]).toMatchObject({
      tool_name: 'bash',
      exit_code: 3,
      tool_input: { command: 'echo about-to-fail; exit 3' },
    });
    // What the pane draws of the session: the failure with its exit code and output.
    const state = readSession(join(root, sessionId))!;
    expect(state.failures.map((f) => f.error)).toEqual(['Exit code 3\nabout-to-fail']);
    expect(state.turnCount).toBe(1);

    expect(await world.pluginInput('the plugin to run on the failure')).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'bash',
      exit_code: 3,
      host: 'pi',
    });
    const answered = toolResults(api, 0);

    injectFault(join(home.agentDir, 'extensions', 'buddy-tui.js'));
    const before = api.chatRequests().length;
    const faulty = await runPiPrint({ home, cwd: project, prompt: PROMPT });
    expect(faulty.exitCode, faulty.stderr).toBe(0);
    expect(faulty.stderr).not.toMatch(/Extension error|injected fault/);
    expect(faulty.stdout).toContain('Done.');
    expect(toolResults(api, before)).toEqual(answered);
    expect(answered.join('\n')).toMatch(/about-to-fail.*Command exited with code 3[\s\S]*fine/);
    // The faulty extension wrote nothing: still the one session.
    expect(readdirSync(root).filter((name) => existsSync(join(root, name, 'events.jsonl')))).toEqual([sessionId]);
  });
});
