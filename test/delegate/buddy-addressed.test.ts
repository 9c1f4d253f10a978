import { describe, expect, it } from 'vitest';
import { isBuddyAddressed } from '../../src/delegate/buddy-addressed.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';

const prompt = (text: unknown, hook_event_name = 'UserPromptSubmit'): JournalEvent => ({
  ts: 0,
  session_id: 's',
  hook_event_name,
  prompt: text as string,
});
const names = ['Pebble', 'rock', 'buddy', undefined];

describe('isBuddyAddressed', () => {
  it.each([
    ['Pebble, what do you think?', true],
    ['hey @pebble look at this', true],
    ['thanks BUDDY', true],
    ['ask the rock.', true],
    ['Pébble? no', false],
    ['pebbles everywhere', false],
    ['rocket science', false],
    ['fix the parser', false],
  ])('%s → %s', (text, expected) => {
    expect(isBuddyAddressed(prompt(text), names)).toBe(expected);
  });

  it('only looks at prompts, and ignores empty or one-letter names and regex characters', () => {
    expect(isBuddyAddressed(prompt('Pebble!', 'Stop'), names)).toBe(false);
    expect(isBuddyAddressed(prompt(42), names)).toBe(false);
    expect(isBuddyAddressed(prompt('a b c'), ['a', ''])).toBe(false);
    expect(isBuddyAddressed(prompt('hi R2.D2'), ['R2.D2'])).toBe(true);
    expect(isBuddyAddressed(prompt('hi R2xD2'), ['R2.D2'])).toBe(false);
  });
});
