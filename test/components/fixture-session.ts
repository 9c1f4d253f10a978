/** The recorded Claude Code session from test/fixtures, folded with one second between events. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import type { SessionState } from '../../src/state/session-state.js';

export const T0 = 1_700_000_000_000;

export function fixtureEvents(): JournalEvent[] {
  const text = readFileSync(fileURLToPath(new URL('../fixtures/hook-events.jsonl', import.meta.url)), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line, i) => ({ ...JSON.parse(line), ts: T0 + i * 1000 }));
}

/** The session after its first `count` events, and the time of the last one. */
export function fixtureSession(count: number): { state: SessionState; now: number } {
  const events = fixtureEvents().slice(0, count);
  return { state: foldEvents(undefined, events), now: events[events.length - 1].ts };
}

/** Index of the first event matching, for cutting the recording at a meaningful point. */
export function indexOf(predicate: (event: JournalEvent) => boolean): number {
  return fixtureEvents().findIndex(predicate);
}
