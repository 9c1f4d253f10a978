import { describe, expect, it } from 'vitest';
import { decayPet, feedEvents, stepPet, stepPetEvents, PET_RULES } from '../../src/pet/pet-engine.js';
import { PET_LIMITS, levelForXp, xpForLevel, type Pet } from '../../src/pet/pet.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { HOUR, MINUTE, T0, firstPayload, fixtureEvents, newPet } from './pet-fixture.js';

const at = (payload: object, ts: number) => ({ ...payload, ts }) as JournalEvent;
const failingTest = firstPayload('PostToolUseFailure');
const bashOk = firstPayload('PostToolUse', (p) => p.tool_name === 'Bash');
/** The recorded failing `npm test`, replayed as the passing run that follows a fix. */
const passingTest = { ...bashOk, tool_input: failingTest.tool_input, tool_use_id: 'toolu_green' };
const commit = { ...bashOk, tool_input: { command: 'git commit -m "fix"' }, tool_use_id: 'toolu_commit' };

describe('pet engine over the recorded session', () => {
  it('counts what the real events did', () => {
    const events = fixtureEvents();
    const pet = feedEvents(newPet(), events, events[events.length - 1].ts);
    expect(pet.counters).toMatchObject({
      toolsRun: 7, // Glob, Bash, Write, Read, Edit, Grep and Agent
      failures: 1,
      testsFailed: 1,
      testsPassed: 0,
      subagents: 1,
      turns: 1,
      sessions: 2, // startup and resume; the SessionStart after compaction is not a new sitting
    });
    expect(pet.failStreak).toBe(0);
    expect(pet.xp).toBe(5 + 5 + 7 + 2 + 10);
    expect(pet.moments.lastFailureAt).toBe(
      events.findIndex((e) => e.hook_event_name === 'PostToolUseFailure') * 1000 + T0 + MINUTE,
    );
  });

  it('steps a batch of events exactly like one step per event, copying once', () => {
    const events = fixtureEvents();
    const now = events[events.length - 1].ts;
    const start = newPet();
    const frozen = structuredClone(start);
    const oneByOne = events.reduce((pet, event) => stepPet(pet, { type: 'event', event }, now), start);
    expect(stepPetEvents(start, events, now)).toEqual(oneByOne);
    expect(start).toEqual(frozen);
  });

  it('never mutates its input and ignores events from before the hatch', () => {
    const pet = newPet(T0);
    const frozen = structuredClone(pet);
    const early = stepPet(pet, { type: 'event', event: at(bashOk, T0 - HOUR) }, T0);
    expect(early).toBe(pet);
    stepPet(pet, { type: 'event', event: at(commit, T0 + MINUTE) }, T0 + MINUTE);
    expect(pet).toEqual(frozen);
  });
});

describe('elapsed time', () => {
  const table: Array<[string, number, Partial<Pet['needs']>]> = [
    ['an hour away', HOUR, { hunger: 24, happiness: 60 }],
    ['a day away', 24 * HOUR, { hunger: 100, energy: 100 }],
    ['a week away', 7 * 24 * HOUR, { hunger: 100, energy: 100, happiness: 0 }],
  ];
  it.each(table)('%s is right the moment it is read', (_, elapsed, expected) => {
    const pet = decayPet(newPet(T0), T0 + elapsed);
    for (const [need, value] of Object.entries(expected))
      expect(pet.needs[need as keyof Pet['needs']], need).toBeCloseTo(value!, 5);
    expect(pet.updatedAt).toBe(T0 + elapsed);
  });

  it('gives the same pet read once after a week as ticked every 10 minutes', () => {
    const start = stepPet(newPet(T0), { type: 'event', event: at(bashOk, T0 + MINUTE) }, T0 + MINUTE);
    const once = decayPet(start, T0 + 7 * 24 * HOUR);
    let ticked = start;
    for (let t = T0 + 10 * MINUTE; t <= T0 + 7 * 24 * HOUR; t += 10 * MINUTE)
      ticked = stepPet(ticked, { type: 'tick' }, t);
    for (const need of ['hunger', 'energy', 'happiness'] as const)
      expect(ticked.needs[need]).toBeCloseTo(once.needs[need], 6);
  });

  it('tires while work goes on and recovers at rest', () => {
    let pet = newPet(T0);
    // Two hours of steady work, an event every five minutes.
    for (let t = T0; t <= T0 + 2 * HOUR; t += 5 * MINUTE)
      pet = stepPet(pet, { type: 'event', event: at(bashOk, t) }, t);
    const worked = pet.needs.energy;
    expect(worked).toBeLessThan(80 - 2 * PET_RULES.energyActivePerHour + 1);
    const rested = decayPet(pet, T0 + 5 * HOUR).needs.energy;
    expect(rested).toBeGreaterThan(worked + 30);
  });

  it('does not move time backwards for a late event', () => {
    const pet = decayPet(newPet(T0), T0 + HOUR);
    const late = stepPet(pet, { type: 'event', event: at(commit, T0 + 30 * MINUTE) }, T0 + HOUR);
    expect(late.updatedAt).toBe(T0 + HOUR);
    expect(late.counters.commits).toBe(1);
  });
});

describe('streaks and milestones', () => {
  it('worries more with each failure of a streak, and a success resets it', () => {
    let pet = newPet(T0);
    const happiness = [pet.needs.happiness];
    for (let i = 1; i <= 5; i += 1) {
      pet = stepPet(
        pet,
        { type: 'event', event: at({ ...failingTest, tool_use_id: `f${i}` }, T0 + i * 1000) },
        T0 + i * 1000,
      );
      happiness.push(pet.needs.happiness);
    }
    expect(pet.failStreak).toBe(5);
    const drops = happiness.slice(1).map((h, i) => happiness[i] - h);
    expect(drops[0]).toBeCloseTo(5, 5); // -2 failure, -3 failing test
    expect(drops[4]).toBeCloseTo(8, 5); // -5 once the streak is 3 or more, -3 failing test
    pet = stepPet(pet, { type: 'event', event: at(passingTest, T0 + 10_000) }, T0 + 10_000);
    expect(pet.failStreak).toBe(0);
    expect(pet.moments.greenAt).toBe(T0 + 10_000);
    expect(pet.last?.kind).toBe('tests_passed');
  });

  it('levels up when XP crosses the line, and says so', () => {
    let pet = newPet(T0);
    pet = { ...pet, xp: xpForLevel(2) - 10 };
    pet = stepPet(pet, { type: 'event', event: at(commit, T0 + 1000) }, T0 + 1000);
    expect(levelForXp(pet.xp)).toBe(2);
    expect(pet.moments.levelUpAt).toBe(T0 + 1000);
    expect(pet.last).toEqual({ kind: 'level_up', at: T0 + 1000 });
    expect([1, 2, 3, 4].map(xpForLevel)).toEqual([0, 50, 150, 300]);
  });

  it('finds the level in closed form: every boundary, and huge or odd XP at once', () => {
    for (let level = 1; level <= 2000; level += 1) {
      expect(levelForXp(xpForLevel(level))).toBe(level);
      expect(levelForXp(xpForLevel(level + 1) - 0.001)).toBe(level);
    }
    // The old loop took one step per level: 1e308 XP never finished.
    const top = levelForXp(PET_LIMITS.xpMax);
    expect(xpForLevel(top)).toBeLessThanOrEqual(PET_LIMITS.xpMax);
    expect(xpForLevel(top + 1)).toBeGreaterThan(PET_LIMITS.xpMax);
    for (const xp of [1e308, Infinity]) expect(levelForXp(xp)).toBe(top);
    for (const xp of [-5, NaN, 0]) expect(levelForXp(xp)).toBe(1);
  });

  it('stops counting at the top of the range', () => {
    let pet = newPet(T0);
    pet = { ...pet, xp: PET_LIMITS.xpMax - 1, counters: { ...pet.counters, commits: PET_LIMITS.countMax } };
    pet = stepPet(pet, { type: 'event', event: at(commit, T0 + 1000) }, T0 + 1000);
    expect(pet.xp).toBe(PET_LIMITS.xpMax);
    expect(pet.counters.commits).toBe(PET_LIMITS.countMax);
  });
});

describe('turns', () => {
  const prompt = firstPayload('UserPromptSubmit');
  const stop = firstPayload('Stop');
  it.each([
    ['a quick turn', 30_000, false],
    ['a long turn (3 minutes or more)', 4 * MINUTE, true],
  ])('tells %s from the prompt and Stop of the same session', (_, length, long) => {
    let pet = newPet(T0);
    pet = stepPet(pet, { type: 'event', event: at(prompt, T0 + 1000) }, T0 + 1000);
    expect(pet.openTurns).toEqual({ [prompt.session_id as string]: T0 + 1000 });
    const before = pet.needs.energy;
    pet = stepPet(pet, { type: 'event', event: at(stop, T0 + 1000 + length) }, T0 + 1000 + length);
    expect(pet.openTurns).toEqual({});
    expect(pet.counters.turns).toBe(1);
    expect(pet.last?.kind).toBe(long ? 'long_turn' : 'turn_end');
    expect(pet.xp).toBe(long ? 15 : 10);
    if (long) expect(pet.needs.energy).toBeLessThan(before - 3);
  });

  it('remembers at most 16 open turns', () => {
    let pet = newPet(T0);
    for (let i = 0; i < 20; i += 1)
      pet = stepPet(pet, { type: 'event', event: at({ ...prompt, session_id: `s${i}` }, T0 + i) }, T0 + i);
    expect(Object.keys(pet.openTurns!)).toHaveLength(16);
    expect(pet.openTurns!.s0).toBeUndefined();
    expect(pet.openTurns!.s19).toBe(T0 + 19);
  });
});

describe('actions', () => {
  it('feeding meets hunger and gives a little energy, but a full pet refuses and nothing changes', () => {
    let pet = decayPet(newPet(T0), T0 + 10 * HOUR);
    expect(pet.needs.hunger).toBeCloseTo(60, 5);
    pet = { ...pet, needs: { ...pet.needs, energy: 50 } };
    const before = pet.needs;
    pet = stepPet(pet, { type: 'action', action: 'feed' }, T0 + 10 * HOUR);
    expect(pet.needs.hunger).toBeCloseTo(25, 5);
    expect(pet.needs.happiness - before.happiness).toBeCloseTo(4, 5);
    expect(pet.needs.energy - before.energy).toBeCloseTo(2, 5);
    expect(pet.last).toMatchObject({ kind: 'fed', outcome: 'ok' });
    pet = stepPet(pet, { type: 'action', action: 'feed' }, T0 + 10 * HOUR);
    const full = pet;
    pet = stepPet(pet, { type: 'action', action: 'feed' }, T0 + 11 * HOUR);
    expect(pet.last).toEqual({ kind: 'fed', at: T0 + 11 * HOUR, outcome: 'too_full' });
    // Refused: only time passed (an hour of rest and hunger), as if nothing had been asked.
    expect({ ...pet, last: undefined }).toEqual({ ...decayPet(full, T0 + 11 * HOUR), last: undefined });
    expect(pet.counters.fed).toBe(2);
  });

  it('petting twice in a minute counts for less; play needs energy', () => {
    let pet = newPet(T0);
    pet = stepPet(pet, { type: 'action', action: 'pet' }, T0);
    const first = pet.needs.happiness;
    pet = stepPet(pet, { type: 'action', action: 'pet' }, T0 + 1000);
    expect(pet.needs.happiness - first).toBeCloseTo(2, 5);
    const tired = { ...pet, needs: { ...pet.needs, energy: 10 } };
    const refused = stepPet(tired, { type: 'action', action: 'play' }, T0 + 2000);
    expect(refused.last?.outcome).toBe('too_tired');
    expect({ ...refused, last: undefined }).toEqual({ ...decayPet(tired, T0 + 2000), last: undefined });
    expect(stepPet(pet, { type: 'action', action: 'play' }, T0 + 2000).last?.outcome).toBe('ok');
  });

  it('renames, trimming and capping the name', () => {
    expect(stepPet(newPet(), { type: 'rename', name: '  Miso  ' }, T0).identity.name).toBe('Miso');
    expect(stepPet(newPet(), { type: 'rename', name: 'x'.repeat(50) }, T0).identity.name).toHaveLength(24);
  });
});
