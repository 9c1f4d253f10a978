/**
 * The mod's view file, end to end with real processes: the real `buddy-tui runner` keeps
 * `mod-bridge/views/<session>.json` current for a session whose mod looked (its heartbeat, written
 * by the real `buddy-tui mod-state`), and the mod's own turn polling (claude-plugin/hooks, run here
 * with a `$` backed by this machine's files, timers and processes) draws a plugin's reaction
 * during a turn from that file, starting no buddy-tui process after the turn's first ask. With no
 * view writer, the poll asks mod-state as before. (Run `npm run build` first.)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBridgeRequest } from '../../src/mod/mod-bridge.js';
import { acquireRunnerLock } from '../../src/tui/runner-lock.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';
import { modInTurn } from './mod-host.js';
import { failure, until, worldsStoppedAfterEach } from './runner-world.js';

type Env = ReturnType<typeof world>['env'];
const children: ChildProcess[] = [];
// Each runner (this file's, or one the mod's --ensure-runner started) exits before the clean-up
// removes its root: still saving, it wrote into it (ENOTEMPTY). This file's children are told to
// stop; whichever holds the lock is waited for (worldsStoppedAfterEach).
const world = worldsStoppedAfterEach();
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

const viewFile = (state: string, sid: string) => join(state, 'mod-bridge', 'views', `${sid}.json`);
const readView = (state: string, sid: string) =>
  existsSync(viewFile(state, sid)) ? JSON.parse(readFileSync(viewFile(state, sid), 'utf8')) : undefined;

function modState(env: Env, sid: string) {
  const ran = spawnSync(process.execPath, [CLI_ENTRY, 'mod-state', '--session', sid], { env, encoding: 'utf8' });
  expect(ran.status).toBe(0);
  return JSON.parse(ran.stdout);
}

async function startRunner(state: string, env: Env) {
  const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '60000'], { env, stdio: 'ignore' });
  children.push(runner);
  await until(
    () => existsSync(join(state, 'tui.log')) && readFileSync(join(state, 'tui.log'), 'utf8').includes('watching'),
    'the runner watching',
  );
  return runner;
}

describe("the mod's view file", () => {
  it('the runner writes the view of a session whose mod looked: the reaction, the pending calls; a gone mod loses it', async () => {
    const { state, env } = world();
    await startRunner(state, env);
    modState(env, 'view-1'); // the heartbeat: this test's worker is "Claude Code"
    expect((await runSpool(failure('view-1'), env)).code).toBe(0);
    await until(() => readView(state, 'view-1')?.bubble?.text === 'runner saw it fail', 'the reaction in the view');
    const view = readView(state, 'view-1');
    const printed = modState(env, 'view-1');
    for (const key of ['face', 'name', 'mood', 'bubble', 'waiting', 'sprite', 'view'] as const)
      expect(view[key]).toEqual(printed[key]);
    expect(view.pending).toBe(0);

    const now = Date.now();
    writeBridgeRequest(state, {
      v: 1,
      id: 'req-1',
      forSession: 'view-1',
      createdAt: now,
      deadline: now + 60_000,
      model: 'haiku',
      system: 'be brief',
      prompt: 'hi',
      maxTokens: 40,
      plugin: 'watch',
    });
    await until(() => readView(state, 'view-1')?.pending === 1, 'the pending call in the view');
    expect(modState(env, 'view-1').asks?.map((ask: { id: string }) => ask.id)).toEqual(['req-1']);
    await until(() => readView(state, 'view-1')?.pending === 0, 'the claimed call gone from the view');

    // A heartbeat whose Claude Code has exited: its view goes.
    const gone = spawnSync('true').pid;
    writeFileSync(
      join(state, 'mod-bridge', 'mods', 'view-1.json'),
      JSON.stringify({ v: 1, sessionId: 'view-1', pid: gone, at: Date.now() }),
    );
    expect((await runSpool(failure('view-2'), env)).code).toBe(0);
    await until(() => !existsSync(viewFile(state, 'view-1')), 'the view of the gone mod removed');
  }, 90_000);

  it('a views folder that is a symlink is never written or emptied through; the runner says so once and goes on', async () => {
    const { state, env } = world();
    const elsewhere = join(state, '..', 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'keep.json'), '{"mine": true}\n');
    mkdirSync(join(state, 'mod-bridge'), { recursive: true, mode: 0o700 });
    symlinkSync(elsewhere, join(state, 'mod-bridge', 'views'));
    await startRunner(state, env);
    modState(env, 'link-1');
    for (const _ of [1, 2]) expect((await runSpool(failure('link-1'), env)).code).toBe(0);
    const reactions = join(state, 'link-1', 'reactions.jsonl');
    await until(
      () => existsSync(reactions) && readFileSync(reactions, 'utf8').split('\n').filter(Boolean).length >= 2,
      'both reactions',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(readdirSync(elsewhere)).toEqual(['keep.json']);
    const warnings = readFileSync(join(state, 'tui.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('mod view'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/symbolic link/);
  }, 90_000);

  it("during a turn the mod draws the plugin's reaction from the view, with no buddy-tui process after the first ask", async () => {
    const { state, env } = world();
    await startRunner(state, env);
    const turn = await modInTurn(env, 'turn-1');
    try {
      await until(() => existsSync(viewFile(state, 'turn-1')), 'the view written');
      const asked = turn.runs.length;
      expect((await runSpool(failure('turn-1'), env)).code).toBe(0);
      await until(() => turn.band().some((row) => row.includes('runner saw it fail')), 'the reaction in the band');
      expect(turn.band()[0]).toMatch(/runner saw it fail/);
      expect(turn.mod.look?.mood).toBe('error');
      // Three more full looks of the poll (2 s each): still no buddy-tui process.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(turn.runs.slice(asked)).toEqual([]);
    } finally {
      turn.stop();
    }
  }, 90_000);

  it('with a runner that writes no view (one gone, its view left behind), the poll asks mod-state within a few seconds', async () => {
    const { state, env } = world();
    // A live "pane" holds the lock, so mod-state starts no runner; nothing writes views.
    acquireRunnerLock(state);
    const turn = await modInTurn(env, 'stale-1');
    try {
      mkdirSync(join(state, 'mod-bridge', 'views'), { recursive: true, mode: 0o700 });
      writeFileSync(viewFile(state, 'stale-1'), `${JSON.stringify(modState(env, 'stale-1'))}\n`);
      const asked = turn.runs.length;
      expect((await runSpool(failure('stale-1'), env)).code).toBe(0);
      await until(() => turn.runs.length > asked, 'mod-state asked', 15_000);
      await until(() => turn.mod.look?.mood === 'error', "the failure's face");
    } finally {
      turn.stop();
    }
  }, 90_000);

  it('a view that is a FIFO or a link to /dev/zero is no view: the poll never reads it, and asks mod-state', async () => {
    for (const hostile of ['fifo', 'zero'] as const) {
      const { state, env } = world();
      acquireRunnerLock(state);
      mkdirSync(join(state, 'mod-bridge', 'views'), { recursive: true, mode: 0o700 });
      const sid = `hostile-${hostile}`;
      if (hostile === 'fifo') expect(spawnSync('mkfifo', [viewFile(state, sid)]).status).toBe(0);
      else symlinkSync('/dev/zero', viewFile(state, sid));
      const turn = await modInTurn(env, sid);
      try {
        const asked = turn.runs.length;
        expect((await runSpool(failure(sid), env)).code).toBe(0);
        await until(() => turn.runs.length > asked, `mod-state asked beside the ${hostile} view`, 15_000);
        await until(() => turn.mod.look?.mood === 'error', "the failure's face");
      } finally {
        turn.stop();
      }
    }
  }, 90_000);
});
