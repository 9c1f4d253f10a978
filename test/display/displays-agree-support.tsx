/**
 * What each display of test/display/displays-agree.test.tsx sees of one session at one instant:
 * the real statusline bundle and the real `buddy-tui mod-state` (both spawned with
 * BUDDY_TUI_NOW), and the pane (the store, the pane's services and the Ink App); and the
 * journals they are fed. (Run `npm run build` first.)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { App } from '../../components/App.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { DEFAULT_FACES } from '../../src/species/face.js';
import type { Mood } from '../../src/species/sprite-state.js';
import { readSession } from '../../src/state/reader.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { toShownReaction } from '../../src/tui/store/bubble-queue.js';
import { toReactionText } from '../../src/text/safe-text.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { startTuiServices } from '../../src/tui/tui-services.js';
import { renderAtSize, waitForFrame } from '../components/render-at-size.js';
import { fixturePayload, type Sandbox } from '../statusline/support.js';

export const BUNDLE = fileURLToPath(new URL('../../dist/statusline.js', import.meta.url));
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
export const T0 = Date.UTC(2026, 10, 30);
const SGR = /\u001b\[[0-9;]*m/g;
const plain = (text: string): string => text.replace(SGR, '');

export const journal = (path: string): Array<Omit<JournalEvent, 'ts'>> =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** A recorded journal given receive times one second apart. */
export const timed = (events: Array<Omit<JournalEvent, 'ts'>>): JournalEvent[] =>
  events.map((event, i) => ({ ...event, ts: T0 + i * 1000 }) as JournalEvent);

export const RECORDED = {
  'test/fixtures/hook-events.jsonl': fileURLToPath(new URL('../fixtures/hook-events.jsonl', import.meta.url)),
  '../shared/claude-code-2.1.332/hook-events.jsonl': '/work/shared/claude-code-2.1.332/hook-events.jsonl',
};

/**
 * A failed Bash call, then more tools (an MCP tool among them: localeCompare and code points
 * order it differently), two subagent types, and a successful end of turn. The buddy said its
 * failure quip 100 ms after the failure, with the default 10 s ttl.
 */
export function failedThenStopped(): { events: JournalEvent[]; reactions: Reaction[] } {
  const s = { session_id: 'failed-then-stopped', cwd: '/w/shop', transcript_path: '/w/t.jsonl' };
  const at = (ms: number) => T0 + ms;
  const bash = { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'b1' };
  const tool = (name: string, id: string) => ({ tool_name: name, tool_input: {}, tool_use_id: id });
  const events = [
    { ...s, ts: at(0), hook_event_name: 'SessionStart', source: 'startup', model: 'claude-opus-4-5' },
    { ...s, ts: at(1000), hook_event_name: 'UserPromptSubmit', prompt: 'run the tests' },
    { ...s, ts: at(2000), hook_event_name: 'PreToolUse', ...bash },
    { ...s, ts: at(3000), hook_event_name: 'PostToolUseFailure', ...bash, error: 'Exit code 1' },
    { ...s, ts: at(3500), hook_event_name: 'SubagentStart', agent_id: 'a1', agent_type: 'Explore' },
    { ...s, ts: at(3600), hook_event_name: 'SubagentStart', agent_id: 'a2', agent_type: 'general-purpose' },
    ...['mcp__github__search', 'Read', 'mcp__github__search', 'Read', 'Edit'].flatMap((name, i) => [
      { ...s, ts: at(4000 + i * 100), hook_event_name: 'PreToolUse', ...tool(name, `t${i}`) },
      { ...s, ts: at(4050 + i * 100), hook_event_name: 'PostToolUse', ...tool(name, `t${i}`), tool_response: {} },
    ]),
  ] as JournalEvent[];
  const reaction: Reaction = {
    id: 'quip-1',
    sessionId: s.session_id,
    kind: 'warning',
    text: toReactionText('Who DARES fail?'),
    source: 'buddy',
    event: 'PostToolUseFailure',
    priority: 4,
    ttlMs: 10_000,
    ts: at(3100),
  };
  return { events, reactions: [reaction] };
}

export interface Seen {
  face: string;
  reaction: boolean;
  tools: string[];
  /** The tool of the failure shown (`✗ Bash …`), if one is; the statusline of an ended session shows none. */
  failure?: string;
  ended?: boolean;
  /** Agent type -> SGR colour code. */
  agents: Record<string, string>;
}

export function statuslineSees(box: Sandbox, sessionId: string, now: number, reactionText?: string): Seen {
  // The statusLine's own rules, with no mod beside it: modSees's mod-state left a heartbeat naming
  // its parent (this test, which runs), and beside a mod the statusLine leaves it the bubble.
  rmSync(join(box.root, 'mod-bridge', 'mods', `${sessionId}.json`), { force: true });
  const payload = { ...fixturePayload(40), session_id: sessionId };
  const run = spawnSync(process.execPath, [BUNDLE, '--width', '400'], {
    input: JSON.stringify(payload),
    env: { ...box.env, BUDDY_TUI_NOW: String(now) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(0);
  const [first, second = ''] = run.stdout.split('\n');
  const agents: Record<string, string> = {};
  // Agent types are the only single-code colours on the activity row besides dim (2) and reset (0).
  for (const match of second.matchAll(/\u001b\[(\d+)m([\w-]+)\u001b\[0m/g))
    if (match[1] !== '2' && match[1] !== '0') agents[match[2]] = match[1];
  const activity = plain(second).split(' │ ');
  const toolSegment = activity.find(
    (segment) =>
      !segment.startsWith('▸') &&
      !segment.startsWith('◆') &&
      !segment.startsWith('✗') &&
      !segment.startsWith('idle') &&
      segment !== 'session ended',
  );
  return {
    face: plain(first).split(' │ ')[0],
    reaction: reactionText !== undefined && plain(first).includes(reactionText),
    tools: toolSegment ? toolSegment.split(' · ').map((item) => item.replace(/ x\d+$/, '')) : [],
    ended: activity.includes('session ended'),
    failure: /^✗ (\S+) /.exec(activity.find((segment) => segment.startsWith('✗')) ?? '')?.[1],
    agents,
  };
}

/** The mod's drawing: the real `buddy-tui mod-state` it asks (claude-plugin/hooks/register.js draws its answer). */
export function modSees(
  box: Sandbox,
  sessionId: string,
  now: number,
  reactionText?: string,
): { face: string; reaction: boolean } {
  const run = spawnSync(process.execPath, [CLI, 'mod-state', '--session', sessionId], {
    env: { ...box.env, BUDDY_TUI_NOW: String(now) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const state = JSON.parse(run.stdout);
  return { face: state.face, reaction: reactionText !== undefined && state.bubble?.text === reactionText };
}

export async function paneSees(
  box: Sandbox,
  sessionId: string,
  now: number,
  reactions: Reaction[],
  petFile: string,
): Promise<Seen & { mood: string }> {
  const store = createBuddyStore({ now, columns: 100, rows: 40, role: 'viewer' });
  const services = startTuiServices({
    root: box.root,
    store,
    env: box.env,
    clock: () => now,
    plugins: false,
    petFile,
    log: createTuiLog(box.root, () => now),
    configFile: join(box.base, 'config', 'buddy-tui', 'config.json'),
  });
  try {
    const state = readSession(join(box.root, sessionId));
    expect(state).toBeDefined();
    store.getState().applySessions([state!], now, state!.eventCount);
    for (const reaction of reactions)
      if (reaction.ts <= now) store.getState().pushReaction(toShownReaction(reaction), reaction.ts);
    store.getState().advance(now, services.tick(now));
    const { mood, sprite, pet } = store.getState();
    const view = renderAtSize(<App store={store} theme={{ color: true }} />, 100, 40);
    try {
      const frame = await waitForFrame(
        view.lastFrame,
        (text) => text.includes('tools') || text.includes('idle') || text.includes('ended'),
      );
      const text = plain(frame);
      const agents: Record<string, string> = {};
      for (const match of frame.matchAll(/\u001b\[(\d+)m● ([\w-]+)/g)) agents[match[2]] = match[1];
      const toolLine = /tools ((?:\S+ ?)+)/.exec(text)?.[1].trim();
      return {
        mood,
        // With a pet, the pet's species draws the face; before one is hatched, the default faces.
        face: pet ? String(sprite?.faces[mood] ?? sprite?.faces.idle) : DEFAULT_FACES[mood as Mood],
        reaction: reactions.some((reaction) => text.includes(reaction.text)),
        tools: toolLine ? toolLine.split(' ').map((item) => item.replace(/×\d+$/, '')) : [],
        failure: /✗ (\S+) \S+ ago/.exec(text)?.[1],
        agents,
      };
    } finally {
      view.unmount();
    }
  } finally {
    await services.close();
  }
}
