/**
 * The terminal channels' bytes, the waiting moment once per wait on the recorded journal, and the
 * real pane (startTui) ringing its terminal's bell for a PermissionRequest fed through the real
 * hook, only when config.json asks for it: with today's (version 1) `notify.waiting: "bell"`,
 * migrated, and with the version 2 `notify.channels`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { reduceEvent } from '../../src/state/reducer.js';
import { emptySessionState, type SessionState } from '../../src/state/session-state.js';
import { startTui, type TuiHandle } from '../../src/tui/start-tui.js';
import { createMomentTracker, STALE_WAIT_MS } from '../../src/notify/moments.js';
import { momentSettings } from '../../src/notify/notify-policy.js';
import { terminalBytes } from '../../src/notify/terminal-channels.js';
import { FakeStdin, FakeStdout, waitForFrame } from '../components/render-at-size.js';
import { feedThroughHook } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

vi.hoisted(() => {
  process.env.CI = 'false';
});

const lines = readFileSync(new URL('../fixtures/waiting-session.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean);
const recorded: JournalEvent[] = lines.map((line) => JSON.parse(line));

const notifyBytes = terminalBytes;

describe('terminal channel bytes', () => {
  it('a bell, an OSC 9, an OSC 777, a kitty OSC 99', () => {
    expect(notifyBytes('osc99', 'Claude needs you', 'approve Bash', false)).toBe(
      '\u001b]99;i=buddy:d=0;Claude needs you\u001b\\\u001b]99;i=buddy:d=1:p=body;approve Bash\u001b\\',
    );
    expect(notifyBytes('bell', 'Claude needs you', 'approve Bash', false)).toBe('\u0007');
    expect(notifyBytes('osc9', 'Claude needs you', 'approve Bash', false)).toBe(
      '\u001b]9;Claude needs you: approve Bash\u0007',
    );
    expect(notifyBytes('osc777', 'Claude needs you', 'approve Bash', false)).toBe(
      '\u001b]777;notify;Claude needs you;approve Bash\u0007',
    );
  });

  it('inside tmux an OSC goes through passthrough (its ESCs doubled)', () => {
    expect(notifyBytes('osc9', 'T', 'b', true)).toBe('\u001bPtmux;\u001b\u001b]9;T: b\u0007\u001b\\');
  });

  it('outside text cannot end the sequence early or add fields', () => {
    const bytes = notifyBytes(
      'osc777',
      'Claude needs you (x;y)',
      'approve Bash `a\u0007\u001b]0;pwned\u0007;b`',
      false,
    );
    expect(bytes.startsWith('\u001b]777;notify;Claude needs you (x,y);approve Bash `a')).toBe(true);
    expect(bytes.slice(0, -1)).not.toMatch(/[\u0007\u001b](?!\]777)/);
    expect(bytes.split(';')).toHaveLength(4);
  });
});

describe('the waiting moment on the recorded session', () => {
  type Mode = 'off' | 'bell' | 'osc9';
  function run(mode: Mode, events: JournalEvent[], nowOf = (event: JournalEvent) => event.ts, repeatSeconds?: number) {
    const writes: string[] = [];
    const tracker = createMomentTracker();
    const settings = momentSettings(
      mode === 'off'
        ? {}
        : { channels: [mode], ...(repeatSeconds === undefined ? {} : { waitingRepeatSeconds: repeatSeconds }) },
    );
    let state: SessionState = emptySessionState(events[0].session_id);
    const perEvent: number[] = [];
    tracker.check({}, events[0].ts, settings);
    for (const event of events) {
      state = reduceEvent(state, event);
      for (const found of tracker.check({ [state.sessionId]: state }, nowOf(event), settings))
        if (found.kind === 'waiting') writes.push(notifyBytes(mode as 'bell', found.title, found.body, false));
      perEvent.push(writes.length);
    }
    return { writes, perEvent };
  }

  it('writes once when the ask starts: not for the reminder, the approval, the end of the turn or the idle prompt', () => {
    const { writes, perEvent } = run('bell', recorded);
    expect(writes).toEqual(['\u0007']);
    expect(perEvent.indexOf(1)).toBe(recorded.findIndex((e) => e.hook_event_name === 'PermissionRequest'));
  });

  it('a second ask of the same turn rings only when notify.waitingRepeatSeconds allows; off writes nothing; a wait found long after it began is old news', () => {
    const asked = recorded.findIndex((e) => e.hook_event_name === 'PermissionRequest');
    const again = [
      ...recorded.slice(0, 6),
      ...recorded
        .slice(2, asked + 1)
        .map((e) => ({ ...e, tool_use_id: e.tool_use_id && `${e.tool_use_id}-2`, ts: e.ts + 60_000 })),
    ];
    // One ping per turn's first wait (issue 47): the second ask, 60 s later, waits quietly by default,
    // and rings with a repeat interval it has outlasted.
    expect(run('osc9', again).writes).toHaveLength(1);
    expect(run('osc9', again, undefined, 30).writes).toHaveLength(2);
    expect(run('off', recorded).writes).toEqual([]);
    expect(run('bell', recorded, (event) => event.ts + STALE_WAIT_MS + 1).writes).toEqual([]);
  });
});

describe('the pane with notify.waiting', () => {
  const handles: TuiHandle[] = [];
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
  });

  async function pane(config: object) {
    const base = makeTempDir('buddy-tui-notify-');
    const root = join(base, 'root');
    for (const dir of ['cfg', 'state', 'foundry']) mkdirSync(join(base, dir), { mode: 0o700 });
    mkdirSync(join(base, 'cfg', 'buddy-tui'), { mode: 0o700 });
    const configFile = join(base, 'cfg', 'buddy-tui', 'config.json');
    writeFileSync(configFile, JSON.stringify(config));
    const env = {
      ...process.env,
      BUDDY_TUI_STATE_DIR: root,
      XDG_CONFIG_HOME: join(base, 'cfg'),
      XDG_STATE_HOME: join(base, 'state'),
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
      NO_COLOR: '',
    };
    const stdout = new FakeStdout(100, 30);
    const handle = await startTui({
      stateRoot: root,
      env,
      configFile,
      plugins: false,
      petFile: join(base, 'state', 'pet.json'),
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new FakeStdin(true) as unknown as NodeJS.ReadStream,
      stderr: new FakeStdout(100, 30) as unknown as NodeJS.WriteStream,
      alternateScreen: false,
      handleSignals: false,
    });
    handles.push(handle);
    const frame = () => {
      for (let i = stdout.frames.length - 1; i >= 0; i -= 1) {
        const text = stripVTControlCharacters(stdout.frames[i]).replace(/\u0007/g, '');
        if (text.trim()) return text;
      }
      return '';
    };
    const bells = () => stdout.frames.filter((bytes) => bytes === '\u0007').length;
    return { env, frame, bells };
  }

  const upTo = (name: string, type?: string) =>
    lines
      .slice(0, recorded.findIndex((e) => e.hook_event_name === name && (!type || e.notification_type === type)) + 1)
      .map((line) => {
        const { ts: _ts, ...payload } = JSON.parse(line);
        return JSON.stringify(payload);
      });

  it('"bell": one bell when the ask starts, none for its reminder', { timeout: 120_000 }, async () => {
    const { env, frame, bells } = await pane({ notify: { waiting: 'bell' } });
    await feedThroughHook(upTo('PermissionRequest'), env);
    // The bubble wraps in this pane (the command goes to its second line).
    await waitForFrame(
      frame,
      (text) => text.includes('waiting for you: approve Bash `rm -rf') && text.includes('build`'),
      60_000,
    );
    expect(bells()).toBe(1);
    await feedThroughHook(upTo('Notification', 'permission_prompt').slice(-1), env);
    await waitForFrame(frame, (text) => text.includes('❗ waiting for you'), 10_000);
    expect(bells()).toBe(1);
  });

  it('version 2 "channels": ["bell"] rings once too', { timeout: 120_000 }, async () => {
    const { env, frame, bells } = await pane({ schemaVersion: 2, notify: { channels: ['bell'] } });
    await feedThroughHook(upTo('PermissionRequest'), env);
    await waitForFrame(frame, (text) => text.includes('waiting for you: approve Bash'), 60_000);
    expect(bells()).toBe(1);
  });

  it('by default the pane writes no bell', { timeout: 120_000 }, async () => {
    const { env, frame, bells } = await pane({});
    await feedThroughHook(upTo('PermissionRequest'), env);
    await waitForFrame(frame, (text) => text.includes('waiting for you: approve Bash'), 60_000);
    expect(bells()).toBe(0);
  });
});
