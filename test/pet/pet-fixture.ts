/** Real Claude Code 2.1.332 hook payloads (test/fixtures/hook-events.jsonl) with receive times added. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { hatchPet } from '../../src/pet/hatch.js';
import type { Pet } from '../../src/pet/pet.js';

export const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

const lines = readFileSync(fileURLToPath(new URL('../fixtures/hook-events.jsonl', import.meta.url)), 'utf8')
  .trim()
  .split('\n');
/** The recorded payloads, in order, without times. */
export const payloads = lines.map((line) => JSON.parse(line) as Omit<JournalEvent, 'ts'>);

/** The fixture events one second apart from `start`. */
export function fixtureEvents(start = T0 + MINUTE): JournalEvent[] {
  return payloads.map((payload, index) => ({ ...payload, ts: start + index * 1000 }) as JournalEvent);
}

export function firstPayload(
  name: string,
  predicate: (p: Omit<JournalEvent, 'ts'>) => boolean = () => true,
): Omit<JournalEvent, 'ts'> {
  const found = payloads.find((p) => p.hook_event_name === name && predicate(p));
  if (!found) throw new Error(`no ${name} in the fixture`);
  return found;
}

export function newPet(now = T0): Pet {
  return hatchPet({ seed: 'fixture-seed', speciesIds: ['cat', 'owl'], now });
}
