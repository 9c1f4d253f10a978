/**
 * The notifier starts a tmux client (`tmux -S <socket>`) only against a socket of the user's own,
 * in a folder of the user's that no one else can use. A tmux client obeys whatever answers on the
 * socket (a fake server can have it run any program), so a recorded socket that fails the rule is
 * never connected to: a listening socket that counts connections gets none, the pane's log says
 * so once, and `doctor` names the socket and why. The user's own tmux server still works: the
 * notification reaches the agent's pane (the bell flag). The places are recorded by the real hook.
 */
import { chmodSync, chownSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { notifyChecks } from '../../src/doctor/doctor-notify.js';
import { createNotifier } from '../../src/notify/notifier.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import type { Report } from '../../src/report/reporter.js';
import { reduceEvent } from '../../src/state/reducer.js';
import { emptySessionState, type SessionState } from '../../src/state/session-state.js';
import { startTmux, type TmuxServer } from '../e2e/tmux-server.js';
import { feedThroughHook } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitingEpisodes } from './notify-pane-process.js';

const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const listeners: Server[] = [];
const servers: TmuxServer[] = [];
afterAll(() => {
  for (const listener of listeners) listener.close();
  for (const server of servers) server.kill();
});

/** A unix socket that answers nothing and counts who connects (what a fake tmux server would see). */
async function countingSocket(path: string): Promise<{ connections: () => number }> {
  let count = 0;
  const listener = createServer((connection) => {
    count += 1;
    connection.destroy();
  });
  listeners.push(listener);
  await new Promise<void>((resolve) => listener.listen(path, resolve));
  return { connections: () => count };
}

/** A world: a state root, the sessions' hook env, and a notifier sending on the tmux channel. */
function notifyWorld() {
  const base = makeTempDir();
  const root = join(base, 'state');
  mkdirSync(root, { mode: 0o700 });
  const env = { PATH: process.env.PATH, HOME: base, BUDDY_TUI_STATE_DIR: root, TMUX: '', TMUX_PANE: '' };
  const reports: Report[] = [];
  const notifier = createNotifier({
    root,
    env,
    config: () => ({ channels: ['tmux'] }),
    isSender: () => true,
    muted: () => false,
    writeTerminal: () => undefined,
    report: (report) => void reports.push(report),
    minutesOfDay: () => 12 * 60,
  });
  /** The session asks for permission through the real hook, in the given tmux place; the notifier looks. */
  const asks = async (sessionId: string, place: { TMUX: string; TMUX_PANE: string }) => {
    const lines = waitingEpisodes(sessionId).ask;
    await feedThroughHook(lines, { ...env, ...place });
    const at = Date.now() + 1_000;
    const state = lines
      .map((line) => JSON.parse(line) as JournalEvent)
      .reduce<SessionState>((folded, event) => reduceEvent(folded, { ...event, ts: at }), emptySessionState(sessionId));
    notifier.check({ [sessionId]: state }, at + 100);
    await notifier.idle();
  };
  return { base, root, env, reports, notifier, asks };
}

const refusals = (reports: Report[]) => reports.filter((report) => report.where === 'notify tmux');

describe("a recorded tmux socket that is not the user's own", () => {
  /** Each case spoils a private folder with a listening socket in it; `why` is what doctor says. */
  const cases: Array<{ name: string; needsRoot: boolean; spoil: (dir: string, socket: string) => void; why: RegExp }> =
    [
      {
        name: 'in a folder others can use (0777)',
        needsRoot: false,
        spoil: (dir) => chmodSync(dir, 0o777),
        why: /mode 0777: open to others/,
      },
      {
        name: "owned by another user, in the user's 0700 folder",
        needsRoot: true,
        spoil: (_dir, socket) => chownSync(socket, NOBODY, NOBODY),
        why: /it belongs to uid 65534/,
      },
      {
        name: 'in a folder owned by another user',
        needsRoot: true,
        spoil: (dir) => chownSync(dir, NOBODY, NOBODY),
        why: /directory .* belongs to uid 65534/,
      },
    ];
  for (const { name, needsRoot, spoil, why } of cases)
    it.skipIf(needsRoot && !isRoot)(
      `${name}: no tmux client connects, doctor says why once`,
      {
        timeout: 60_000,
      },
      async () => {
        const world = notifyWorld();
        const dir = join(world.base, 'sockets');
        mkdirSync(dir, { mode: 0o700 });
        const socket = join(dir, 'default');
        const fake = await countingSocket(socket);
        spoil(dir, socket);
        // Two sessions recorded in that place (the hook took it from TMUX): two notifications.
        await world.asks('sock-case-a', { TMUX: `${socket},1,0`, TMUX_PANE: '%0' });
        await world.asks('sock-case-b', { TMUX: `${socket},1,0`, TMUX_PANE: '%1' });
        expect(fake.connections()).toBe(0);
        expect(refusals(world.reports)).toHaveLength(1);
        expect(refusals(world.reports)[0]!.message).toContain(socket);
        const doctor = notifyChecks(world.env, { notify: { channels: ['tmux'] } }).filter((check) =>
          check.title.includes('refused the tmux socket'),
        );
        expect(doctor).toHaveLength(1);
        expect(doctor[0]).toMatchObject({ status: 'warn' });
        expect(doctor[0]!.title).toContain(socket);
        expect(doctor[0]!.title).toMatch(why);
      },
    );
});

describe("the user's own tmux server", () => {
  it("in its 0700 folder: the notification reaches the agent's pane (its window's bell flag), doctor is quiet", {
    timeout: 60_000,
  }, async () => {
    const world = notifyWorld();
    const inner = startTmux(makeTempDir()).server;
    servers.push(inner);
    const agentPane = inner.tmux(['new-window', '-P', '-F', '#{pane_id}', 'sh']).stdout.trim();
    inner.tmux(['select-window', '-t', 'test:0']);
    expect(inner.tmux(['display-message', '-p', '-t', agentPane, '#{window_bell_flag}']).stdout.trim()).toBe('0');
    await world.asks('sock-own', inner.clientEnv(agentPane));
    expect(inner.tmux(['display-message', '-p', '-t', agentPane, '#{window_bell_flag}']).stdout.trim()).toBe('1');
    expect(refusals(world.reports)).toEqual([]);
    const doctor = notifyChecks(world.env, { notify: { channels: ['tmux'] } });
    expect(doctor.filter((check) => check.title.includes('refused'))).toEqual([]);
  });
});
