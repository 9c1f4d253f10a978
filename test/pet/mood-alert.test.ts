/** The alert mood while Claude waits for an answer: with a pet, and from the session alone (the rule both displays share). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveMood } from '../../src/pet/mood.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { sessionMood } from '../../src/display/mood.js';
import { newPet } from './pet-fixture.js';

const recorded: JournalEvent[] = readFileSync(new URL('../fixtures/waiting-session.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const index = (name: string, type?: string) =>
  recorded.findIndex((e) => e.hook_event_name === name && (!type || e.notification_type === type));

describe('alert while Claude waits for an answer', () => {
  const asking = foldEvents(undefined, recorded.slice(0, index('PermissionRequest') + 1));
  const ran = foldEvents(undefined, recorded.slice(0, index('PostToolUse') + 1));
  const idle = foldEvents(undefined, recorded.slice(0, index('Notification', 'idle_prompt') + 1));
  const now = (state: typeof asking) => state.lastEventAt! + 1000;
  const pet = newPet(asking.startedAt! - 1000);

  it('the pet and the session alone both show alert during the permission ask', () => {
    expect(deriveMood(pet, asking, now(asking))).toBe('alert');
    expect(sessionMood(asking, now(asking))).toBe('alert');
  });

  it('once the call ran they go back to the usual rules, and waiting for the next prompt is not alert', () => {
    for (const state of [ran, idle]) {
      expect(deriveMood(pet, state, now(state))).not.toBe('alert');
      expect(sessionMood(state, now(state))).not.toBe('alert');
    }
  });
});
