/**
 * End to end with the real Claude Code CLI in print mode: `buddy-tui install` into a temporary
 * HOME, `claude -p` against the Messages API stand-in with scripted tool_use turns, and the
 * journal + reducer checked against what Claude Code really fired. Runs in CI (never skipped there).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerKind } from '../../src/ingest/spool-command.js';
import { foldEvents } from '../../src/state/reducer.js';
import { readSession } from '../../src/state/reader.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { REPO_ROOT } from '../support/hook-process.js';
import {
  buddyCli,
  createWorld,
  readJournal,
  runClaudePrint,
  scriptedTurns,
  type ClaudeRun,
  type E2eWorld,
} from './claude-session.js';

const PROMPT = 'List the sources, run the check, read and grep, write notes, and have them reviewed.';
const STREAM_ARGS = ['--output-format', 'stream-json', '--verbose', '--include-hook-events'];

interface StreamLine {
  type: string;
  subtype?: string;
  hook_event?: string;
  exit_code?: number;
  outcome?: string;
  stdout?: string;
  stderr?: string;
  session_id?: string;
}
const streamLines = (run: ClaudeRun): StreamLine[] =>
  run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe.skipIf(skipWithoutClaude())('print mode with the real Claude Code CLI', () => {
  let world: E2eWorld;
  let baseline: ClaudeRun;
  let run: ClaudeRun;
  let sessionId: string;
  let events: JournalEvent[];

  beforeAll(async () => {
    world = await createWorld();
    // The same scripted run twice in one test run: first without buddy-tui's hooks, then with them.
    baseline = await runClaudePrint(world, PROMPT, STREAM_ARGS);
    expect(existsSync(world.stateDir)).toBe(false);
    world.api.setMain(scriptedTurns(world.project));
    // The spool: always the shell form, one /bin/sh per event (cheaper for Claude Code than the exec form).
    const bin = join(world.root, 'bin');
    mkdirSync(bin);
    symlinkSync(world.claude, join(bin, 'claude'));
    const install = buddyCli(world, ['install', '--settings', world.claudeHome.settingsPath], {
      PATH: `${bin}:${world.claudeHome.env.PATH}`,
    });
    expect(install.stderr).toBe('');
    expect(install.code).toBe(0);
    expect(install.stdout).toContain(
      'spool: /bin/sh writes each event into the inbox; shell form: one /bin/sh per event',
    );
    run = await runClaudePrint(world, PROMPT, STREAM_ARGS);
    // The hooks spooled every event into the inbox; `status` drains it into the journal first.
    expect(buddyCli(world, ['status', '--json']).code).toBe(0);
    const sessions = readdirSync(world.stateDir).filter((name) =>
      existsSync(join(world.stateDir, name, 'events.jsonl')),
    );
    expect(sessions).toHaveLength(1);
    sessionId = sessions[0];
    events = readJournal(world.stateDir, sessionId) as JournalEvent[];
  }, 300_000);

  afterAll(async () => {
    await world?.cleanup();
  });

  it('claude ran the scripted turns and reported no hook error', () => {
    expect(baseline.code).toBe(0);
    expect(run.code).toBe(0);
    const lines = streamLines(run);
    expect(lines.find((line) => line.type === 'result')?.subtype).toBe('success');
    const responses = lines.filter((line) => line.subtype === 'hook_response');
    // One hook response per journaled event (SessionEnd fires after the stream's last line).
    const journaled = events.filter((event) => event.hook_event_name !== 'SessionEnd').map((e) => e.hook_event_name);
    expect(responses.map((response) => response.hook_event).sort()).toEqual(journaled.sort());
    expect(responses.length).toBeGreaterThanOrEqual(15);
    for (const response of responses) {
      expect(response, `hook ${response.hook_event}`).toMatchObject({ exit_code: 0, outcome: 'success', stdout: '' });
    }
    expect(lines.find((line) => line.type === 'system' && line.subtype === 'init')?.session_id).toBe(sessionId);
    expect(run.stderr).not.toMatch(/hook/i);
    // The baseline had no hooks at all.
    expect(streamLines(baseline).filter((line) => line.subtype === 'hook_response')).toEqual([]);
    expect(existsSync(join(world.stateDir, 'errors.log'))).toBe(false);
  });

  it('the journal holds the session real events, in order', () => {
    const names = events.map((event) => event.hook_event_name);
    expect(names[0]).toBe('SessionStart');
    expect(events[0].source).toBe('startup');
    expect(names[names.length - 1]).toBe('SessionEnd');
    expect(events.every((event) => event.session_id === sessionId)).toBe(true);
    // `ts` is each hook process's receive time; hooks of one batch run side by side, so only the bounds hold.
    for (const event of events) expect(event.ts).toBeGreaterThanOrEqual(events[0].ts);

    const prompt = events.findIndex((event) => event.hook_event_name === 'UserPromptSubmit');
    expect(events[prompt].prompt).toBe(PROMPT);
    // Every tool call: PreToolUse, then exactly one PostToolUse or PostToolUseFailure, after the prompt.
    const pre = events.filter((event) => event.hook_event_name === 'PreToolUse');
    // Read and Grep are one parallel batch: their hooks run side by side, in either order.
    const tools = pre.map((event) => event.tool_name);
    expect([...tools.slice(0, 2), [...tools.slice(2, 4)].sort(), ...tools.slice(4)]).toEqual([
      'Bash',
      'Bash',
      ['Grep', 'Read'],
      'Write',
      'Agent',
    ]);
    for (const call of pre) {
      const at = events.indexOf(call);
      expect(at).toBeGreaterThan(prompt);
      const finished = events.filter(
        (event) => event.tool_use_id === call.tool_use_id && event.hook_event_name !== 'PreToolUse',
      );
      expect(finished).toHaveLength(1);
      expect(events.indexOf(finished[0])).toBeGreaterThan(at);
    }
    const failure = events.find((event) => event.hook_event_name === 'PostToolUseFailure')!;
    expect(failure).toMatchObject({ tool_name: 'Bash', error: 'Exit code 3' });
    expect(failure.tool_use_id).toBe(pre[1].tool_use_id);
    // Read and Grep were one parallel batch: both started before either ended.
    const batchEvents = events.filter(
      (event) => event.tool_use_id === pre[2].tool_use_id || event.tool_use_id === pre[3].tool_use_id,
    );
    expect(batchEvents.map((event) => event.hook_event_name).slice(0, 2)).toEqual(['PreToolUse', 'PreToolUse']);
    expect(batchEvents).toHaveLength(4);
    // No buddy plugin listens to PostToolBatch here: install left it out, so Claude Code never fired it.
    expect(events.filter((event) => event.hook_event_name === 'PostToolBatch')).toEqual([]);

    const start = events.findIndex((event) => event.hook_event_name === 'SubagentStart');
    const stop = events.findIndex((event) => event.hook_event_name === 'SubagentStop');
    expect(start).toBeGreaterThan(events.indexOf(pre[5]));
    expect(stop).toBeGreaterThan(start);
    expect(events[stop].agent_id).toBe(events[start].agent_id);
    expect(events[start].agent_type).toBe('general-purpose');
    expect(names.filter((name) => name === 'Stop').length).toBeGreaterThanOrEqual(1);
  });

  it("the reducer's state is right: tools of the turn, the failure, the subagent, the end", () => {
    const firstStop = events.findIndex((event) => event.hook_event_name === 'Stop');
    const turn = foldEvents(undefined, events.slice(0, firstStop + 1));
    expect(turn.toolsThisTurn).toEqual({ Bash: 2, Read: 1, Grep: 1, Write: 1, Agent: 1 });
    expect(turn.failures).toHaveLength(1);
    expect(turn.failures[0]).toMatchObject({ tool: 'Bash', error: 'Exit code 3', detail: 'node -e "process.exit(3)"' });
    expect(turn.subagentsStartedTotal).toBe(1);
    expect(turn.pendingPrompts).toBe(0);

    const start = events.findIndex((event) => event.hook_event_name === 'SubagentStart');
    const stop = events.findIndex((event) => event.hook_event_name === 'SubagentStop');
    const agentId = events[start].agent_id!;
    expect(Object.keys(foldEvents(undefined, events.slice(0, start + 1)).subagents)).toEqual([agentId]);
    expect(foldEvents(undefined, events.slice(0, stop + 1)).subagents).toEqual({});

    // The reader (checkpoint + journal), as the statusline and the TUI use it.
    const state = readSession(join(world.stateDir, sessionId))!;
    expect(state.sessionId).toBe(sessionId);
    expect(state.toolRunsTotal).toBe(6);
    expect(state.toolFailuresTotal).toBe(1);
    expect(state.subagentsStartedTotal).toBe(1);
    expect(state.subagents).toEqual({});
    expect(state.toolsRunning).toEqual({});
    expect(state.pendingPrompts).toBe(0);
    expect(state.endedAt).toBeDefined();
    expect(state.endReason).toBe(events[events.length - 1].reason);
    expect(state.filesTouched).toEqual([join(world.project, 'NOTES.md')]);
    expect(state.cwd).toBe(world.project);
  });

  it('install wrote the spool for every event, inline in the shell form (what it costs is measured by `npm run bench`, hook-cost)', () => {
    const hooks = JSON.parse(readFileSync(world.claudeHome.settingsPath, 'utf8')).hooks as Record<
      string,
      Array<{ hooks: Array<{ command: string; args?: string[] }> }>
    >;
    for (const groups of Object.values(hooks)) {
      const [handler] = groups[0].hooks;
      expect(handler.args).toBeUndefined();
      expect(handler.command).toMatch(/^set -- claude \d+ \S+ \S+dist\/hook\.js {2}# buddy-tui-ingest\n/);
      expect(handlerKind(handler)?.path).toBe('spool');
    }
  });
});

describe.skipIf(skipWithoutClaude())('the Claude Code plugin folder with the real CLI', () => {
  it('`claude -p --plugin-dir claude-plugin`: the plugin hooks spool the session into the inbox, the drain journals it', async () => {
    const world = await createWorld();
    try {
      const run = await runClaudePrint(world, PROMPT, [
        ...STREAM_ARGS,
        '--plugin-dir',
        join(REPO_ROOT, 'claude-plugin'),
      ]);
      expect(run.code).toBe(0);
      const responses = streamLines(run).filter((line) => line.subtype === 'hook_response');
      expect(responses.length).toBeGreaterThanOrEqual(20);
      for (const response of responses) expect(response).toMatchObject({ exit_code: 0, outcome: 'success' });
      // The first event found no inbox: the Node launcher journaled it and made the inbox. Every
      // later one was spooled there by /bin/sh (no Node), and waits for a drain.
      const spooled = readdirSync(join(world.stateDir, 'inbox')).filter((name) => /^claude\.\d+/.test(name));
      const sessionId = readdirSync(world.stateDir).find((name) =>
        existsSync(join(world.stateDir, name, 'events.jsonl')),
      )!;
      expect(readJournal(world.stateDir, sessionId).map((event) => event.hook_event_name)).toEqual(['SessionStart']);
      expect(spooled.length).toBeGreaterThanOrEqual(20);
      expect(buddyCli(world, ['status', '--json']).code).toBe(0);
      expect(readdirSync(join(world.stateDir, 'inbox')).filter((name) => /^claude\./.test(name))).toEqual([]);
      const names = readJournal(world.stateDir, sessionId).map((event) => event.hook_event_name);
      // Each spooled file became exactly one journal line.
      expect(names).toHaveLength(1 + spooled.length);
      expect(names[0]).toBe('SessionStart');
      expect(names).toContain('PostToolUseFailure');
      expect(names).toContain('SubagentStart');
      expect(names[names.length - 1]).toBe('SessionEnd');
    } finally {
      await world.cleanup();
    }
  }, 180_000);
});
