/** The bubble queue's rule list (src/tui/store/bubble-rules.ts), row by row: one test per rule. */
import { describe, expect, it } from 'vitest';
import { REACTION_PRIORITY } from '../../src/protocol/reaction.js';
import { reaction, T0 } from '../support/shown-reactions.js';
import {
  BUBBLE_QUEUE_CAP,
  emptyBubbleQueue,
  type BubbleQueue,
  type ShownReaction,
} from '../../src/tui/store/bubble-queue.js';
import { BUBBLE_RULES, enqueueReaction } from '../../src/tui/store/bubble-rules.js';

const { failure, chat } = REACTION_PRIORITY;

const quip = (id: string, eventId: string) => reaction(id, failure, { source: 'buddy', fallback: true, eventId });
const withdrawal = (id: string) => reaction(id, chat, { ttlMs: 0, text: 'nothing to add', source: 'delegate' });
const push = (...steps: ShownReaction[]) =>
  steps.reduce((queue, r, i) => enqueueReaction(queue, r, T0 + i), emptyBubbleQueue());
const entry = (queue: BubbleQueue, id: string) => queue.history.find((e) => e.id === id);
const ids = (queue: BubbleQueue) => queue.waiting.map((bubble) => bubble.reaction.id);

/** The names of the rules that act on this reaction, in order, up to the one that decides. */
function rulesFor(queue: BubbleQueue, r: ShownReaction): string[] {
  const names: string[] = [];
  for (const rule of BUBBLE_RULES) {
    if (!rule.applies(queue, r)) continue;
    names.push(rule.name);
    if (!rule.passesOn) break;
    queue = rule.apply(queue, r, T0 + 100);
  }
  return names;
}
/** Checks that `name` is the rule that decides, then enqueues. */
function decidedBy(name: string, queue: BubbleQueue, r: ShownReaction): BubbleQueue {
  expect(rulesFor(queue, r).at(-1)).toBe(name);
  return enqueueReaction(queue, r, T0 + 100);
}

describe('bubble rules, row by row', () => {
  it('lists its rules in this order, the last one taking every reaction', () => {
    expect(BUBBLE_RULES.map((rule) => rule.name)).toEqual([
      'withdrawal of the bubble on screen',
      'withdrawal of a waiting bubble',
      'update of the bubble on screen',
      'update of a waiting bubble',
      'quip for an event the user already answered',
      "answer replaces its event's quip on screen",
      "answer drops its event's waiting quip",
      'empty screen',
      'higher priority cuts small talk short',
      'wait in the queue',
    ]);
    expect(BUBBLE_RULES.filter((rule) => rule.passesOn).map((rule) => rule.name)).toEqual([
      "answer drops its event's waiting quip",
    ]);
  });

  it('withdrawal of the bubble on screen: it leaves at once and the next waiting one shows', () => {
    const q = decidedBy(
      'withdrawal of the bubble on screen',
      push(reaction('a', chat), reaction('b', chat)),
      withdrawal('a'),
    );
    expect(q.current).toMatchObject({ reaction: { id: 'b' }, shownAt: T0 + 100 });
    expect(entry(q, 'a')).toMatchObject({ status: 'dropped', why: 'withdrawn by delegate: nothing to add' });
  });

  it('withdrawal of a waiting bubble: it leaves the queue; one for no known bubble changes nothing', () => {
    const before = push(reaction('a', chat), reaction('b', chat));
    const q = decidedBy('withdrawal of a waiting bubble', before, withdrawal('b'));
    expect(q.current?.reaction.id).toBe('a');
    expect(ids(q)).toEqual([]);
    expect(entry(q, 'b')).toMatchObject({ status: 'dropped', why: 'withdrawn by delegate: nothing to add' });
    expect(decidedBy('withdrawal of a waiting bubble', before, withdrawal('nobody'))).toBe(before);
  });

  it('update of the bubble on screen: the new text takes its place and its time starts again', () => {
    const thinking = reaction('a', chat, { kind: 'thinking', text: '…' });
    const q = decidedBy('update of the bubble on screen', push(thinking), reaction('a', chat, { text: 'done' }));
    expect(q.current).toMatchObject({ reaction: { id: 'a', text: 'done', kind: 'reaction' }, shownAt: T0 + 100 });
    expect(entry(q, 'a')).toMatchObject({ status: 'shown' });
  });

  it('update of a waiting bubble: it changes in place and the queue is sorted again', () => {
    const before = push(reaction('a', chat, { kind: 'thinking' }), reaction('b', chat), reaction('c', chat));
    const q = decidedBy('update of a waiting bubble', before, reaction('c', failure));
    expect(q.current?.reaction.id).toBe('a');
    expect(ids(q)).toEqual(['c', 'b']);
    expect(entry(q, 'c')).toMatchObject({ status: 'queued' });
  });

  it('quip for an event the user already answered: dropped, saying why', () => {
    const before = push(reaction('p', failure, { eventId: 'e1' }));
    const q = decidedBy('quip for an event the user already answered', before, quip('q', 'e1'));
    expect(q.current?.reaction.id).toBe('p');
    expect(ids(q)).toEqual([]);
    expect(entry(q, 'q')).toMatchObject({ status: 'dropped', why: "the user's plugin answered this event" });
  });

  it("answer replaces its event's quip on screen: in place, at once", () => {
    const q = decidedBy(
      "answer replaces its event's quip on screen",
      push(quip('q', 'e1')),
      reaction('p', chat, { eventId: 'e1' }),
    );
    expect(q.current).toMatchObject({ reaction: { id: 'p' }, shownAt: T0 + 100 });
    expect(entry(q, 'q')).toMatchObject({ status: 'shown', why: 'replaced by plug' });
  });

  it("answer drops its event's waiting quip: then the next rule still decides", () => {
    const before = push(reaction('other', failure), quip('q', 'e1'));
    const answer = reaction('p', failure, { eventId: 'e1' });
    expect(rulesFor(before, answer)).toEqual(["answer drops its event's waiting quip", 'wait in the queue']);
    const q = enqueueReaction(before, answer, T0 + 100);
    expect(ids(q)).toEqual(['p']);
    expect(q.dropped).toBe(0);
    expect(entry(q, 'q')).toMatchObject({ status: 'dropped', why: 'replaced by plug' });
  });

  it('empty screen: the reaction shows at once', () => {
    const q = decidedBy('empty screen', emptyBubbleQueue(), reaction('a', chat));
    expect(q.current).toMatchObject({
      reaction: { id: 'a' },
      queuedAt: T0 + 100,
      readyAt: T0 + 100,
      shownAt: T0 + 100,
    });
    expect(entry(q, 'a')).toMatchObject({ status: 'shown' });
  });

  it('higher priority cuts small talk short: it takes the screen, the small talk is not coming back', () => {
    const q = decidedBy('higher priority cuts small talk short', push(reaction('a', chat)), reaction('f', failure));
    expect(q.current).toMatchObject({ reaction: { id: 'f' }, shownAt: T0 + 100 });
    expect(ids(q)).toEqual([]);
    expect(q.dropped).toBe(1);
    expect(entry(q, 'a')).toMatchObject({ status: 'shown', why: 'cut short by plug' });
  });

  it('wait in the queue: behind a "thinking" bubble even with a higher priority; a full queue drops its last', () => {
    const thinking = reaction('t', chat, { kind: 'thinking' });
    expect(rulesFor(push(thinking), reaction('f', failure))).toEqual(['wait in the queue']);
    const waiting = Array.from({ length: BUBBLE_QUEUE_CAP }, (_, i) => reaction(`w${i}`, chat));
    const q = decidedBy('wait in the queue', push(thinking, ...waiting), reaction('f', failure));
    expect(ids(q)).toEqual(['f', 'w0', 'w1', 'w2', 'w3']);
    expect(q.dropped).toBe(1);
    expect(entry(q, 'w4')).toMatchObject({ status: 'dropped', why: 'queue full' });
    expect(entry(q, 'f')).toMatchObject({ status: 'queued' });
  });
});
