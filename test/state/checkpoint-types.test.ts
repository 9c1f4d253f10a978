/**
 * A checkpoint is only a cache: one whose fields have the wrong types (hand-edited, damaged, or
 * planted) is ignored and the journal folded instead, so `status --json` never prints
 * `failures: "lots"` or `project: "[object Object]"`. A checkpoint the reader wrote itself is
 * always taken back (else every read would fold from the start). And `status` saves none.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedSessionState } from '../../src/state/checkpoint-check.js';
import { foldEvents } from '../../src/state/reducer.js';
import { readCheckpoint, readSession } from '../../src/state/reader.js';
import { FIXTURE_EVENTS } from '../support/hook-process.js';
import { makeWorld, SESSION, statusline, type HostileWorld } from '../support/hostile-world.js';
import { runCli } from '../support/run-cli.js';

const fixture = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line, index) => ({ ts: 1_800_000_000_000 + index * 1000, ...JSON.parse(line) }));
const FIXTURES = [FIXTURE_EVENTS, new URL('../fixtures/waiting-session.jsonl', import.meta.url).pathname];

type Tamper = (state: Record<string, unknown>) => void;
const TAMPERS: Array<[string, Tamper]> = [
  ['failures: "lots"', (state) => (state.toolFailuresTotal = 'lots')],
  ['a project that is an object', (state) => (state.projectName = { name: 'x' })],
  ['a tool count that is a string', (state) => (state.toolsThisTurn = { Bash: '7' })],
  ['a failure without its tool', (state) => (state.failures = [{ error: 'x', at: 1 }])],
  ['a negative event count', (state) => (state.eventCount = -3)],
  ['activity that is not pairs', (state) => (state.activity = [[1, 2, 3]])],
  ['a waiting reason we do not know', (state) => (state.waiting = { since: 1, reason: 'coffee' })],
  ['no seen list', (state) => delete state.seen],
];

function tamperCheckpoint(world: HostileWorld, tamper: Tamper): void {
  const checkpoint = JSON.parse(readFileSync(world.checkpoint, 'utf8')) as { state: Record<string, unknown> };
  tamper(checkpoint.state);
  writeFileSync(world.checkpoint, JSON.stringify(checkpoint));
}

describe('a checkpoint read back', () => {
  it('the reader takes back every state it folds from the recorded sessions, at every step', () => {
    for (const path of FIXTURES) {
      const events = fixture(path);
      for (let end = 1; end <= events.length; end += 1) {
        const state = foldEvents(undefined, events.slice(0, end), 'sid');
        expect(checkedSessionState(JSON.parse(JSON.stringify(state))), `${path} after ${end} events`).toEqual(state);
      }
    }
  });

  it.each(TAMPERS)('ignores one with %s', (_, tamper) => {
    const state = JSON.parse(JSON.stringify(foldEvents(undefined, fixture(FIXTURE_EVENTS), 'sid'))) as Record<
      string,
      unknown
    >;
    expect(checkedSessionState(state)).toBeDefined();
    tamper(state);
    expect(checkedSessionState(state)).toBeUndefined();
  });

  it('status --json and the statusline fold the journal instead of a tampered checkpoint', {
    timeout: 240_000,
  }, async () => {
    const world = await makeWorld();
    const expected = readSession(join(world.env.BUDDY_TUI_STATE_DIR, SESSION), { writeCheckpoint: false })!;
    expect(readCheckpoint(join(world.env.BUDDY_TUI_STATE_DIR, SESSION))).toBeDefined();
    tamperCheckpoint(world, (state) => {
      state.toolFailuresTotal = 'lots';
      state.projectName = { name: 'x' };
    });
    expect(readCheckpoint(join(world.env.BUDDY_TUI_STATE_DIR, SESSION))).toBeUndefined();
    const status = runCli(['status', '--json'], world.env);
    expect(status.code).toBe(0);
    const [session] = (JSON.parse(status.stdout) as { sessions: Array<{ project: unknown; failures: unknown }> })
      .sessions;
    expect([session.project, session.failures]).toEqual(['project', expected.toolFailuresTotal]);
    const line = statusline(world);
    expect(line.stdout).toContain('project');
    expect(line.stdout).not.toContain('[object Object]');
  });
});

describe('status is a read command', () => {
  it('saves no checkpoint; the statusline does', { timeout: 240_000 }, async () => {
    const world = await makeWorld();
    rmSync(world.checkpoint); // makeWorld's statusline run saved one: start from none
    const status = runCli(['status', '--json'], world.env);
    expect(JSON.parse(status.stdout)).toMatchObject({ version: 1, sessions: [{ id: SESSION, project: 'project' }] });
    expect(existsSync(world.checkpoint)).toBe(false);
    expect(runCli(['status'], world.env).stdout).toContain(`${SESSION}  project`);
    expect(existsSync(world.checkpoint)).toBe(false);
    statusline(world);
    expect(existsSync(world.checkpoint)).toBe(true);
  });
});
