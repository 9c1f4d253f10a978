/**
 * The pane and the statusline tell the same story. The same journals (the recorded Claude Code
 * 2.1.332 session, and a failed Bash call followed by a successful end of turn with the
 * buddy's failure reaction) go to both real displays at several instants on a pinned clock:
 *  - the statusline: the real bundle, `node dist/statusline.js`, spawned with BUDDY_TUI_NOW;
 *  - the pane: the store fed by the reader, the pane's services (as a viewer: the mood from
 *    pet.json or the session), and the Ink App drawn with ink-testing-library's renderer.
 *  - the Claude Code mod: the real `buddy-tui mod-state` it draws from (face and bubble).
 * At each instant they must show the same mood (face), the same reaction or none, the same tool
 * order and the same colour per agent type. What each display sees is read in
 * ./displays-agree-support.tsx. (Run `npm run build` first.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import chalk from 'chalk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePet } from '../../src/pet/pet-file.js';
import { hatchPet } from '../../src/pet/hatch.js';
import type { Mood } from '../../src/pet/mood.js';
import { builtinSpeciesDir } from '../../src/species/builtin-dir.js';
import { lookupFace } from '../../src/species/face.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { sandbox, type Sandbox } from '../statusline/support.js';
import {
  BUNDLE,
  CLI,
  failedThenStopped,
  journal,
  modSees,
  paneSees,
  RECORDED,
  statuslineSees,
  T0,
  timed,
} from './displays-agree-support.js';

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
  return expectAgreementIn(setup(sessionId, events, reactions, withPet), sessionId, reactions, now, withPet);
}

/** The three views of one state root agree at `now`; what the pane saw. */
async function expectAgreementIn(
  { box, petFile }: { box: Sandbox; petFile: string },
  sessionId: string,
  reactions: Reaction[],
  now: number,
  withPet: boolean,
) {
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

  it("config.json's species.id is the species every view draws, not the pet's own", async () => {
    const world = setup('drawn-species', events, reactions, false);
    mkdirSync(join(world.box.env.XDG_STATE_HOME, 'buddy-tui'), { recursive: true, mode: 0o700 });
    savePet(world.petFile, hatchPet({ seed: 'agree', speciesIds: ['owl'], now: T0 - 60_000 }));
    const configDir = join(world.box.base, 'config', 'buddy-tui');
    mkdirSync(configDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ species: { id: 'robot' } }));
    const pane = await expectAgreementIn(world, 'drawn-species', reactions, T0 + 4600, true);
    const faceOf = (speciesId: string) =>
      lookupFace({ speciesId, mood: pane.mood as Mood, builtinDir: builtinSpeciesDir(), level: 1 });
    expect(faceOf('robot')).not.toBe(faceOf('owl'));
    expect(pane.face).toBe(faceOf('robot'));
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
