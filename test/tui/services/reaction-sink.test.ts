/**
 * The runner's reaction sink on a real store and a real state root: a reaction is sanitised
 * once, reaches the bubble queue on the throttle and reactions.jsonl at once; a plugin warning
 * is a footer notice and a `notice` line, never a bubble; nothing goes through once closed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REACTION_TTL_MS, REACTION_PRIORITY, type Reaction } from '../../../src/protocol/reaction.js';
import { createBuddyStore } from '../../../src/tui/store/index.js';
import { toReactionText } from '../../../src/text/safe-text.js';
import { createReactionSink } from '../../../src/tui/services/reaction-sink.js';
import { createTuiLog } from '../../../src/tui/tui-log.js';
import { makeTempDir } from '../../support/temp-dir.js';

const NOW = 1_700_000_000_000;
const clock = () => NOW;
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

function sinkOn() {
  const root = makeTempDir('buddy-sink-');
  const store = createBuddyStore({ now: NOW });
  const sink = createReactionSink({ root, store, clock, log: createTuiLog(root, clock) });
  const lines = (sessionId: string) =>
    readFileSync(join(root, sessionId, 'reactions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Reaction);
  return { root, store, sink, lines };
}

/** A reaction as a producer hands it to the sink: its text made safe once, where it was made; its source not yet. */
const reaction = (text: string, source = 'plugin'): Reaction => ({
  id: `r-${text.length}`,
  sessionId: 'sess-sink',
  kind: 'reaction',
  text: toReactionText(text),
  source,
  event: 'Stop',
  priority: REACTION_PRIORITY.chat,
  ttlMs: DEFAULT_REACTION_TTL_MS,
  ts: NOW,
});

describe('reaction sink', () => {
  it('strips escape sequences once: the bubble and reactions.jsonl carry the same clean text', async () => {
    const { store, sink, lines } = sinkOn();
    sink.push(reaction('hello \x1b[31mred\x1b[0m\nworld', 'pl\x1b]0;title\x07ugin'));
    const [line] = lines('sess-sink');
    expect(line.text).toBe('hello red\nworld');
    expect(line.source).toBe('plugin');
    // The store is fed on the throttle, not synchronously.
    expect(store.getState().bubbles.current).toBeUndefined();
    await nextTurn();
    expect(store.getState().bubbles.current?.reaction).toEqual(line);
    sink.close();
  });

  it('turns a plugin warning into a footer notice and a notice line, not a bubble', async () => {
    const { store, sink, lines } = sinkOn();
    const warning = { plugin: 'lint', sessionId: 'sess-sink', event: 'Stop', message: 'exit code 1', ts: NOW };
    sink.warn({ level: 'warning', where: 'plugin', message: warning.message, detail: warning });
    expect(store.getState().notice).toMatchObject({ text: 'lint: exit code 1', tone: 'warning' });
    expect(lines('sess-sink')).toEqual([
      expect.objectContaining({ kind: 'notice', source: 'lint', text: 'exit code 1', event: 'Stop', ttlMs: 0 }),
    ]);
    await nextTurn();
    expect(store.getState().bubbles.current).toBeUndefined();
    sink.close();
  });

  it('drops reactions once closed, and what was queued never reaches the store', async () => {
    const { root, store, sink } = sinkOn();
    sink.push(reaction('queued'));
    sink.close();
    sink.push(reaction('after close'));
    await nextTurn();
    expect(store.getState().bubbles.current).toBeUndefined();
    const texts = readFileSync(join(root, 'sess-sink', 'reactions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).text);
    expect(texts).toEqual(['queued']);
  });

  it('logs a reactions.jsonl it cannot write instead of throwing', () => {
    const { root, sink } = sinkOn();
    // A session id that is not a safe folder name is refused by the state root.
    expect(() => sink.push({ ...reaction('x'), sessionId: '../escape' })).not.toThrow();
    expect(readFileSync(join(root, 'tui.log'), 'utf8')).toContain('reactions log');
    sink.close();
  });
});
