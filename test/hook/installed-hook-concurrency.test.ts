/**
 * Issue 15: 300 hook invocations of ONE session at once, through the command `buddy-tui install`
 * wrote into settings.json, started the way Claude Code starts it (exec form: the program and its
 * args; shell form: `sh -c`), with Claude Code's environment and payloads (one JSON line ending in
 * a newline). After one drain through the statusline: 300 journal lines, each whole, each event
 * exactly once, the 200 KB ones included (a large payload is written in several write() calls).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeBinary, createOfflineClaudeHome, type OfflineClaudeHome } from '../support/claude-cli.js';
import { handlerKind } from '../../src/ingest/spool-command.js';
import {
  countByKind,
  drainThroughStatusline,
  inboxFiles,
  installBuddyHooks,
  installedHandler,
  journalOf,
  spawnInstalledHook,
  type SpawnedHook,
} from '../support/installed-hooks.js';
import { makeTempDir } from '../support/temp-dir.js';

const CONCURRENT = 300;
const BIG_EVERY = 30; // every 30th event is a PostToolUse with a 200 KB response
const BIG_BYTES = 200_000;
const SESSION = 'concurrent-session-0001';

/** A 200 KB response repeating the call's own id: a line torn with another call's bytes cannot pass for it. */
const bigStdout = (id: string): string => `${id};`.repeat(Math.ceil(BIG_BYTES / (id.length + 1)));

function payload(i: number, project: string): string {
  const id = `toolu_concurrent_${String(i).padStart(4, '0')}`;
  const common = {
    session_id: SESSION,
    transcript_path: join(project, 't.jsonl'),
    cwd: project,
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_use_id: id,
  };
  if (i % BIG_EVERY === 0) {
    return `${JSON.stringify({ ...common, hook_event_name: 'PostToolUse', tool_input: { command: `echo ${i}` }, tool_response: { stdout: bigStdout(id), stderr: '', interrupted: false }, duration_ms: 5 })}\n`;
  }
  return `${JSON.stringify({ ...common, hook_event_name: 'PreToolUse', tool_input: { command: `echo ${i}`, description: `call ${i}` } })}\n`;
}

describe('300 concurrent hooks of one session through the installed command', () => {
  let home: OfflineClaudeHome;
  let project: string;
  let stateDir: string;
  let results: SpawnedHook[];
  let sent: string[];
  let handler: Record<string, unknown>;
  let spooled: number;
  let journaledBeforeDrain: number;

  beforeAll(async () => {
    const scratch = makeTempDir('buddy-concurrent-');
    project = join(scratch, 'project');
    stateDir = join(scratch, 'state');
    home = createOfflineClaudeHome({
      baseUrl: 'http://127.0.0.1:9',
      projectDirs: [project],
      extraEnv: { BUDDY_TUI_STATE_DIR: stateDir },
    });
    // With the real Claude Code on PATH install picks the form it would pick for it.
    installBuddyHooks(home.env, claudeBinary(), scratch);
    const installed = installedHandler(home.settingsPath, 'PreToolUse');
    handler = installed.handler;
    const { argv } = installed;
    // What Claude Code adds to every hook's environment.
    const env = {
      ...home.env,
      CLAUDECODE: '1',
      CLAUDE_CODE_ENTRYPOINT: 'sdk-cli',
      CLAUDE_CODE_SESSION_ID: SESSION,
      CLAUDE_PROJECT_DIR: project,
      CLAUDE_PID: String(process.pid),
    };
    sent = Array.from({ length: CONCURRENT }, (_, i) => payload(i, project));
    results = await Promise.all(sent.map((input) => spawnInstalledHook(argv, input, env)));
    spooled = inboxFiles(stateDir).length;
    journaledBeforeDrain = journalOf(stateDir, SESSION).length;
    drainThroughStatusline(home.env, SESSION, project);
  }, 300_000);

  afterAll(() => home?.cleanup());

  it('install wrote the spool hook, and every event waited in the inbox until the drain', () => {
    expect(handlerKind(handler)?.path).toBe('spool');
    expect(spooled).toBe(CONCURRENT);
    expect(journaledBeforeDrain).toBe(0);
    expect(inboxFiles(stateDir)).toEqual([]);
  });

  it('every invocation exits 0 and prints nothing', () => {
    expect(results.filter((result) => result.code !== 0 || result.stdout !== '' || result.stderr !== '')).toEqual([]);
  });

  it('the journal holds 300 whole lines, each event exactly once', () => {
    const lines = readFileSync(join(stateDir, SESSION, 'events.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(lines).toHaveLength(CONCURRENT);
    const events = lines.map((line) => JSON.parse(line) as Record<string, any>);
    expect(countByKind(events)).toEqual({
      PostToolUse: CONCURRENT / BIG_EVERY,
      PreToolUse: CONCURRENT - CONCURRENT / BIG_EVERY,
    });
    const ids = events.map((event) => event.tool_use_id as string);
    expect(new Set(ids).size).toBe(CONCURRENT);
    expect(ids.sort()).toEqual(sent.map((line) => JSON.parse(line).tool_use_id).sort());
    for (const event of events.filter((e) => e.hook_event_name === 'PostToolUse')) {
      // The journal keeps a bounded head and tail of a big response: both must be this call's own bytes.
      const own = bigStdout(event.tool_use_id);
      const kept: string = event.tool_response.stdout;
      expect(own.startsWith(kept.slice(0, 4000))).toBe(true);
      expect(own.endsWith(kept.slice(-1000))).toBe(true);
    }
    expect(() => readFileSync(join(stateDir, 'errors.log'), 'utf8')).toThrow();
  });
});
