/**
 * The pane and the statusline tell the same story. The same journals (the recorded Claude Code
 * 2.1.332 session, and a failed Bash call followed by a successful end of turn with the
 * buddy's failure reaction) go to both real displays at several instants on a pinned clock:
 *  - the statusline: the real bundle, `node dist/statusline.js`, spawned with BUDDY_TUI_NOW;
 *  - the pane: the store fed by the reader, the pane's services (as a viewer: the mood from
 *    pet.json or the session), and the Ink App drawn with ink-testing-library's renderer.
 *  - the Claude Code mod: the real `buddy-tui mod-state` it draws from (face and bubble).
 * At each instant they must show the same mood (face), the same reaction or none, the same tool
 * order and the same colour per agent type. (Run `npm run build` first.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import chalk from 'chalk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { savePet } from '../../src/pet/pet-file.js';
import { hatchPet } from '../../src/pet/hatch.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { DEFAULT_FACES } from '../../src/species/face.js';
import type { Mood } from '../../src/species/sprite-state.js';
import { readSession } from '../../src/state/reader.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { toShownReaction } from '../../src/tui/bubble-queue.js';
import { toReactionText } from '../../src/text/safe-text.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { startTuiServices } from '../../src/tui/tui-services.js';
import { renderAtSize, waitForFrame } from '../components/render-at-size.js';
import { fixturePayload, sandbox, type Sandbox } from '../statusline/support.js';

const BUNDLE = fileURLToPath(new URL('../../dist/statusline.js', import.meta.url));
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const T0 = Date.UTC(2026, 10, 30);
const SGR = /\u001b\[[0-9;]*m/g;
const plain = (text: string): string => text.replace(SGR, '');

const journal = (path: string): Array<Omit<JournalEvent, 'ts'>> =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** A recorded journal given receive times one second apart. */
const timed = (events: Array<Omit<JournalEvent, 'ts'>>): JournalEvent[] =>
  events.map((event, i) => ({ ...event, ts: T0 + i * 1000 }) as JournalEvent);

const RECORDED = {
  'test/fixtures/hook-events.jsonl': fileURLToPath(new URL('../fixtures/hook-events.jsonl', import.meta.url)),
  '../shared/claude-code-2.1.332/hook-events.jsonl': '/work/shared/claude-code-2.1.332/hook-events.jsonl',
};

/**
 * A failed Bash call, then more tools (an MCP tool among them: localeCompare and code points
 * order it differently), two subagent types, and a successful end of turn. The buddy said its
 * failure quip 100 ms after the failure, with the default 10 s ttl.
 */
function failedThenStopped(): { events: JournalEvent[]; reactions: Reaction[] } {
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

interface Seen {
  face: string;
  reaction: boolean;
  tools: string[];
  /** The tool of the failure shown (`✗ Bash …`), if one is; the statusline of an ended session shows none. */
  failure?: string;
  ended?: boolean;
  /** Agent type -> SGR colour code. */
  agents: Record<string, string>;
}

function statuslineSees(box: Sandbox, sessionId: string, now: number, reactionText?: string): Seen {
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
function modSees(
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

async function paneSees(
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

const boxes: Sandbox[] = [];
let chalkLevel: typeof chalk.level;
beforeAll(() => {
  if (!existsSync(BUNDLE)) throw new Error('dist/ is missing: run `npm run build` first');
  // vitest runs with FORCE_COLOR=0; the agent colours are compared as SGR codes.
  chalkLevel = chalk.level;
  chalk.level = 1;
});
afterAll(() => {
  chalk.level = chalkLevel;
  for (const box of boxes) rmSync(box.base, { recursive: true, force: true });
});

/** A state root with one session's journal (and reactions), a pet.json or none. */
function setup(
  sessionId: string,
  events: JournalEvent[],
  reactions: Reaction[],
  withPet: boolean,
): { box: Sandbox; petFile: string } {
  const box = sandbox();
  boxes.push(box);
  box.session(sessionId, { events, reactions });
  const petFile = join(box.env.XDG_STATE_HOME, 'buddy-tui', 'pet.json');
  if (withPet) {
    mkdirSync(join(box.env.XDG_STATE_HOME, 'buddy-tui'), { recursive: true, mode: 0o700 });
    savePet(petFile, hatchPet({ seed: 'agree', speciesIds: ['cat', 'owl', 'robot'], now: T0 - 60_000 }));
  }
  return { box, petFile };
}

async function expectAgreement(
  sessionId: string,
  events: JournalEvent[],
  reactions: Reaction[],
  now: number,
  withPet: boolean,
) {
  const { box, petFile } = setup(sessionId, events, reactions, withPet);
  const line = reactions[0]?.text;
  const pane = await paneSees(box, sessionId, now, reactions, petFile);
  const statusline = statuslineSees(box, sessionId, now, line);
  const where = `${sessionId} at +${now - T0} ms (${withPet ? 'pet' : 'no pet'}), pane mood ${pane.mood}`;
  expect(statusline.face, where).toBe(pane.face);
  expect(statusline.reaction, where).toBe(pane.reaction);
  expect(statusline.tools, where).toEqual(pane.tools);
  if (!statusline.ended) expect(statusline.failure, where).toBe(pane.failure);
  expect(statusline.agents, where).toEqual(pane.agents);
  const mod = modSees(box, sessionId, now, line);
  expect(mod.face, `${where} (mod)`).toBe(pane.face);
  expect(mod.reaction, `${where} (mod)`).toBe(pane.reaction);
  return pane;
}

describe('the pane, the statusline and the mod agree', () => {
  const { events, reactions } = failedThenStopped();
  const stopped = [...events, { ...events[1], ts: T0 + 6000, hook_event_name: 'Stop' } as JournalEvent];

  it.each([false, true])('a failed Bash, then a successful Stop, with its failure quip (pet: %s)', async (withPet) => {
    // Mid-turn, right after the failure: the error face, the quip, the tools, both agent types.
    const mid = await expectAgreement('failed-then-stopped', events, reactions, T0 + 4600, withPet);
    expect(mid).toMatchObject({
      mood: 'error',
      reaction: true,
      tools: ['Read', 'mcp__github__search', 'Bash', 'Edit'],
    });
    expect(Object.keys(mid.agents).sort()).toEqual(['Explore', 'general-purpose']);
    // The turn ended well; the quip is still within its 10 s, the failure within its 15 s.
    expect(await expectAgreement('failed-then-stopped', stopped, reactions, T0 + 12_000, withPet)).toMatchObject({
      mood: 'error',
      reaction: true,
    });
    // 16 s after the quip: past its ttl in both; the failure face has gone too.
    const later = await expectAgreement('failed-then-stopped', stopped, reactions, T0 + 19_100, withPet);
    expect(later.reaction).toBe(false);
    expect(later.mood).not.toBe('error');
  });

  it('the mod drops the bubble when the statusline does: mod-state names that moment (bubbleUntil)', () => {
    const { box } = setup('bubble-end', stopped, reactions, true);
    const line = reactions[0].text;
    const run = spawnSync(process.execPath, [CLI, 'mod-state', '--session', 'bubble-end'], {
      env: { ...box.env, BUDDY_TUI_NOW: String(T0 + 12_000) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const { bubble, bubbleUntil } = JSON.parse(run.stdout);
    expect(bubble?.text).toBe(line);
    expect(bubbleUntil).toBeGreaterThan(T0 + 12_000);
    expect(statuslineSees(box, 'bubble-end', bubbleUntil - 1, line).reaction).toBe(true);
    expect(statuslineSees(box, 'bubble-end', bubbleUntil, line).reaction).toBe(false);
    expect(modSees(box, 'bubble-end', bubbleUntil, line).reaction).toBe(false);
  });

  describe.each(Object.entries(RECORDED))('the recorded session %s', (_, path) => {
    const recorded = timed(journal(path));
    const sessionId = String(recorded[0].session_id);
    // Two tools running; after the failure; a subagent running; after Stop; after SessionEnd.
    it.each([
      [3, 500],
      [21, 1500],
      [25, 2000],
      [29, 20_000],
      [recorded.length, 1000],
    ])('through event %i, %i ms later', async (count, after) => {
      const prefix = recorded.slice(0, count);
      await expectAgreement(sessionId, prefix, [], prefix[prefix.length - 1].ts + after, true);
    });
  });
});
