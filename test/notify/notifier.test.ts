/**
 * The notifier's own rules, on sessions folded by the reducer from the recorded payloads: the long
 * turn and failures-in-a-row moments, the stage moment (off by default), quiet hours across
 * midnight with an injected clock, the hook's recorded tmux place, and a notify.command that
 * hangs killed with its process group at its timeout.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NotifyConfig } from '../../src/notify/notify-config.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { createMomentTracker } from '../../src/notify/moments.js';
import { createNotifier } from '../../src/notify/notifier.js';
import { inQuietHours, momentSettings } from '../../src/notify/notify-policy.js';
import { placeFromEnv, readSessionPlace } from '../../src/notify/session-place.js';
import type { Report } from '../../src/report/reporter.js';
import { reduceEvent } from '../../src/state/reducer.js';
import { emptySessionState, type SessionState } from '../../src/state/session-state.js';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const recorded: JournalEvent[] = readFileSync(new URL('../fixtures/waiting-session.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const failing: JournalEvent[] = readFileSync(new URL('../fixtures/hook-events.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));

function fold(events: JournalEvent[], tsOf: (event: JournalEvent, index: number) => number, config: NotifyConfig) {
  const tracker = createMomentTracker();
  const settings = momentSettings(config);
  let state: SessionState = emptySessionState(events[0].session_id);
  const found = [];
  for (const [index, event] of events.entries()) {
    const ts = tsOf(event, index);
    state = reduceEvent(state, { ...event, ts });
    found.push(...tracker.check({ [state.sessionId]: state }, ts, settings));
  }
  return found;
}

describe('moments', () => {
  it('a session first seen already waiting: news when the wait began after the first look, history before', () => {
    const permission = recorded.findIndex((event) => event.hook_event_name === 'PermissionRequest');
    const settings = momentSettings({ channels: ['bell'] });
    const foldAll = (events: JournalEvent[], ts: number) =>
      events.reduce((state, event) => reduceEvent(state, { ...event, ts }), emptySessionState(events[0].session_id));
    const firstLook = 1_000_000;
    const waitsOf = (waitStartedAt: number) => {
      const tracker = createMomentTracker();
      tracker.check({}, firstLook, settings); // the pane's first look: no session yet
      // The session's first events all come in one drain, so it is first seen already waiting.
      const state = foldAll(recorded.slice(0, permission + 1), waitStartedAt);
      return tracker.check({ [state.sessionId]: state }, waitStartedAt + 100, settings).map((n) => n.title);
    };
    expect(waitsOf(firstLook + 5_000)).toEqual(['Claude needs you (project)']);
    expect(waitsOf(firstLook - 60_000)).toEqual([]);
    // Started at firstLook, but the session's events drained a minute later (its first look then).
    const late = createMomentTracker(firstLook);
    const drainedLate = foldAll(recorded.slice(0, permission + 1), firstLook + 1_000);
    expect(
      late.check({ [drainedLate.sessionId]: drainedLate }, firstLook + 60_000, settings).map((n) => n.title),
    ).toEqual(['Claude needs you (project)']);
  });

  it('a turn longer than longTurnSeconds ends: one "done"; a shorter one: none', () => {
    const stop = recorded.findIndex((event) => event.hook_event_name === 'Stop');
    const turn = recorded.slice(0, stop + 1);
    // The recorded turn runs ~10 s: stretched to 2 minutes it is long.
    const long = fold(turn, (event, index) => (index === stop ? event.ts + 120_000 : event.ts), { channels: ['bell'] });
    expect(long.filter((n) => n.kind === 'long-turn').map((n) => [n.title, n.body])).toEqual([
      ['Claude is done (project)', 'a turn of 2m10s ended'],
    ]);
    expect(fold(turn, (event) => event.ts, { channels: ['bell'] }).filter((n) => n.kind === 'long-turn')).toEqual([]);
    expect(
      fold(turn, (event, index) => (index === stop ? event.ts + 120_000 : event.ts), {
        channels: ['bell'],
        longTurn: false,
      }).filter((n) => n.kind === 'long-turn'),
    ).toEqual([]);
  });

  it('N failures in a row: one notification when the streak reaches N; a success starts over', () => {
    const pre = failing.find((event) => event.hook_event_name === 'PreToolUse' && event.tool_name === 'Bash')!;
    const fail = failing.find((event) => event.hook_event_name === 'PostToolUseFailure')!;
    const ok = failing.find((event) => event.hook_event_name === 'PostToolUse' && event.tool_name === 'Bash')!;
    const call = (n: number, result: JournalEvent) => [
      { ...pre, tool_use_id: `t${n}` },
      { ...result, tool_use_id: `t${n}` },
    ];
    const events = [
      failing[0],
      ...call(1, fail),
      ...call(2, ok),
      ...call(3, fail),
      ...call(4, fail),
      ...call(5, fail),
      ...call(6, fail),
    ];
    const found = fold(events, (_event, index) => 1_000_000 + index * 1000, { channels: ['bell'], failuresInARow: 3 });
    expect(found.filter((n) => n.kind === 'failures').map((n) => n.body)).toEqual(['3 failures in a row']);
  });

  it('nothing without a channel; waiting on by default once one is set; stage off by default', () => {
    expect(momentSettings({})).toMatchObject({ waiting: false, longTurn: false, failures: false, stage: false });
    expect(momentSettings({ channels: ['tmux'] })).toMatchObject({
      waiting: true,
      longTurn: true,
      longTurnMs: 60_000,
      failures: true,
      failuresInARow: 3,
      stage: false,
    });
    expect(momentSettings({ channels: ['tmux'], waiting: false, stage: true })).toMatchObject({
      waiting: false,
      stage: true,
    });
  });
});

describe('quiet hours', () => {
  it('from 22:00 to 07:00 runs past midnight; equal times are never quiet', () => {
    const night = { from: '22:00', to: '07:00' };
    expect([21 * 60 + 59, 22 * 60, 0, 6 * 60 + 59, 7 * 60].map((m) => inQuietHours(night, m))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect([12 * 60, 13 * 60].map((m) => inQuietHours({ from: '12:00', to: '13:00' }, m))).toEqual([true, false]);
    expect(inQuietHours({ from: '08:00', to: '08:00' }, 8 * 60)).toBe(false);
  });
});

describe('the recorded tmux place', () => {
  it('only a well-formed TMUX_PANE, and the socket of TMUX; a payload cannot forge it', () => {
    expect(placeFromEnv({ TMUX_PANE: '%12', TMUX: '/tmp/tmux-0/default,123,0' })).toEqual({
      tmux_pane: '%12',
      tmux_socket: '/tmp/tmux-0/default',
    });
    expect(placeFromEnv({ TMUX_PANE: '%1; rm -rf', TMUX: '/x,1,0' })).toEqual({
      tmux_pane: undefined,
      tmux_socket: undefined,
    });
    const root = makeTempDir();
    const dir = join(root, 'sess-1');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(
      join(dir, 'events.jsonl'),
      [
        JSON.stringify({
          session_id: 'sess-1',
          hook_event_name: 'SessionStart',
          tmux_pane: '%3',
          tmux_socket: '/tmp/a b/s',
        }),
        JSON.stringify({
          session_id: 'sess-1',
          hook_event_name: 'PreToolUse',
          tool_input: { command: '"tmux_pane":"%9"' },
        }),
        '',
      ].join('\n'),
    );
    expect(readSessionPlace(root, 'sess-1')).toEqual({ pane: '%3', socket: '/tmp/a b/s' });
    expect(readSessionPlace(root, '../sess-1')).toBeUndefined();
  });
});

describe('a hung notify.command', () => {
  it('is killed with its process group at commandTimeout, and the timeout is reported', async () => {
    const dir = makeTempDir();
    const pidFile = join(dir, 'pids');
    const reports: Report[] = [];
    const config: NotifyConfig = {
      channels: ['command'],
      command: `sleep 300 & echo $! > ${pidFile}; echo $$ >> ${pidFile}; wait`,
      commandTimeout: 0.5,
    };
    const notifier = createNotifier({
      root: dir,
      env: { PATH: process.env.PATH, HOME: dir },
      config: () => config,
      isSender: () => true,
      muted: () => false,
      writeTerminal: () => undefined,
      report: (report) => void reports.push(report),
      minutesOfDay: () => 12 * 60,
    });
    notifier.stageReached('Miso grew into an elder cat!', 0); // stage is off by default: nothing runs
    expect(existsSync(pidFile)).toBe(false);
    config.stage = true;
    notifier.stageReached('Miso grew into an elder cat!', 0);
    await notifier.idle();
    const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
    expect(pids).toHaveLength(2);
    await waitUntil(
      () => pids.filter((pid) => isPidAlive(pid)),
      (alive) => alive.length === 0,
      'the command and its background sleep gone',
    );
    expect(reports).toEqual([
      expect.objectContaining({ where: 'notify command', message: 'killed after 500 ms (timeout)' }),
    ]);
  });

  it('closing the notifier (the pane closing) ends a command still running, long before its timeout', async () => {
    const dir = makeTempDir();
    const pidFile = join(dir, 'pids');
    const config: NotifyConfig = {
      channels: ['command'],
      command: `sleep 300 & echo $! > ${pidFile}; echo $$ >> ${pidFile}; wait`,
      commandTimeout: 60,
      stage: true,
    };
    const notifier = createNotifier({
      root: dir,
      env: { PATH: process.env.PATH, HOME: dir },
      config: () => config,
      isSender: () => true,
      muted: () => false,
      writeTerminal: () => undefined,
      report: () => undefined,
      minutesOfDay: () => 12 * 60,
    });
    notifier.stageReached('Miso grew into an elder cat!', 0);
    const pids = await waitUntil(
      () => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim().split('\n').map(Number) : []),
      (found) => found.length === 2,
      'the command started',
    );
    notifier.close();
    await notifier.idle();
    await waitUntil(
      () => pids.filter((pid) => isPidAlive(pid)),
      (alive) => alive.length === 0,
      'the command and its background sleep gone',
    );
    notifier.stageReached('again', 1);
    await notifier.idle();
    expect(readFileSync(pidFile, 'utf8').trim().split('\n')).toHaveLength(2);
  });
});
