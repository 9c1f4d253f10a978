import { describe, expect, it } from 'vitest';
import { createOfflineAdapter } from '../../src/delegate/adapters/offline.js';
import { createQuipPicker } from '../../src/delegate/offline-quips.js';
import type { EventKind } from '../../src/protocol/event-kind.js';

const QUIPS: Partial<Record<EventKind, string[]>> = {
  tool_failure: ['Oops.', 'That broke.', 'Try again?', 'Hmm, red.'],
  tests_passed: ['Green!'],
};
const source = (kind: EventKind) => QUIPS[kind];

describe('createQuipPicker', () => {
  it('uses every line once per round and never repeats a line back to back', () => {
    const picker = createQuipPicker(source, 7);
    const said = Array.from({ length: 40 }, () => picker.pick(['tool_failure'], 's1')!.text);
    for (let round = 0; round < 10; round++) {
      expect(new Set(said.slice(round * 4, round * 4 + 4)).size).toBe(4);
    }
    for (let i = 1; i < said.length; i++) expect(said[i]).not.toBe(said[i - 1]);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const run = (seed: number) => {
      const picker = createQuipPicker(source, seed);
      return Array.from({ length: 12 }, () => picker.pick(['tool_failure'], 's')!.text).join('|');
    };
    expect(run(3)).toBe(run(3));
    const orders = new Set([1, 2, 3, 4, 5, 6].map(run));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('takes the first kind that has quips, and says which', () => {
    const picker = createQuipPicker(source, 1);
    expect(picker.pick(['test_failure', 'tests_passed'], 's')).toEqual({ text: 'Green!', kind: 'tests_passed' });
    expect(picker.pick(['git_commit'], 's')).toBeUndefined();
    expect(picker.pick([], 's')).toBeUndefined();
  });

  it('follows a changed quip list (species switched or reloaded)', () => {
    let lines = ['a', 'b'];
    const picker = createQuipPicker(() => lines, 1);
    picker.pick(['idle'], 's');
    lines = ['c'];
    expect(picker.pick(['idle'], 's')!.text).toBe('c');
  });

  it('skips blank and non-string entries from a broken species file', () => {
    const picker = createQuipPicker(() => ['', '   ', 42 as unknown as string, 'ok'], 1);
    expect(picker.pick(['idle'], 's')!.text).toBe('ok');
  });
});

describe('offline adapter', () => {
  it('answers with a quip, source "offline", and fails when there is none', async () => {
    const adapter = createOfflineAdapter(createQuipPicker(source, 1));
    const call = {
      systemPrompt: '',
      prompt: '',
      maxTokens: 1,
      model: 'x',
      sessionId: 's',
      plugin: 'p',
      signal: new AbortController().signal,
    };
    expect(adapter.usesModel).toBe(false);
    await expect(adapter.complete({ ...call, kinds: ['tests_passed'] })).resolves.toEqual({
      text: 'Green!',
      source: 'offline',
    });
    await expect(adapter.complete({ ...call, kinds: ['git_push'] })).rejects.toThrow(/no offline quip for git_push/);
  });
});
