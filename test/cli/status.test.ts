// `buddy-tui status`, spawned for real against a state root whose journals the real hook
// (dist/hook.js) wrote from recorded Claude Code 2.1.332 payloads: the exact JSON per state.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOST_CAPABILITIES } from '../../src/hosts/host-capabilities.js';
import type { HostId } from '../../src/hosts/host-id.js';
import { formatElapsed } from '../../src/state/selectors.js';
import { FIXTURE_EVENTS, HOOK_ENTRY, feedThroughHook } from '../support/hook-process.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { runSpool } from '../support/spool-process.js';

type Payload = Record<string, unknown>;
const fixture = (path: string): Payload[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Payload);
/** An interactive session: a Bash call asks for approval, runs, the turn stops, idle_prompt, SessionEnd. */
const WAITING = fixture(new URL('../fixtures/waiting-session.jsonl', import.meta.url).pathname).map(
  ({ ts: _ts, ...payload }) => payload,
);
/** A print-mode session: Bash, Glob, Write, Read, Edit, Grep, a failing Bash, then an Agent call (index 23) and its SubagentStart (24). */
const RECORDED = fixture(FIXTURE_EVENTS);
const [START, PROMPT, PRE_BASH, , PERMISSION_PROMPT] = WAITING;

const CODEX_ID = 'codex-1';
/** A Gemini CLI session (it reports no subagents): SessionStart and the prompt, recorded. */
const GEMINI_ID = 'gemini-1';
const GEMINI = readFileSync(new URL('../fixtures/gemini/hook-events.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { run: string; payload: Payload })
  .filter((entry) => entry.run === 'p-basic')
  .map((entry) => entry.payload);
const HOST_OF: Record<string, string> = { [CODEX_ID]: 'codex', [GEMINI_ID]: 'gemini' };
/** Each session's payloads (without its id), in the order the overview lists them (by first event). */
const SESSIONS: Record<string, Payload[]> = {
  'thinking-1': WAITING.slice(0, 2),
  'working-1': WAITING.slice(0, 3),
  'waiting-request': WAITING.slice(0, 4),
  'waiting-notification': [START, PROMPT, PRE_BASH, PERMISSION_PROMPT],
  'idle-stop': WAITING.slice(0, 8),
  'idle-prompt': WAITING.slice(0, 9),
  'ended-1': WAITING,
  'subagents-1': [
    ...RECORDED.slice(0, 25),
    { ...RECORDED[24], agent_id: 'explore-a', agent_type: 'Explore' },
    { ...RECORDED[24], agent_id: 'explore-b', agent_type: 'Explore' },
  ],
  'failures-1': [
    ...RECORDED.slice(0, 23),
    { ...RECORDED[19], tool_use_id: 'toolu_interrupted' },
    {
      ...RECORDED[20],
      tool_use_id: 'toolu_interrupted',
      error: "The user doesn't want to proceed",
      is_interrupt: true,
    },
  ],
  [CODEX_ID]: WAITING.slice(0, 2),
  [GEMINI_ID]: GEMINI.slice(0, 2),
};
const IDS = Object.keys(SESSIONS);

let base: string;
let env: Record<string, string>;
const journal = (id: string) =>
  readFileSync(join(base, 'state', id, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { ts: number });
const lastTs = (id: string) => Math.max(...journal(id).map((event) => event.ts));

function hook(id: string, payloads: Payload[]): Promise<void> {
  const lines = payloads.map((payload) => JSON.stringify({ ...payload, session_id: id }));
  if (!HOST_OF[id]) return feedThroughHook(lines, env);
  // The host's own hook command: its lines carry its host.
  for (const line of lines) {
    const result = spawnSync(process.execPath, [HOOK_ENTRY, '--host', HOST_OF[id]], {
      input: line,
      env: { PATH: process.env.PATH, ...env },
    });
    if (result.status !== 0) throw new Error(`hook exited ${result.status}`);
  }
  return Promise.resolve();
}

beforeAll(async () => {
  base = makeTempDir();
  env = {
    HOME: join(base, 'home'),
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    BUDDY_TUI_STATE_DIR: join(base, 'state'),
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
  };
  mkdirSync(env.BUDDY_TUI_FOUNDRY_DIR);
  // First events one after another, so the sessions start in IDS order; the rest in parallel.
  for (const id of IDS) await hook(id, SESSIONS[id].slice(0, 1));
  await Promise.all(IDS.map((id) => hook(id, SESSIONS[id].slice(1))));
}, 240_000);

const tools = {
  waiting: { Bash: 1 },
  recorded: { Bash: 2, Agent: 1, Edit: 1, Glob: 1, Grep: 1, Read: 1, Write: 1 },
};
function expected(
  id: string,
  fields: { state: string; tools?: Record<string, number>; agents?: Record<string, number>; failures?: number },
) {
  const host = HOST_OF[id] ?? 'claude';
  return {
    id,
    host,
    label: HOST_CAPABILITIES[host as HostId].label,
    project: 'project',
    state: fields.state,
    tools: fields.tools ?? {},
    // Gemini reports no subagents: null, not the {} that says none run.
    agents: host === 'gemini' ? null : (fields.agents ?? {}),
    failures: fields.failures ?? 0,
    lastEventAt: lastTs(id),
    reports: HOST_CAPABILITIES[host as HostId].capabilities,
  };
}
const EXPECTED = () => [
  expected('thinking-1', { state: 'thinking' }),
  expected('working-1', { state: 'working', tools: tools.waiting }),
  expected('waiting-request', { state: 'waiting', tools: tools.waiting }),
  expected('waiting-notification', { state: 'waiting', tools: tools.waiting }),
  expected('idle-stop', { state: 'idle', tools: tools.waiting }),
  // idle_prompt: Claude idles at the prompt, which is no ask (the pane and statusline show none).
  expected('idle-prompt', { state: 'idle', tools: tools.waiting }),
  expected('ended-1', { state: 'ended', tools: tools.waiting }),
  expected('subagents-1', {
    state: 'working',
    tools: tools.recorded,
    agents: { 'general-purpose': 1, Explore: 2 },
    failures: 1,
  }),
  // The recorded failing Bash and an interrupted one; the Agent call was never made.
  expected('failures-1', {
    state: 'thinking',
    tools: { Bash: 3, Edit: 1, Glob: 1, Grep: 1, Read: 1, Write: 1 },
    failures: 2,
  }),
  expected(CODEX_ID, { state: 'thinking' }),
  expected(GEMINI_ID, { state: 'thinking' }),
];
const json = (sessions: unknown[]) => `${JSON.stringify({ version: 1, sessions })}\n`;
const EMPTY = json([]);

describe('buddy-tui status --json', () => {
  it("gives the reducer's view of every live session, in the overview's order", () => {
    const result = runCli(['status', '--json'], env);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(json(EXPECTED()));
    expect(result.code).toBe(0);
  });

  it('--session gives that one session', () => {
    for (const [index, id] of IDS.entries()) {
      const result = runCli(['status', '--json', '--session', id], env);
      expect(result.stdout).toBe(json([EXPECTED()[index]]));
      expect(result.code).toBe(0);
    }
  });

  it('lists a session the pane shows: ended ones for 30 minutes, running subagents for 10 minutes, none after 6 hours', () => {
    const ended = lastTs('ended-1');
    const later = runCli(['status', '--json'], { ...env, BUDDY_TUI_NOW: String(ended + 30 * 60_000 + 1) });
    const sessions = JSON.parse(later.stdout).sessions as Array<{ id: string; agents: unknown }>;
    expect(sessions.map((session) => session.id)).toEqual(IDS.filter((id) => id !== 'ended-1'));
    // A subagent with no SubagentStop after 10 minutes is taken as gone.
    expect(sessions.find((session) => session.id === 'subagents-1')?.agents).toEqual({});
    const gone = runCli(['status', '--json', '--session', 'ended-1'], {
      ...env,
      BUDDY_TUI_NOW: String(ended + 30 * 60_000 + 1),
    });
    expect([gone.code, gone.stdout, gone.stderr]).toEqual([1, EMPTY, 'buddy-tui status: no live session ended-1\n']);
    const abandoned = runCli(['status', '--json'], {
      ...env,
      BUDDY_TUI_NOW: String(Math.max(...IDS.map(lastTs)) + 6 * 3600_000 + 1),
    });
    expect([abandoned.code, abandoned.stdout]).toEqual([0, EMPTY]);
  });

  it('refuses an id that is not a session id, and one that names no live session: exit 1, an empty list', () => {
    const unsafe = runCli(['status', '--json', '--session', '../state'], env);
    expect([unsafe.code, unsafe.stdout, unsafe.stderr]).toEqual([
      1,
      EMPTY,
      'buddy-tui status: "../state" is not a session id (letters, digits, _ and - only)\n',
    ]);
    const escape = runCli(['status', '--session', 'a\u001b]0;owned\u0007b'], env);
    expect([escape.code, escape.stdout, escape.stderr]).toEqual([
      1,
      '',
      'buddy-tui status: "ab" is not a session id (letters, digits, _ and - only)\n',
    ]);
    const unknown = runCli(['status', '--json', '--session', 'no-such-session'], env);
    expect([unknown.code, unknown.stdout, unknown.stderr]).toEqual([
      1,
      EMPTY,
      'buddy-tui status: no live session no-such-session\n',
    ]);
  });

  it('gives an empty list for a missing or empty state root', () => {
    const root = join(makeTempDir(), 'state');
    const missing = runCli(['status', '--json'], { ...env, BUDDY_TUI_STATE_DIR: root });
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([0, EMPTY, '']);
    mkdirSync(root, { mode: 0o700 });
    const empty = runCli(['status'], { ...env, BUDDY_TUI_STATE_DIR: root });
    expect([empty.code, empty.stdout, empty.stderr]).toEqual([0, 'no live sessions\n', '']);
  });
});

describe('buddy-tui status', () => {
  it('prints one line per live session', () => {
    const now = Math.max(...IDS.map(lastTs)) + 12_000;
    const result = runCli(['status'], { ...env, BUDDY_TUI_NOW: String(now) });
    const age = (id: string) => `last event ${formatElapsed(now - lastTs(id))} ago`;
    const bash = 'tools: Bash 1';
    expect(result.stdout.split('\n')).toEqual([
      `thinking-1  project  [claude]  thinking  ${age('thinking-1')}`,
      `working-1  project  [claude]  working  ${bash}  ${age('working-1')}`,
      `waiting-request  project  [claude]  waiting  ${bash}  ${age('waiting-request')}`,
      `waiting-notification  project  [claude]  waiting  ${bash}  ${age('waiting-notification')}`,
      `idle-stop  project  [claude]  idle  ${bash}  ${age('idle-stop')}`,
      `idle-prompt  project  [claude]  idle  ${bash}  ${age('idle-prompt')}`,
      `ended-1  project  [claude]  ended  ${bash}  ${age('ended-1')}`,
      `subagents-1  project  [claude]  working  tools: Bash 2, Agent 1, Edit 1, Glob 1, Grep 1, Read 1, Write 1  agents: general-purpose 1, Explore 2  failures: 1  ${age('subagents-1')}`,
      `failures-1  project  [claude]  thinking  tools: Bash 3, Edit 1, Glob 1, Grep 1, Read 1, Write 1  failures: 2  ${age('failures-1')}`,
      `codex-1  project  [codex]  thinking  ${age('codex-1')}`,
      // Gemini reports no subagents: "—", not silence that would read as none.
      `gemini-1  project  [gemini]  thinking  agents: —  ${age('gemini-1')}`,
      '',
    ]);
    expect(result.code).toBe(0);
  });

  it('prints what journals say only sanitised, in the lines and in the JSON', async () => {
    const OSC = '\u001b]0;owned\u0007';
    const id = 'escapes-1';
    const lines = [
      { ...START, cwd: `/home/dev/${OSC}evil\u009b2J` },
      PROMPT,
      { ...PRE_BASH, tool_name: `Ba\u001b[2Jsh${OSC}`, tool_input: { command: 'ls' } },
    ].map((payload) => JSON.stringify({ ...payload, session_id: id }));
    const root = join(makeTempDir(), 'state');
    await feedThroughHook(lines, { ...env, BUDDY_TUI_STATE_DIR: root });
    const text = runCli(['status'], { ...env, BUDDY_TUI_STATE_DIR: root });
    expect(text.stdout).toMatch(
      /^escapes-1 {2}evil {2}\[claude\] {2}working {2}tools: Bash 1 {2}last event \d+s ago\n$/,
    );
    const report = runCli(['status', '--json'], { ...env, BUDDY_TUI_STATE_DIR: root });
    // Neither raw controls nor JSON-escaped ones: the strings were sanitised before they became JSON.
    expect(report.stdout.trimEnd()).not.toMatch(/\\u001b|\\u0007|\\u009b|[\u0000-\u001f\u007f-\u009f]/);
    expect(JSON.parse(report.stdout).sessions[0]).toMatchObject({ project: 'evil', tools: { Bash: 1 } });
  });

  it('journals first what the spool hook left in the inbox while no buddy-tui process ran', async () => {
    const root = join(makeTempDir(), 'state');
    mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
    const id = 'spooled-1';
    // The installed hook command, spawned as Claude Code spawns it: one file per event, no journal yet.
    for (const payload of WAITING.slice(0, 3)) {
      const result = await runSpool(`${JSON.stringify({ ...payload, session_id: id })}\n`, {
        ...env,
        BUDDY_TUI_STATE_DIR: root,
      });
      expect(result).toMatchObject({ code: 0, stdout: '' });
    }
    expect(existsSync(join(root, id))).toBe(false);
    const report = runCli(['status', '--json'], { ...env, BUDDY_TUI_STATE_DIR: root });
    expect(JSON.parse(report.stdout).sessions).toMatchObject([
      { id, host: 'claude', state: 'working', tools: { Bash: 1 } },
    ]);
    expect(readdirSync(join(root, 'inbox')).filter((name) => !name.startsWith('.'))).toEqual([]);
  });

  it('turns an unknown flag into a usage error', () => {
    const result = runCli(['status', '--bogus'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("buddy-tui status: Unknown option '--bogus'");
  });
});
