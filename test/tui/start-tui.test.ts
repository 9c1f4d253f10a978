/**
 * The whole pane on a real temporary state root: events appended by spawning the real hook
 * (dist/hook.js, built by `npm test`) reach the frame, the buddy reacts, and the reaction is
 * logged for the statusline.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTui, type TuiHandle } from '../../src/tui/start-tui.js';
import { FakeStdin, FakeStdout, waitForFrame } from '../components/render-at-size.js';
import { feedThroughHook, fixturePayloads, HOOK_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

// Ink draws only the last frame when CI is set (is-in-ci, read when ink is imported), and this
// test watches the live frames: clear it before the imports run.
vi.hoisted(() => {
  process.env.CI = 'false';
});

const handles: TuiHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function open(columns = 100, rows = 30) {
  const base = makeTempDir('buddy-tui-app-');
  const root = join(base, 'root');
  for (const dir of ['cfg', 'state', 'foundry']) mkdirSync(join(base, dir), { mode: 0o700 });
  const env = {
    ...process.env,
    BUDDY_TUI_STATE_DIR: root,
    XDG_CONFIG_HOME: join(base, 'cfg'),
    XDG_STATE_HOME: join(base, 'state'),
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    NO_COLOR: '',
  };
  const stdout = new FakeStdout(columns, rows);
  const stdin = new FakeStdin(true);
  const handle = await startTui({
    stateRoot: root,
    env,
    petFile: join(base, 'state', 'pet.json'),
    configFile: join(base, 'cfg', 'config.json'),
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: new FakeStdout(columns, rows) as unknown as NodeJS.WriteStream,
    alternateScreen: false,
    handleSignals: false,
  });
  handles.push(handle);
  // Ink writes each frame whole (erase + frame in one write); cursor show/hide writes carry no text.
  const frame = () => {
    for (let i = stdout.frames.length - 1; i >= 0; i -= 1) {
      const text = stripVTControlCharacters(stdout.frames[i]);
      if (text.trim()) return text;
    }
    return '';
  };
  return { base, root, env, stdout, stdin, handle, frame };
}

describe('startTui on a real state root', () => {
  it('shows the empty state, then a session fed through the real hook, and the buddy reacts', {
    timeout: 180_000,
  }, async () => {
    expect(existsSync(HOOK_ENTRY)).toBe(true);
    const { root, env, handle, frame } = await open();
    await waitForFrame(frame, (text) => text.includes('buddy-tui install'));
    expect(handle.store.getState().role).toBe('runner');

    const payloads = fixturePayloads();
    const sessionId = JSON.parse(payloads[0]).session_id as string;
    const upToSubagent = payloads.findIndex((p) => JSON.parse(p).hook_event_name === 'SubagentStart') + 1;
    await feedThroughHook(payloads.slice(0, upToSubagent), env);

    const shown = await waitForFrame(
      frame,
      (text) =>
        ['project', '💬', 'tools Bash×2', '● general-purpose', '✗ Bash', '▶ Agent'].every((part) =>
          text.includes(part),
        ),
      60_000,
    );
    expect(shown).toContain('1 project 💬');
    // The built-in buddy answered the failing `npm test` with a species quip, in a bubble.
    await waitForFrame(frame, (text) => text.includes('╰─ buddy'), 60_000);
    const log = readFileSync(join(root, sessionId, 'reactions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(log.some((reaction) => reaction.source === 'buddy' && reaction.event === 'PostToolUseFailure')).toBe(true);
    expect(frame()).toContain(log.find((reaction) => reaction.event === 'PostToolUseFailure').text.slice(0, 10));

    await feedThroughHook(payloads.slice(upToSubagent), env);
    await waitForFrame(frame, (text) => text.includes('ended'), 60_000);
  });

  it('follows a state root removed under it: the hook makes it again, the session shows, the lock is written again', {
    timeout: 120_000,
  }, async () => {
    const { root, env, handle, frame } = await open();
    await waitForFrame(frame, (text) => text.includes('buddy-tui install'));
    rmSync(root, { recursive: true });
    const start = fixturePayloads().find((p) => JSON.parse(p).hook_event_name === 'SessionStart')!;
    await feedThroughHook([start], env);
    await waitForFrame(frame, (text) => text.includes('1 project'), 60_000);
    await waitForFrame(
      () => (existsSync(handle.lock.path) ? readFileSync(handle.lock.path, 'utf8') : ''),
      (text) => text.includes(`"pid":${process.pid}`),
    );
    expect(handle.store.getState().role).toBe('runner');
  });

  it('f feeds the pet (saved to the pet file), v turns the voice off in config.json, ? shows help, q closes everything', async () => {
    const { base, stdin, handle, frame } = await open(80, 24);
    await waitForFrame(frame, (text) => text.includes('buddy-tui install'));
    const petFile = join(base, 'state', 'pet.json');
    const hatched = JSON.parse(readFileSync(petFile, 'utf8'));
    expect(hatched.counters.fed).toBe(0);
    stdin.write('f');
    await waitForFrame(frame, (text) => text.includes(`you fed ${hatched.identity.name}`));
    const fed = JSON.parse(readFileSync(petFile, 'utf8'));
    expect(fed.counters.fed).toBe(1);
    expect(fed.needs.hunger).toBeLessThan(hatched.needs.hunger);
    stdin.write('p');
    await waitForFrame(frame, (text) => text.includes(`you petted ${hatched.identity.name}`));
    // v writes the voice's consent to the pane's config.json (none yet: made with the one key).
    stdin.write('v');
    await waitForFrame(frame, (text) => text.includes('voice off: the buddy speaks in canned quips'));
    expect(JSON.parse(readFileSync(join(base, 'cfg', 'config.json'), 'utf8'))).toEqual({ reactions: { voice: false } });
    stdin.write('?');
    await waitForFrame(frame, (text) => text.includes('switch session'));
    stdin.write('q');
    await handle.closed;
    expect(existsSync(join(handle.lock.path))).toBe(false);
  });

  it('leaves process.env as it was: what React, Ink and chalk read at import is set only while they load', async () => {
    process.env.CI = 'false';
    const before = { ...process.env };
    const { frame } = await open();
    await waitForFrame(frame, (text) => text.includes('buddy-tui install'));
    expect({ ...process.env }).toEqual(before);
  });
});
