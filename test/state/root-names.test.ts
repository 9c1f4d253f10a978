/**
 * Sessions and buddy-tui's own names share the state root, so no session may take one of those
 * names (STATE_ROOT_NAMES): a session `mod-bridge` journaled into the bridge, and retention then
 * removed the bridge with its live heartbeats and pending delegate calls. Here the names come
 * from each module's constant and from what real processes write, and sessions named like each
 * go through the real spool and drain. (Run `npm run build` first: this spawns dist/cli.js.)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DELEGATE_USAGE_FILE } from '../../src/delegate/delegate-usage.js';
import { DAMAGED_DIR, INBOX_DIR } from '../../src/ingest/inbox-order.js';
import { CACHE_DIR } from '../../src/species/picture-cache.js';
import { BRIDGE_FOLDERS, MOD_BRIDGE_DIR, writeBridgeRequest } from '../../src/mod/mod-bridge.js';
import { PLUGINS_IN_USE_FILE } from '../../src/state/plugins-in-use.js';
import { VOICE_LINES_FILE } from '../../src/state/voice-lines.js';
import {
  ERROR_LOG_FILE,
  STATE_ROOT_NAMES,
  SESSION_ID_PATTERN,
  isSessionDirName,
  sessionDirName,
} from '../../src/state/state-root.js';
import { RESIDENT_DIR } from '../../src/statusline/fast-command.js';
import { RUNNER_LOCK_FILE } from '../../src/tui/runner-lock.js';
import { TUI_LOG_FILE } from '../../src/tui/tui-log.js';
import { failure, until, world } from '../mod/runner-world.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';

const DAY = 24 * 3600_000;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});
const hookEvent = (sid: string, name: string) => JSON.stringify({ session_id: sid, hook_event_name: name, cwd: '/w' });

function modState(env: NodeJS.ProcessEnv, sid: string, now: number) {
  const ran = spawnSync(process.execPath, [CLI_ENTRY, 'mod-state', '--session', sid], {
    env: { ...env, BUDDY_TUI_NOW: String(now) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(ran.status, ran.stderr).toBe(0);
}

describe("the state root's own names", () => {
  it('holds every name the modules give their files and folders in the root, and none passes as a session', () => {
    const constants = [
      INBOX_DIR,
      DAMAGED_DIR,
      RESIDENT_DIR,
      MOD_BRIDGE_DIR,
      ...BRIDGE_FOLDERS,
      CACHE_DIR,
      RUNNER_LOCK_FILE,
      TUI_LOG_FILE,
      ERROR_LOG_FILE,
      DELEGATE_USAGE_FILE,
      PLUGINS_IN_USE_FILE,
      VOICE_LINES_FILE,
    ];
    expect([...STATE_ROOT_NAMES].sort()).toEqual([...new Set(constants)].sort());
    for (const name of STATE_ROOT_NAMES) {
      expect(isSessionDirName(name), name).toBe(false);
      expect(sessionDirName(name), name).toBeUndefined();
    }
  });

  it('sessions named like each of them are refused by the drain, and retention leaves the bridge whole', async () => {
    const { state, env } = world();
    const now = Date.now();
    modState(env, 's1', now); // this test's worker is the mod's Claude Code: its heartbeat
    writeBridgeRequest(state, {
      ...{ v: 1, id: 'req-1', forSession: 'other', createdAt: now, deadline: now + 10 * DAY },
      ...{ model: 'haiku', system: 'be brief', prompt: 'hi', maxTokens: 40, plugin: 'watch' },
    });
    const ownNames = STATE_ROOT_NAMES.filter((name) => SESSION_ID_PATTERN.test(name));
    expect(ownNames).toContain('mod-bridge');
    for (const sid of ownNames)
      for (const event of ['SessionStart', 'SessionEnd'])
        expect((await runSpool(hookEvent(sid, event), env)).code).toBe(0);
    modState(env, 's1', now); // drains
    // Two days on, a new session starts: its drain prunes the sessions ended more than a day ago.
    expect((await runSpool(hookEvent('later', 'SessionStart'), env)).code).toBe(0);
    modState(env, 'later', now + 2 * DAY);

    expect(readdirSync(join(state, 'mod-bridge', 'mods'))).toContain('s1.json');
    expect(readdirSync(join(state, 'mod-bridge', 'requests'))).toEqual(['req-1.json']);
    for (const sid of ownNames) expect(existsSync(join(state, sid, 'events.jsonl')), sid).toBe(false);
    expect(existsSync(join(state, 'later', 'events.jsonl'))).toBe(true);
    // Set aside as events of an unsafe session, not lost.
    expect(readdirSync(join(state, 'inbox', 'damaged'))).toHaveLength(2 * ownNames.length);
  }, 120_000);

  it('holds every name a real runner and mod-state write at the top of the root', async () => {
    const { state, env } = world();
    const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '60000'], { env, stdio: 'ignore' });
    children.push(runner);
    const log = join(state, 'tui.log');
    await until(() => existsSync(log) && readFileSync(log, 'utf8').includes('watching'), 'the runner watching');
    const view = join(state, 'mod-bridge', 'views', 's1.json');
    modState(env, 's1', Date.now());
    expect((await runSpool(failure('s1'), env)).code).toBe(0);
    await until(() => existsSync(view) && readFileSync(view, 'utf8').includes('runner saw it fail'), 'the view');
    modState(env, 's1', Date.now());
    const written = readdirSync(state).filter((name) => name !== 's1');
    expect(written).toEqual(expect.arrayContaining(['inbox', 'mod-bridge', 'runner.lock', 'tui.log']));
    for (const name of written) expect(STATE_ROOT_NAMES, name).toContain(name);
  }, 120_000);
});
