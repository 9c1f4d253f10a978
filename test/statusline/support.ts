/**
 * Fixtures for the statusline tests: journals built from the real Claude Code 2.1.332 hook
 * events (test/fixtures/hook-events.jsonl) with fixed timestamps, state roots in temp folders,
 * and a pinned clock (BUDDY_TUI_NOW), so every output is deterministic.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { fastStatuslineCommand } from '../../src/statusline/fast-command.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import type { SafeText } from '../../src/text/safe-text.js';

export const FIXTURE_SESSION = '0501210e-ee64-41c1-85d0-349c27fac4b3';
/** 2026-11-30T00:00:00Z: the journals' first event. */
export const T0 = Date.UTC(2026, 10, 30);
/** The pinned "now" for every statusline run in the tests. */
export const NOW = T0 + 95_000;

const repoFile = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

export const realPayload = (): Record<string, any> => JSON.parse(repoFile('test/fixtures/statusline-input.json'));

export function realEvents(): JournalEvent[] {
  return repoFile('test/fixtures/hook-events.jsonl')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JournalEvent);
}

/** The payload Claude Code would send for the fixture session, with some context used. */
export function fixturePayload(usedPercentage: number | null = 42): Record<string, any> {
  const payload = realPayload();
  payload.session_id = FIXTURE_SESSION;
  payload.context_window.used_percentage = usedPercentage;
  payload.context_window.remaining_percentage = usedPercentage === null ? null : 100 - usedPercentage;
  return payload;
}

/** Offsets (ms after T0) for the real events up to the first subagent's start. */
const MID_TURN_OFFSETS = [
  0, 1000, 2000, 2100, 2200, 2500, 2600, 3000, 3200, 3300, 4000, 4100, 4200, 5000, 5300, 5400, 6000, 6100, 6200, 7000,
  7500, 7600, 7700, 8000, 8100,
];

/**
 * Mid-turn: the real events through `SubagentStart general-purpose`, then two Explore agents,
 * a Bash call still running inside one of them, and a second prompt queued behind the first.
 */
export function midTurnEvents(): JournalEvent[] {
  const real = realEvents();
  const events = MID_TURN_OFFSETS.map((offset, index) => ({ ...real[index], ts: T0 + offset }));
  const start = real[24];
  const preBash = real[2];
  const prompt = real[1];
  events.push(
    { ...start, agent_id: 'explore-1', agent_type: 'Explore', ts: T0 + 9000 },
    { ...start, agent_id: 'explore-2', agent_type: 'Explore', ts: T0 + 9500 },
    {
      ...preBash,
      agent_id: 'explore-1',
      agent_type: 'Explore',
      tool_use_id: 'toolu_running',
      tool_input: { command: 'npm test' },
      ts: T0 + 88_000,
    },
    { ...prompt, prompt_id: 'second-prompt', prompt: 'and then this', ts: T0 + 25_000 },
  );
  return events;
}

/**
 * Waiting: the interactive session recorded with a Bash call waiting for approval
 * (test/fixtures/waiting-session.jsonl) up to its PermissionRequest, the ask 12 s old at NOW.
 */
export function waitingEvents(): JournalEvent[] {
  const recorded = repoFile('test/fixtures/waiting-session.jsonl')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JournalEvent);
  const asked = recorded.findIndex((event) => event.hook_event_name === 'PermissionRequest');
  const shift = NOW - 12_000 - recorded[asked].ts;
  return recorded.slice(0, asked + 1).map((event) => ({ ...event, session_id: FIXTURE_SESSION, ts: event.ts + shift }));
}

/**
 * Failed: the recorded session up to its failed `npm test` (PostToolUseFailure), one second
 * apart, the failure 4 s old at NOW: news, and the face's error moment.
 */
export function failedEvents(): JournalEvent[] {
  const real = realEvents();
  const failed = real.findIndex((event) => event.hook_event_name === 'PostToolUseFailure');
  return real.slice(0, failed + 1).map((event, index) => ({ ...event, ts: NOW - 4000 - (failed - index) * 1000 }));
}

/** The whole recorded session (it ends with SessionEnd), one second apart. */
export function endedEvents(): JournalEvent[] {
  return realEvents().map((event, index) => ({ ...event, ts: T0 + index * 1000 }));
}

export function reaction(text: string, ageMs: number, kind: Reaction['kind'] = 'reaction'): Reaction {
  return {
    id: `r-${ageMs}`,
    sessionId: FIXTURE_SESSION,
    kind,
    // As any writer may leave it in reactions.jsonl: the statusline's reader makes it safe.
    text: text as SafeText,
    source: 'test',
    priority: 1,
    ttlMs: 10_000,
    ts: NOW - ageMs,
  };
}

export interface Sandbox {
  base: string;
  root: string;
  env: Record<string, string>;
  /** Creates the session directory (private) and writes its files. */
  session(id: string, files: { events?: JournalEvent[]; reactions?: Reaction[]; raw?: Record<string, string> }): string;
}

export function sandbox(extraEnv: Record<string, string> = {}): Sandbox {
  const base = mkdtempSync(join(tmpdir(), 'buddy-statusline-'));
  const root = join(base, 'state');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: join(base, 'home'),
    BUDDY_TUI_STATE_DIR: root,
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    BUDDY_TUI_NOW: String(NOW),
    // The seed of the pet not hatched yet, whose face is drawn: the same on every machine.
    USER: 'statusline-test',
    HOSTNAME: 'statusline-host',
    ...extraEnv,
  };
  mkdirSync(env.BUDDY_TUI_FOUNDRY_DIR, { recursive: true });
  return {
    base,
    root,
    env,
    session(id, files) {
      const dir = join(root, id);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      mkdirSync(root, { recursive: true, mode: 0o700 });
      if (files.events)
        writeFileSync(join(dir, 'events.jsonl'), files.events.map((e) => `${JSON.stringify(e)}\n`).join(''), {
          mode: 0o600,
        });
      if (files.reactions)
        writeFileSync(join(dir, 'reactions.jsonl'), files.reactions.map((r) => `${JSON.stringify(r)}\n`).join(''), {
          mode: 0o600,
        });
      for (const [name, text] of Object.entries(files.raw ?? {})) writeFileSync(join(dir, name), text, { mode: 0o600 });
      return dir;
    },
  };
}

/** The delegate's ledger in the sandbox's root with the voice's (plugin `buddy`) calls of NOW's UTC day. */
export function voiceCallsToday(box: Sandbox, calls: number): void {
  mkdirSync(box.root, { recursive: true, mode: 0o700 });
  const day = new Date(NOW).toISOString().slice(0, 10);
  const buddy = {
    calls,
    failures: 0,
    cacheHits: 0,
    offline: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    refusals: {},
    days: { [day]: calls },
  };
  const usage = { version: 1, updatedAt: NOW, plugins: { buddy }, recent: [] };
  writeFileSync(join(box.root, 'delegate-usage.json'), JSON.stringify(usage), { mode: 0o600 });
}

/** Escape bytes shown as ⎋ so golden files stay readable in a diff. */
export const visible = (text: string): string => text.replaceAll('\u001b', '⎋');

/**
 * The installed statusLine command for the built CLI `cli`, run as Claude Code runs it
 * (`sh -c COMMAND`), with `made`'s environment; its stdout. `node` is the Node it names (a test
 * passes `/bin/echo` to see when Node would have run). Throws unless it exits 0.
 */
export function viaInstalledCommand(made: Sandbox, cli: string, payload: unknown, node = process.execPath): string {
  const run = spawnSync('/bin/sh', ['-c', fastStatuslineCommand({ node, cliScript: cli })], {
    input: JSON.stringify(payload),
    env: made.env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the statusLine command exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

/** The built CLI, as `buddy-tui install` names it in the statusLine command. */
export const BUILT_CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
/** What the command prints when it falls back to Node and a test named /bin/echo as the node. */
export const FALLBACK = `${BUILT_CLI} statusline`;

/** The installed statusLine command, with the built CLI (a `node` of /bin/echo shows the fallback). */
export const viaBuiltCommand = (made: Sandbox, payload: unknown, node?: string): string =>
  viaInstalledCommand(made, BUILT_CLI, payload, node);

/** Sandboxes holding the recorded session mid-turn and an inbox (the fast-path tests' world); `removeAll` after the file. */
export function midTurnSandboxes() {
  const made: Sandbox[] = [];
  return {
    setUp(): Sandbox {
      const box = sandbox({ COLUMNS: '100', CLAUDE_CODE_SESSION_ID: FIXTURE_SESSION });
      made.push(box);
      box.session(FIXTURE_SESSION, { events: midTurnEvents() });
      mkdirSync(join(box.root, 'inbox'), { mode: 0o700 });
      return box;
    },
    removeAll(): void {
      for (const box of made) rmSync(box.base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
