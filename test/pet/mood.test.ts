import { describe, expect, it } from 'vitest';
import { deriveMood } from '../../src/pet/mood.js';
import { feedEvents, stepPet } from '../../src/pet/pet-engine.js';
import type { Pet } from '../../src/pet/pet.js';
import { foldEvents } from '../../src/state/reducer.js';
import type { SessionState } from '../../src/state/session-state.js';
import { HOUR, MINUTE, T0, fixtureEvents, firstPayload, newPet } from './pet-fixture.js';

const events = fixtureEvents(T0 + MINUTE);
const upTo = (name: string, nth = 0) => {
  let seen = -1;
  const index = events.findIndex((e) => e.hook_event_name === name && ++seen === nth);
  return events.slice(0, index + 1);
};
const sessionOf = (list: typeof events): SessionState => foldEvents(undefined, list);
const petAfter = (list: typeof events): Pet => feedEvents(newPet(T0), list, list[list.length - 1].ts);

describe('deriveMood over the recorded session', () => {
  const cases: Array<[string, () => [Pet, SessionState | undefined, number], string]> = [
    [
      'a tool is running',
      () => {
        const l = upTo('PreToolUse');
        return [petAfter(l), sessionOf(l), l[l.length - 1].ts + 1000];
      },
      'working',
    ],
    [
      'a prompt is pending, no tool running',
      () => {
        const l = upTo('UserPromptSubmit');
        return [petAfter(l), sessionOf(l), l[l.length - 1].ts + 1000];
      },
      'thinking',
    ],
    [
      'right after the failing npm test',
      () => {
        const l = upTo('PostToolUseFailure');
        return [petAfter(l), sessionOf(l), l[l.length - 1].ts + 2000];
      },
      'error',
    ],
    [
      'the failure was a minute ago, still mid-turn',
      () => {
        const l = upTo('PostToolBatch', 5);
        return [petAfter(l), sessionOf(l), l[l.length - 1].ts + MINUTE];
      },
      'thinking',
    ],
    [
      'the session is over and quiet for an hour',
      () => [petAfter(events), sessionOf(events), events[events.length - 1].ts + HOUR],
      'sleep',
    ],
    [
      'just after the turn ended, nothing pending',
      () => {
        const l = upTo('Stop');
        return [petAfter(l), sessionOf(l), l[l.length - 1].ts + MINUTE];
      },
      'idle',
    ],
  ];
  it.each(cases)('%s', (_, setup, mood) => {
    const [pet, session, now] = setup();
    expect(deriveMood(pet, session, now)).toBe(mood);
  });
});

describe('deriveMood from needs and milestones', () => {
  const bashOk = firstPayload('PostToolUse', (p) => p.tool_name === 'Bash');
  const failing = firstPayload('PostToolUseFailure');
  const green = { ...bashOk, tool_input: failing.tool_input, tool_use_id: 'green' };

  it('celebrates tests turning green, then is happy for a while', () => {
    let pet = stepPet(newPet(T0), { type: 'event', event: { ...failing, ts: T0 + 1000 } as never }, T0 + 1000);
    pet = stepPet(pet, { type: 'event', event: { ...green, ts: T0 + 60_000 } as never }, T0 + 60_000);
    expect(deriveMood(pet, undefined, T0 + 61_000)).toBe('celebrate');
    expect(deriveMood(pet, undefined, T0 + 90_000)).toBe('happy');
  });

  it('celebrates a level-up', () => {
    const pet = { ...newPet(T0), moments: { lastActiveAt: T0, levelUpAt: T0 } };
    expect(deriveMood(pet, undefined, T0 + 5000)).toBe('celebrate');
  });

  it('a pet away for a week wakes up hungry; fed, it goes back to sleep', () => {
    const pet = newPet(T0);
    const week = T0 + 7 * 24 * HOUR;
    expect(deriveMood(pet, undefined, week)).toBe('hungry');
    let fed = pet;
    for (let i = 0; i < 3; i += 1) fed = stepPet(fed, { type: 'action', action: 'feed' }, week);
    expect(deriveMood(fed, undefined, week + 11 * MINUTE)).toBe('sleep');
  });

  it('is sad when unhappy or after a failing streak, and hungry below the starving line', () => {
    const base = newPet(T0);
    expect(deriveMood({ ...base, needs: { ...base.needs, happiness: 10 } }, undefined, T0 + MINUTE)).toBe('sad');
    expect(
      deriveMood({ ...base, failStreak: 4, moments: { lastActiveAt: T0, lastFailureAt: T0 } }, undefined, T0 + MINUTE),
    ).toBe('sad');
    expect(deriveMood({ ...base, needs: { ...base.needs, hunger: 75 } }, undefined, T0 + MINUTE)).toBe('hungry');
    expect(deriveMood({ ...base, needs: { ...base.needs, happiness: 90 } }, undefined, T0 + MINUTE)).toBe('happy');
  });

  it('does not call a session with a stuck tool "working" forever', () => {
    const l = upTo('PreToolUse');
    expect(deriveMood(petAfter(l), sessionOf(l), l[l.length - 1].ts + 3 * HOUR)).toBe('sleep');
  });

  it('a pat that was taken shows at once: happy for a few seconds, even while a tool runs, then as before', () => {
    const l = upTo('PreToolUse');
    const at = l[l.length - 1].ts + 1000;
    const petted = stepPet(petAfter(l), { type: 'action', action: 'pet' }, at);
    expect(deriveMood(petted, sessionOf(l), at + 1000)).toBe('happy');
    expect(deriveMood(petted, sessionOf(l), at + 10_000)).toBe('working');
  });
});
