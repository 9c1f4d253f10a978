/**
 * The real pane (startTui) on a private world, for the notification tests: config.json as given,
 * PATH starting with the stub folder, and the recorded waiting session's payloads to feed through
 * the real hook (dist/hook.js).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { startTui, type TuiHandle } from '../../src/tui/start-tui.js';
import { FakeStdin, FakeStdout } from '../components/render-at-size.js';
import { makeTempDir } from '../support/temp-dir.js';
import { makeNotifyStubs, type NotifyStubs } from '../support/notify-stubs.js';

type Payload = Record<string, unknown>;
const RECORDED: Payload[] = readFileSync(new URL('../fixtures/waiting-session.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const { ts: _ts, ...payload } = JSON.parse(line) as Payload;
    return payload;
  });
const indexOf = (name: string, type?: string) =>
  RECORDED.findIndex((e) => e.hook_event_name === name && (!type || e.notification_type === type));

/** The recorded session as lines: up to the ask, the reminder, the rest; a second ask (a new call) of the same session. */
export function waitingEpisodes(sessionId: string): {
  ask: string[];
  reminder: string[];
  rest: string[];
  askAgain: string[];
} {
  const asked = indexOf('PermissionRequest');
  const reminder = indexOf('Notification', 'permission_prompt');
  const line = (payload: Payload) => JSON.stringify({ ...payload, session_id: sessionId });
  return {
    ask: RECORDED.slice(0, asked + 1).map(line),
    reminder: [line(RECORDED[reminder])],
    rest: RECORDED.slice(reminder + 1, indexOf('Stop') + 1).map(line),
    askAgain: RECORDED.slice(1, asked + 1).map((payload) =>
      line({ ...payload, ...(payload.tool_use_id ? { tool_use_id: `${payload.tool_use_id}-2` } : {}) }),
    ),
  };
}

export interface NotifyPane {
  handle: TuiHandle;
  env: NodeJS.ProcessEnv;
  stubs: NotifyStubs;
  frame(): string;
}

export async function startNotifyPane(
  notify: Record<string, unknown>,
  extra: { env?: NodeJS.ProcessEnv; minutesOfDay?: (now: number) => number } = {},
): Promise<NotifyPane> {
  const base = makeTempDir('buddy-tui-notify-');
  const root = join(base, 'root');
  for (const dir of ['cfg/buddy-tui', 'state', 'foundry']) mkdirSync(join(base, dir), { recursive: true, mode: 0o700 });
  const stubs = makeNotifyStubs(base);
  const configFile = join(base, 'cfg', 'buddy-tui', 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      schemaVersion: 2,
      notify: { ...notify, ...(notify.command === 'stub' ? { command: stubs.command } : {}) },
    }),
  );
  const env = {
    ...process.env,
    PATH: `${stubs.bin}:${process.env.PATH}`,
    BUDDY_TUI_STATE_DIR: root,
    XDG_CONFIG_HOME: join(base, 'cfg'),
    XDG_STATE_HOME: join(base, 'state'),
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    NO_COLOR: '',
    TMUX: '',
    TMUX_PANE: '',
    ...extra.env,
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
    minutesOfDay: extra.minutesOfDay,
  });
  const frame = () => {
    for (let i = stdout.frames.length - 1; i >= 0; i -= 1) {
      const text = stripVTControlCharacters(stdout.frames[i]).replace(/\u0007/g, '');
      if (text.trim()) return text;
    }
    return '';
  };
  return { handle, env, stubs, frame };
}
