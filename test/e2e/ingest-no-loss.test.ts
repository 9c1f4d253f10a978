/**
 * Issue 15, nothing lost: the real Claude Code CLI in print mode with buddy-tui's hooks exactly as
 * `buddy-tui install` writes them, no buddy-tui process running during the session, then ONE
 * drain through a product path (the statusline). The journal must hold every event Claude Code
 * fired, per kind, as the stand-in scripted it: parallel Reads whose hook payloads are ~200 KB
 * each, two subagents side by side, SessionEnd; and the same when the state root is gone when the
 * session starts (a reboot cleared $XDG_RUNTIME_DIR).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { handlerKind } from '../../src/ingest/spool-command.js';
import {
  countByKind,
  drainThroughStatusline,
  inboxFiles,
  installBuddyHooks,
  installedHandler,
  journalOf,
} from '../support/installed-hooks.js';
import {
  blocks,
  text,
  toolUse,
  toolUseBlock,
  type StandinReply,
  type StandinRequest,
} from '../support/messages-api-standin.js';
import { createWorld, runClaudePrint, type ClaudeRun, type E2eWorld } from './claude-session.js';

const STREAM_ARGS = ['--output-format', 'stream-json', '--verbose', '--include-hook-events'];
const BIG_FILES = 4;
const BIG_BYTES = 200_000;
const AGENTS = ['SUBAGENT-ONE', 'SUBAGENT-TWO'];
/** Lets Read return a 200 KB file whole (its default token cap would refuse it). */
const READ_ENV = { CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS: '200000' };

/** What Claude Code 2.1.332 fires for `parallelScript` on buddy-tui's events. */
const PARALLEL_EXPECTED = {
  PostToolBatch: 4, // the Reads' batch, one per subagent, the Agents' batch
  PostToolUse: BIG_FILES + 2 * AGENTS.length,
  PreToolUse: BIG_FILES + 2 * AGENTS.length,
  SessionEnd: 1,
  SessionStart: 1,
  Stop: 1,
  SubagentStart: AGENTS.length,
  SubagentStop: AGENTS.length,
  UserPromptSubmit: 1,
};

/** A subagent's requests start with its Agent prompt (the main loop's start with the user's prompt). */
const agentOf = (request: StandinRequest): string | undefined => {
  const first = JSON.stringify(request.body?.messages?.[0]?.content ?? '');
  return AGENTS.find((tag) => first.includes(tag));
};

/** 4 parallel Reads of 200 KB files, then 2 Agents side by side (each runs one Bash), then the answer. */
function parallelScript(project: string): (request: StandinRequest) => StandinReply {
  for (let i = 1; i <= BIG_FILES; i += 1)
    writeFileSync(join(project, `big${i}.txt`), `${'abcdefghij'.repeat(BIG_BYTES / 10)}\n`);
  const main: StandinReply[] = [
    blocks(
      Array.from({ length: BIG_FILES }, (_, i) =>
        toolUseBlock('Read', { file_path: join(project, `big${i + 1}.txt`) }),
      ),
    ),
    blocks(
      AGENTS.map((tag) =>
        toolUseBlock('Agent', {
          description: `Check ${tag}`,
          prompt: `${tag}: echo your name.`,
          subagent_type: 'general-purpose',
          run_in_background: false,
        }),
      ),
    ),
    text('Read the big files and heard from both subagents.'),
  ];
  return (request) => {
    const agent = agentOf(request);
    if (!agent) return main.shift() ?? text('Done.');
    const turns = (request.body?.messages ?? []).filter(
      (message: { role?: string }) => message.role === 'assistant',
    ).length;
    return turns === 0
      ? toolUse('Bash', { command: `echo ${agent}`, description: `Say ${agent}` })
      : text(`${agent} is here.`);
  };
}

/** Hook events Claude Code itself reports (stream-json): it does not report SessionEnd, which fires after its last line. */
function firedByClaude(run: ClaudeRun): Record<string, number> {
  const lines = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { subtype?: string; hook_event?: string; session_id?: string });
  return countByKind(
    lines.filter((line) => line.subtype === 'hook_response').map((line) => ({ hook_event_name: line.hook_event })),
  );
}

function sessionIdOf(run: ClaudeRun): string {
  const init = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .find((line) => line.type === 'system' && line.subtype === 'init');
  return init.session_id;
}

/** What is left in the inbox besides the drainer's own lock and damaged/ (none of which is an event). */
function inboxLeft(stateDir: string): string[] {
  const inbox = join(stateDir, 'inbox');
  return existsSync(inbox) ? readdirSync(inbox).filter((name) => !name.startsWith('.') && name !== 'damaged') : [];
}

function damaged(stateDir: string): string[] {
  const dir = join(stateDir, 'inbox', 'damaged');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe.skipIf(skipWithoutClaude())(
  'no event lost: real claude -p with buddy-tui installed, no buddy-tui process running',
  () => {
    let world: E2eWorld;
    let run: ClaudeRun;
    let sessionId: string;
    let events: Array<Record<string, any>>;
    let beforeDrain: { journal: number; inbox: Array<{ name: string; bytes: number }> };

    beforeAll(async () => {
      world = await createWorld({ extraEnv: READ_ENV });
      world.api.setMain(parallelScript(world.project));
      // A buddy plugin on PostToolBatch, so install registers it (on demand) and its 200 KB batches go through the spool too.
      const configDir = join(world.claudeHome.env.XDG_CONFIG_HOME!, 'buddy-tui');
      mkdirSync(configDir, { recursive: true });
      writeFileSync(
        join(configDir, 'config.json'),
        JSON.stringify({ hooks: { PostToolBatch: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
      );
      expect(installBuddyHooks(world.claudeHome.env, world.claude, world.root)).toContain(
        'PostToolBatch is registered: ',
      );
      run = await runClaudePrint(world, 'Read the big files, then ask two subagents.', STREAM_ARGS);
      sessionId = sessionIdOf(run);
      beforeDrain = { journal: journalOf(world.stateDir, sessionId).length, inbox: inboxFiles(world.stateDir) };
      // The first drain after the session, by the first buddy-tui process to run.
      drainThroughStatusline(world.claudeHome.env, sessionId, world.project);
      events = journalOf(world.stateDir, sessionId);
    }, 300_000);

    afterAll(async () => {
      await world?.cleanup();
    });

    it('claude ran the script and every hook answered 0', () => {
      expect(run.code, run.stderr).toBe(0);
      const responses = run.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((line) => line.subtype === 'hook_response');
      for (const response of responses)
        expect(response, response.hook_event).toMatchObject({ exit_code: 0, outcome: 'success', stdout: '' });
      // The Reads really carried 200 KB each: Claude Code sent the whole files back to the model.
      const results = world.api.requests
        .flatMap((request) =>
          (request.body?.messages ?? []).flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])),
        )
        .filter((block: any) => block.type === 'tool_result' && JSON.stringify(block.content).length >= BIG_BYTES);
      expect(new Set(results.map((block: any) => block.tool_use_id)).size).toBe(BIG_FILES);
    });

    it('the events went through the spool: all waited in the inbox, the 200 KB payloads whole, until the drain', () => {
      expect(handlerKind(installedHandler(world.claudeHome.settingsPath, 'PostToolUse').handler)?.path).toBe('spool');
      expect(beforeDrain.journal).toBe(0);
      expect(beforeDrain.inbox).toHaveLength(events.length);
      // The Reads' PostToolUse (and their batch): each file holds the whole 200 KB payload.
      expect(beforeDrain.inbox.filter((file) => file.bytes >= BIG_BYTES).length).toBeGreaterThanOrEqual(BIG_FILES + 1);
    });

    it('after one drain the journal holds every event, per kind, as scripted and as Claude Code reports it', () => {
      expect(countByKind(events)).toEqual(PARALLEL_EXPECTED);
      expect(countByKind(events)).toEqual({ ...firedByClaude(run), SessionEnd: 1 });
      expect(events.every((event) => event.session_id === sessionId)).toBe(true);
      expect(inboxLeft(world.stateDir)).toEqual([]);
      expect(damaged(world.stateDir)).toEqual([]);
      expect(existsSync(join(world.stateDir, 'errors.log'))).toBe(false);
    });

    it('the parallel 200 KB Reads: each call has its PreToolUse and its PostToolUse', () => {
      const reads = events.filter((event) => event.tool_name === 'Read');
      const ids = new Set(reads.map((event) => event.tool_use_id));
      expect(ids.size).toBe(BIG_FILES);
      for (const id of ids)
        expect(
          reads
            .filter((event) => event.tool_use_id === id)
            .map((event) => event.hook_event_name)
            .sort(),
        ).toEqual(['PostToolUse', 'PreToolUse']);
    });

    it('the subagents: start, their own tool calls (with their agent_id) and stop, for each', () => {
      const starts = events.filter((event) => event.hook_event_name === 'SubagentStart');
      const agentIds = starts.map((event) => event.agent_id).sort();
      expect(new Set(agentIds).size).toBe(AGENTS.length);
      expect(
        events
          .filter((event) => event.hook_event_name === 'SubagentStop')
          .map((event) => event.agent_id)
          .sort(),
      ).toEqual(agentIds);
      for (const agentId of agentIds) {
        const own = events.filter((event) => event.agent_id === agentId && event.tool_name === 'Bash');
        expect(own.map((event) => event.hook_event_name).sort()).toEqual(['PostToolUse', 'PreToolUse']);
      }
      expect(events.filter((event) => event.tool_name === 'Agent' && !event.agent_id)).toHaveLength(2 * AGENTS.length);
    });

    it('SessionEnd in print mode reaches the journal, last', () => {
      expect(events.filter((event) => event.hook_event_name === 'SessionEnd')).toHaveLength(1);
      expect(events[events.length - 1].hook_event_name).toBe('SessionEnd');
    });

    it('a session that starts while the state root is gone (reboot): every event after one drain', async () => {
      rmSync(world.stateDir, { recursive: true, force: true });
      world.api.setMain([
        toolUse('Bash', { command: 'echo one', description: 'One' }),
        toolUse('Bash', { command: 'echo two', description: 'Two' }),
        text('Two steps done.'),
      ]);
      const again = await runClaudePrint(world, 'Two steps.', STREAM_ARGS);
      expect(again.code, again.stderr).toBe(0);
      const id = sessionIdOf(again);
      // No inbox at the first event: the Node fallback made the root and the inbox and journaled it; the rest spooled.
      const journaled = journalOf(world.stateDir, id).length;
      const waiting = inboxFiles(world.stateDir).length;
      expect(journaled).toBeGreaterThanOrEqual(1);
      expect(waiting).toBeGreaterThanOrEqual(1);
      drainThroughStatusline(world.claudeHome.env, id, world.project);
      const journal = journalOf(world.stateDir, id);
      expect(countByKind(journal)).toEqual({
        PostToolBatch: 2,
        PostToolUse: 2,
        PreToolUse: 2,
        SessionEnd: 1,
        SessionStart: 1,
        Stop: 1,
        UserPromptSubmit: 1,
      });
      expect(countByKind(journal)).toEqual({ ...firedByClaude(again), SessionEnd: 1 });
      expect(journaled + waiting).toBe(journal.length);
      expect(inboxLeft(world.stateDir)).toEqual([]);
      // The state root came back private.
      expect(statSync(world.stateDir).mode & 0o777).toBe(0o700);
    }, 180_000);
  },
);
