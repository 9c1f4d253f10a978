/**
 * Event data that names a member of Object.prototype (`constructor`, `toString`, `__proto__`,
 * `hasOwnProperty`) is a key like any other: counted exactly, never lost, through the reducer,
 * the checkpoint's JSON, the real hook, the reader and the real statusline.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents, reduceEvent } from '../../src/state/reducer.js';
import { readSession } from '../../src/state/reader.js';
import { toolsByUse } from '../../src/display/tool-order.js';
import { activeSubagents, runningTools } from '../../src/state/selectors.js';
import { emptySessionState } from '../../src/state/session-state.js';
import { serializeEventLine } from '../../src/state/journal.js';
import { stepPet } from '../../src/pet/pet-engine.js';
import { createBuddyStore, visibleSessions } from '../../src/tui/store/index.js';
import { DelegateUsageLedger, readDelegateUsage, utcDay } from '../../src/delegate/delegate-usage.js';
import { interpolateVars } from '../../src/plugins/plugin-env.js';
import { CLI_ENTRY, feedThroughHook } from '../support/hook-process.js';
import { newPet } from '../pet/pet-fixture.js';
import { makeTempDir } from '../support/temp-dir.js';

const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'] as const;
const SID = 'sess-proto';
const T0 = Date.UTC(2026, 10, 30, 9, 0, 0);

/** A turn where tool NAMES[i] runs i + 1 times, ids `${name}-${k}` (the first of `__proto__` is `__proto__` itself). */
function turn(): Array<Omit<JournalEvent, 'ts'>> {
  const base = { session_id: SID, cwd: '/home/dev/project' };
  const events: Array<Omit<JournalEvent, 'ts'>> = [{ ...base, hook_event_name: 'UserPromptSubmit', prompt: 'go' }];
  NAMES.forEach((tool, index) => {
    for (let k = 0; k <= index; k += 1) {
      const id = tool === '__proto__' && k === 0 ? '__proto__' : `${tool}-${k}`;
      events.push({
        ...base,
        hook_event_name: 'PreToolUse',
        tool_name: tool,
        tool_use_id: id,
        tool_input: { command: 'x' },
      });
      events.push({
        ...base,
        hook_event_name: 'PostToolUse',
        tool_name: tool,
        tool_use_id: id,
        tool_input: { command: 'x' },
        duration_ms: 10,
      });
    }
  });
  for (const agent of ['__proto__', 'constructor']) {
    events.push({ ...base, hook_event_name: 'SubagentStart', agent_id: agent, agent_type: agent });
  }
  // Still running when the state is read.
  events.push({
    ...base,
    hook_event_name: 'PreToolUse',
    tool_name: 'toString',
    tool_use_id: 'toString',
    tool_input: {},
  });
  return events;
}

// ['__proto__']: a computed key is an own property; a bare `__proto__:` would set the prototype.
const EXPECTED_COUNTS: Record<string, number> = {
  valueOf: 5,
  hasOwnProperty: 4,
  ['__proto__']: 3,
  toString: 3,
  constructor: 1,
};

function expectExact(state: ReturnType<typeof emptySessionState>): void {
  expect(Object.fromEntries(toolsByUse(Object.entries(state.toolsThisTurn)))).toEqual(EXPECTED_COUNTS);
  expect(state.toolRunsTotal).toBe(16);
  expect(state.toolDurations.constructor).toEqual({ count: 1, totalMs: 10, maxMs: 10 });
  expect(state.toolDurations.__proto__).toEqual({ count: 3, totalMs: 30, maxMs: 10 });
  expect(runningTools(state).map((tool) => [tool.toolUseId, tool.tool])).toEqual([['toString', 'toString']]);
  expect(
    activeSubagents(state, state.lastEventAt!)
      .map((agent) => agent.agentId)
      .sort(),
  ).toEqual(['__proto__', 'constructor']);
}

describe('reducer: prototype names as keys', () => {
  const events = turn().map((event, index) => ({ ...event, ts: T0 + index * 100 }) as JournalEvent);

  it('counts tools named after Object.prototype members exactly, and keeps running tools and agents with such ids', () => {
    expectExact(foldEvents(undefined, events, SID));
  });

  it("event by event, and across a checkpoint's JSON round trip", () => {
    let state = emptySessionState(SID);
    for (const event of events.slice(0, 20)) state = reduceEvent(state, event);
    const reloaded = JSON.parse(JSON.stringify(state)) as typeof state;
    expectExact(foldEvents(reloaded, events.slice(20), SID));
  });

  it('a running tool with id __proto__ finishes, and an agent with id __proto__ stops', () => {
    const pre = { ts: T0, session_id: SID, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: '__proto__' };
    let state = foldEvents(undefined, [
      pre,
      {
        ...pre,
        ts: T0 + 1,
        hook_event_name: 'SubagentStart',
        agent_id: '__proto__',
        tool_name: undefined,
        tool_use_id: undefined,
      },
    ]);
    expect(Object.keys(state.toolsRunning)).toEqual(['__proto__']);
    expect(Object.keys(state.subagents)).toEqual(['__proto__']);
    state = foldEvents(state, [
      { ...pre, ts: T0 + 2, hook_event_name: 'PostToolUse' },
      { ts: T0 + 3, session_id: SID, hook_event_name: 'SubagentStop', agent_id: '__proto__' },
    ]);
    expect([Object.keys(state.toolsRunning), Object.keys(state.subagents), state.toolsThisTurn]).toEqual([
      [],
      [],
      { Bash: 1 },
    ]);
  });

  it('the journal keeps a __proto__ key inside tool_input', () => {
    const line = serializeEventLine(
      JSON.parse(
        '{"session_id":"s","hook_event_name":"PreToolUse","tool_input":{"__proto__":{"a":1},"constructor":"c"}}',
      ),
    );
    expect(line).toBe(
      '{"session_id":"s","hook_event_name":"PreToolUse","tool_input":{"__proto__":{"a":1},"constructor":"c"}}\n',
    );
  });
});

describe('through the real hook, the reader, state.json and the statusline', () => {
  it('counts exactly and loses nothing', { timeout: 120_000 }, async () => {
    const root = join(makeTempDir(), 'state');
    const env = { BUDDY_TUI_STATE_DIR: root };
    await feedThroughHook(
      turn().map((event) => JSON.stringify(event)),
      env,
    );

    const state = readSession(join(root, SID))!;
    expectExact(state);
    // The checkpoint the reader wrote holds the same, as plain JSON.
    const checkpoint = JSON.parse(readFileSync(join(root, SID, 'state.json'), 'utf8')) as { state: typeof state };
    expect(checkpoint.state.toolsThisTurn).toEqual(EXPECTED_COUNTS);
    expect(Object.keys(checkpoint.state.toolsRunning)).toEqual(['toString']);
    expect(Object.keys(checkpoint.state.subagents).sort()).toEqual(['__proto__', 'constructor']);
    // Read again from the checkpoint alone: still exact.
    expectExact(readSession(join(root, SID))!);

    const payload = JSON.stringify({ session_id: SID, cwd: '/home/dev/project', model: { display_name: 'Opus' } });
    const run = spawnSync(process.execPath, [CLI_ENTRY, 'statusline', '--no-color'], {
      input: payload,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        HOME: join(root, '..', 'home'),
        BUDDY_TUI_STATE_DIR: root,
        COLUMNS: '200',
        BUDDY_TUI_NOW: String(T0 + 10_000),
      },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('valueOf x5 · hasOwnProperty x4 · __proto__ x3 · toString x3 · constructor');
    expect(run.stdout).not.toContain('native code');
  });
});

describe('other places where outside data is a key', () => {
  it("the pane's store keeps sessions named __proto__ and constructor (valid session ids)", () => {
    const store = createBuddyStore({ now: T0 });
    const sessions = ['__proto__', 'constructor', 'a'].map((id, index) =>
      foldEvents(undefined, [{ ts: T0 - index, session_id: id, hook_event_name: 'SessionStart' }]),
    );
    store.getState().applySessions(sessions, T0);
    expect(
      visibleSessions(store.getState().sessions, T0)
        .map((state) => state.sessionId)
        .sort(),
    ).toEqual(['__proto__', 'a', 'constructor']);
    store.getState().removeSessions(['__proto__'], T0);
    expect(Object.keys(store.getState().sessions).sort()).toEqual(['a', 'constructor']);
  });

  it.each(['constructor', '__proto__', 'toString'])('the pet times a turn of session %s', (session) => {
    let pet = newPet(T0);
    pet = stepPet(
      pet,
      { type: 'event', event: { ts: T0, session_id: session, hook_event_name: 'UserPromptSubmit' } },
      T0,
    );
    expect(Object.keys(pet.openTurns!)).toEqual([session]);
    const end = T0 + 4 * 60_000;
    pet = stepPet(pet, { type: 'event', event: { ts: end, session_id: session, hook_event_name: 'Stop' } }, end);
    expect(pet.last).toEqual({ kind: 'long_turn', at: end });
    expect(Object.keys(pet.openTurns!)).toEqual([]);
  });

  it('the delegate ledger counts a plugin named constructor or toString', () => {
    const dir = join(makeTempDir(), 'state');
    const ledger = new DelegateUsageLedger(dir);
    for (const plugin of ['constructor', 'toString']) {
      ledger.admitted(plugin, T0);
      ledger.answered(plugin, T0, 'haiku', { inputTokens: 3 });
    }
    ledger.flush(T0);
    const usage = readDelegateUsage(dir);
    expect(Object.keys(usage.plugins).sort()).toEqual(['constructor', 'toString']);
    expect(usage.plugins.constructor).toMatchObject({ calls: 1, inputTokens: 3, days: { [utcDay(T0)]: 1 } });
    expect(new DelegateUsageLedger(dir).callsOn('toString', utcDay(T0))).toBe(1);
  });

  it("an http plugin's ${constructor} is no variable", () => {
    expect(interpolateVars('x${constructor}$toString${__proto__}y${HOME}', { HOME: '/h' })).toBe('xy/h');
  });
});
