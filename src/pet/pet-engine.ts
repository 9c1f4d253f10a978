/**
 * The pet engine: `stepPet(pet, input, now) => pet`. Pure, no zod, no React; time is an
 * argument. Needs decay from elapsed time in closed form, so a pet left alone for a week is
 * right the moment it is read, with no timer having run, and one step over an hour equals
 * sixty steps over its minutes.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { eventKinds, type EventKind } from '../protocol/event-kind.js';
import { keyedRecord } from '../state/keyed-record.js';
import { PET_LIMITS, addCount, clampNeed, levelForXp, type ActionOutcome, type Pet } from './pet.js';

const HOUR = 3_600_000;

/** The rates and amounts real work moves the needs by (documented in docs/species.md). */
export const PET_RULES = {
  hungerPerHour: 4,
  /** Energy spent per hour while work is going on. */
  energyActivePerHour: 8,
  /** Energy regained per hour of rest. */
  energyRestPerHour: 15,
  /** After the last event the pet stays awake (and tiring) this long. */
  awakeAfterActivityMs: 10 * 60_000,
  /** Above this hunger, happiness drains. */
  hungryAbove: 70,
  hungryUnhappinessPerHour: 3,
  failStreakWorry: 3,
  /** Below this hunger the buddy refuses food. */
  fullBelow: 10,
  /** Below this energy the buddy refuses to play. */
  tooTiredBelow: 15,
} as const;

export type PetAction = 'feed' | 'pet' | 'play';
export type PetInput =
  | { type: 'event'; event: JournalEvent; kinds?: EventKind[] }
  | { type: 'tick' }
  | { type: 'action'; action: PetAction }
  | { type: 'rename'; name: string };

function copyPet(pet: Pet): Pet {
  return {
    ...pet,
    identity: { ...pet.identity, stats: { ...pet.identity.stats } },
    needs: { ...pet.needs },
    counters: { ...pet.counters },
    moments: { ...pet.moments },
    // Keyed by session id, which may be `__proto__` or `constructor`.
    openTurns: pet.openTurns ? keyedRecord(pet.openTurns) : undefined,
    last: pet.last ? { ...pet.last } : undefined,
  };
}

/** The pet with its needs brought forward to `at` (never backwards). */
export function decayPet(pet: Pet, at: number): Pet {
  const next = copyPet(pet);
  advance(next, at);
  return next;
}

function advance(pet: Pet, at: number): void {
  if (!(at > pet.updatedAt)) return;
  const hours = (at - pet.updatedAt) / HOUR;
  const { needs } = pet;
  const awakeUntil = (pet.moments.lastActiveAt ?? -Infinity) + PET_RULES.awakeAfterActivityMs;
  const activeHours = Math.max(0, Math.min(at, awakeUntil) - pet.updatedAt) / HOUR;
  const restHours = hours - activeHours;
  // Awake time comes first, then rest: each segment is monotone, so splitting time anywhere gives the same result.
  needs.energy = clampNeed(
    clampNeed(needs.energy - PET_RULES.energyActivePerHour * activeHours) + PET_RULES.energyRestPerHour * restHours,
  );
  const hoursUntilHungry = Math.max(0, (PET_RULES.hungryAbove - needs.hunger) / PET_RULES.hungerPerHour);
  const hungryHours = Math.max(0, hours - hoursUntilHungry);
  needs.happiness = clampNeed(needs.happiness - PET_RULES.hungryUnhappinessPerHour * hungryHours);
  needs.hunger = clampNeed(needs.hunger + PET_RULES.hungerPerHour * hours);
  pet.updatedAt = at;
}

function addXp(pet: Pet, amount: number, at: number): void {
  const before = levelForXp(pet.xp);
  pet.xp = Math.min(PET_LIMITS.xpMax, pet.xp + amount);
  if (levelForXp(pet.xp) > before) {
    pet.moments.levelUpAt = at;
    pet.needs.happiness = clampNeed(pet.needs.happiness + 15);
    pet.last = { kind: 'level_up', at };
  }
}

const bump = (pet: Pet, need: keyof Pet['needs'], delta: number) => {
  pet.needs[need] = clampNeed(pet.needs[need] + delta);
};

function applyEvent(pet: Pet, event: JournalEvent, kinds: EventKind[], at: number): void {
  const levelBefore = levelForXp(pet.xp);
  pet.moments.lastActiveAt = Math.max(pet.moments.lastActiveAt ?? at, at);
  for (const kind of kinds) {
    switch (kind) {
      case 'session_start':
        // A compaction or /clear restarts the session without a new sitting.
        if (event.source !== 'compact' && event.source !== 'clear') {
          pet.counters.sessions = addCount(pet.counters.sessions);
          bump(pet, 'happiness', 2);
          addXp(pet, 5, at);
        }
        break;
      case 'tool_success':
        pet.counters.toolsRun = addCount(pet.counters.toolsRun);
        pet.failStreak = 0;
        bump(pet, 'happiness', 0.5);
        bump(pet, 'energy', -0.2);
        addXp(pet, 1, at);
        break;
      case 'tool_failure':
        pet.counters.failures = addCount(pet.counters.failures);
        pet.failStreak = addCount(pet.failStreak);
        pet.moments.lastFailureAt = at;
        bump(pet, 'happiness', pet.failStreak >= PET_RULES.failStreakWorry ? -5 : -2);
        bump(pet, 'energy', -0.5);
        break;
      case 'test_failure':
        pet.counters.testsFailed = addCount(pet.counters.testsFailed);
        pet.moments.lastTestsFailedAt = at;
        bump(pet, 'happiness', -3);
        break;
      case 'tests_passed': {
        pet.counters.testsPassed = addCount(pet.counters.testsPassed);
        const turnedGreen = (pet.moments.lastTestsFailedAt ?? -Infinity) > (pet.moments.lastTestsPassedAt ?? -Infinity);
        pet.moments.lastTestsPassedAt = at;
        bump(pet, 'happiness', turnedGreen ? 16 : 6);
        if (turnedGreen) pet.moments.greenAt = at;
        addXp(pet, turnedGreen ? 25 : 15, at);
        break;
      }
      case 'git_commit':
        pet.counters.commits = addCount(pet.counters.commits);
        bump(pet, 'happiness', 5);
        addXp(pet, 20, at);
        break;
      case 'git_push':
        pet.counters.pushes = addCount(pet.counters.pushes);
        addXp(pet, 10, at);
        break;
      case 'subagent_start':
        pet.counters.subagents = addCount(pet.counters.subagents);
        addXp(pet, 2, at);
        break;
      case 'turn_end':
        pet.counters.turns = addCount(pet.counters.turns);
        addXp(pet, 10, at);
        break;
      case 'long_turn':
        bump(pet, 'energy', -3);
        addXp(pet, 5, at);
        break;
      default:
        break;
    }
  }
  // The most specific kind names the moment, unless a level-up just did.
  const notable = kinds.find((kind) => kind !== 'tool_start' && kind !== 'prompt');
  if (notable && levelForXp(pet.xp) === levelBefore) pet.last = { kind: notable, at };
}

/** How an action would go now: a full buddy refuses food, a tired one refuses play. */
export function actionOutcome(pet: Pet, action: PetAction, at: number): ActionOutcome {
  const { needs } = decayPet(pet, at);
  if (action === 'feed' && needs.hunger < PET_RULES.fullBelow) return 'too_full';
  if (action === 'play' && needs.energy < PET_RULES.tooTiredBelow) return 'too_tired';
  return 'ok';
}

const ACTION_KIND = { feed: 'fed', pet: 'petted', play: 'played' } as const;

function applyAction(pet: Pet, action: PetAction, at: number): void {
  const outcome = actionOutcome(pet, action, at);
  // A refused action changes nothing about the buddy; `last` only records the answer it gave.
  pet.last = { kind: ACTION_KIND[action], at, outcome };
  if (outcome !== 'ok') return;
  pet.moments.lastActiveAt = Math.max(pet.moments.lastActiveAt ?? at, at);
  switch (action) {
    case 'feed':
      pet.counters.fed = addCount(pet.counters.fed);
      pet.moments.lastFedAt = at;
      bump(pet, 'hunger', -35);
      bump(pet, 'happiness', 4);
      bump(pet, 'energy', 2);
      return;
    case 'pet': {
      const recently = at - (pet.moments.lastPettedAt ?? -Infinity) < 60_000;
      pet.counters.petted = addCount(pet.counters.petted);
      pet.moments.lastPettedAt = at;
      bump(pet, 'happiness', recently ? 2 : 8);
      return;
    }
    case 'play':
      pet.counters.played = addCount(pet.counters.played);
      pet.moments.lastPlayedAt = at;
      bump(pet, 'happiness', 12);
      bump(pet, 'energy', -10);
      bump(pet, 'hunger', 6);
      addXp(pet, 3, at);
      return;
  }
}

/**
 * Remembers when a session's turn starts and, on its Stop, says how long it was (so the kinds
 * include long_turn); also forgets the turn.
 */
function turnLength(pet: Pet, event: JournalEvent, at: number): number | undefined {
  const session = typeof event.session_id === 'string' ? event.session_id : '';
  if (!session) return undefined;
  if (event.hook_event_name === 'UserPromptSubmit') {
    const turns = keyedRecord(pet.openTurns);
    turns[session] ??= at;
    const sessions = Object.keys(turns).sort((a, b) => turns[a] - turns[b]);
    for (const old of sessions.slice(0, Math.max(0, sessions.length - PET_LIMITS.openTurnsMax))) delete turns[old];
    pet.openTurns = turns;
    return undefined;
  }
  if (
    event.hook_event_name === 'Stop' ||
    event.hook_event_name === 'StopFailure' ||
    event.hook_event_name === 'SessionEnd'
  ) {
    const started = pet.openTurns?.[session];
    if (started === undefined) return undefined;
    const rest = keyedRecord(pet.openTurns);
    delete rest[session];
    pet.openTurns = rest;
    return event.hook_event_name === 'Stop' ? at - started : undefined;
  }
  return undefined;
}

/** Applies one input to a private copy of the pet. */
function applyInput(next: Pet, input: PetInput, now: number): void {
  switch (input.type) {
    case 'tick':
      advance(next, now);
      return;
    case 'event': {
      const ts =
        typeof input.event.ts === 'number' && Number.isFinite(input.event.ts) ? Math.min(input.event.ts, now) : now;
      if (ts < next.hatchedAt) return;
      advance(next, ts);
      applyEvent(next, input.event, input.kinds ?? eventKinds(input.event, turnLength(next, input.event, ts)), ts);
      return;
    }
    case 'action':
      advance(next, now);
      applyAction(next, input.action, Math.max(now, next.updatedAt));
      return;
    case 'rename': {
      const name = input.name.trim().slice(0, 24);
      if (name) next.identity.name = name;
      return;
    }
  }
}

/**
 * One step. Events happen at their own `ts` (clamped to `now`); events from before the pet
 * hatched are ignored; late events change counters without moving time backwards.
 */
export function stepPet(pet: Pet, input: PetInput, now: number): Pet {
  if (input.type === 'event' && typeof input.event.ts === 'number' && input.event.ts < pet.hatchedAt) return pet;
  const next = copyPet(pet);
  applyInput(next, input, now);
  return next;
}

/** Many events in order, like `stepPet` for each, but copying the pet once. */
export function stepPetEvents(pet: Pet, events: Iterable<JournalEvent>, now: number): Pet {
  const next = copyPet(pet);
  for (const event of events) applyInput(next, { type: 'event', event }, now);
  return next;
}

/** Folds many events (in order, copying the pet once) and ends with a tick at `now`. */
export function feedEvents(pet: Pet, events: Iterable<JournalEvent>, now: number): Pet {
  const next = stepPetEvents(pet, events, now);
  applyInput(next, { type: 'tick' }, now);
  return next;
}
