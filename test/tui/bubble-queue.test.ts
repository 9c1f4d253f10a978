import { describe, expect, it } from 'vitest';
import type { Reaction } from '../../src/protocol/reaction.js';
import { REACTION_PRIORITY } from '../../src/protocol/reaction.js';
import { reaction, T0 } from '../support/shown-reactions.js';
import {
  advanceBubbles,
  BUBBLE_QUEUE_CAP,
  clearBubbles,
  emptyBubbleQueue,
  noteDropped,
  type BubbleQueue,
  type ShownReaction,
} from '../../src/tui/store/bubble-queue.js';
import { enqueueReaction } from '../../src/tui/store/bubble-rules.js';
import { HISTORY_CAP, historyCounts } from '../../src/tui/store/reaction-history.js';

const { failure, info, chat } = REACTION_PRIORITY;

/** The built-in quip for an event. */
const quip = (id: string, eventId: string, priority = failure) =>
  reaction(id, priority, { source: 'buddy', fallback: true, eventId });
/** A user's plugin (or delegate) answering an event. */
const answer = (
  id: string,
  eventId: string,
  priority = failure,
  extra: Partial<Omit<Reaction, 'text'>> & { text?: string } = {},
) => reaction(id, priority, { eventId, ...extra });

const push = (queue: BubbleQueue, ...steps: Array<[ShownReaction, number]>) =>
  steps.reduce((q, [r, at]) => enqueueReaction(q, r, at), queue);
const entry = (queue: BubbleQueue, id: string) => queue.history.find((e) => e.id === id);

describe("bubble queue: the user's answer takes the built-in quip's place", () => {
  it('replaces the quip on screen in place, at once, and says so in the history', () => {
    const q = push(emptyBubbleQueue(), [quip('q', 'e1'), T0], [answer('p', 'e1'), T0 + 100]);
    expect(q.current?.reaction.id).toBe('p');
    expect(q.current?.shownAt).toBe(T0 + 100);
    expect(q.waiting).toEqual([]);
    expect(entry(q, 'q')).toMatchObject({ status: 'shown', why: 'replaced by plug', fallback: true });
    expect(entry(q, 'p')).toMatchObject({ status: 'shown', fallback: false, eventId: 'e1' });
  });

  it('removes the quip from the queue when it is still waiting', () => {
    const q = push(
      emptyBubbleQueue(),
      [reaction('other', failure), T0],
      [quip('q', 'e1'), T0 + 10],
      [answer('p', 'e1'), T0 + 20],
    );
    expect(q.current?.reaction.id).toBe('other');
    expect(q.waiting.map((b) => b.reaction.id)).toEqual(['p']);
    expect(entry(q, 'q')).toMatchObject({ status: 'dropped', why: 'replaced by plug' });
  });

  it('leaves the quip of another event, or of another session, alone', () => {
    const q = push(
      emptyBubbleQueue(),
      [quip('q', 'e1'), T0],
      [answer('p', 'e2'), T0 + 10],
      [answer('x', 'e1', failure, { sessionId: 's2' }), T0 + 20],
    );
    expect(q.current?.reaction.id).toBe('q');
    expect(q.waiting.map((b) => b.reaction.id)).toEqual(['p', 'x']);
  });

  it("a delegate's thinking bubble takes the quip's place, and its answer the thinking bubble's", () => {
    let q = push(
      emptyBubbleQueue(),
      [quip('q', 'e1'), T0],
      [answer('d', 'e1', failure, { kind: 'thinking', text: '…', ttlMs: 30_000 }), T0 + 50],
    );
    expect(q.current?.reaction).toMatchObject({ id: 'd', kind: 'thinking' });
    q = enqueueReaction(q, answer('d', 'e1', failure, { text: 'the model says hi' }), T0 + 4_000);
    expect(q.current?.reaction).toMatchObject({ id: 'd', kind: 'reaction', text: 'the model says hi' });
    expect(entry(q, 'd')).toMatchObject({ status: 'shown', text: 'the model says hi' });
  });

  it("drops a quip that comes after the user's answer to the same event", () => {
    const q = push(emptyBubbleQueue(), [answer('p', 'e1'), T0], [quip('q', 'e1'), T0 + 10]);
    expect(q.current?.reaction.id).toBe('p');
    expect(q.waiting).toEqual([]);
    expect(entry(q, 'q')).toMatchObject({ status: 'dropped', why: "the user's plugin answered this event" });
  });

  it("a quip never replaces anything of the user's, nor another quip", () => {
    const q = push(emptyBubbleQueue(), [quip('q1', 'e1'), T0], [quip('q2', 'e1'), T0 + 10]);
    expect(q.current?.reaction.id).toBe('q1');
    expect(q.waiting.map((b) => b.reaction.id)).toEqual(['q2']);
  });
});

describe('bubble queue: staleness counts from when a reaction could first have been shown', () => {
  it('shows what waited behind a 10 s bubble when that one leaves, even on a late tick', () => {
    // The bug of issue 14: the answer waited the bubble's 10 s and was dropped as stale.
    let q = push(emptyBubbleQueue(), [reaction('first', failure), T0], [reaction('second', failure), T0 + 100]);
    q = advanceBubbles(q, T0 + 10_400);
    expect(q.current?.reaction.id).toBe('second');
    expect(q.current?.shownAt).toBe(T0 + 10_400);
    expect(q.dropped).toBe(0);
  });

  it('drops one that waited longer than its ttl after the screen was free for it', () => {
    let q = push(
      emptyBubbleQueue(),
      [reaction('a', failure), T0],
      [reaction('b', failure, { ttlMs: 20_000 }), T0 + 1],
      [reaction('c', info, { ttlMs: 5_000 }), T0 + 2],
    );
    q = advanceBubbles(q, T0 + 10_000); // b is shown; c could have been from here on
    expect(q.current?.reaction.id).toBe('b');
    q = advanceBubbles(q, T0 + 30_000); // c waited b's 20 s: more than its own 5 s
    expect(q.current).toBeUndefined();
    expect(q.dropped).toBe(1);
    expect(entry(q, 'c')).toMatchObject({ status: 'dropped', why: 'stale: waited 20 s' });
  });
});

describe("bubble queue: the history keeps every reaction's fate", () => {
  it('records shown, queued, dropped (queue full, muted, a cooldown) and counts them', () => {
    let q = emptyBubbleQueue();
    for (let i = 0; i <= BUBBLE_QUEUE_CAP + 1; i += 1) q = enqueueReaction(q, reaction(`r${i}`, chat), T0 + i);
    expect(q.history.filter((e) => e.why === 'queue full')).toHaveLength(1);
    q = noteDropped(q, reaction('cool', info), 'cooldown: plug spoke less than 3000 ms ago', T0 + 50);
    q = clearBubbles(q, T0 + 60);
    const counts = historyCounts(q.history);
    expect(counts).toEqual({
      shown: 1,
      queued: 0,
      dropped: BUBBLE_QUEUE_CAP + 2,
      droppedFromUser: BUBBLE_QUEUE_CAP + 2,
    });
    expect(entry(q, 'r0')).toMatchObject({ status: 'shown', why: 'cut short: muted' });
    expect(entry(q, 'cool')).toMatchObject({ status: 'dropped', why: 'cooldown: plug spoke less than 3000 ms ago' });
  });

  it('keeps the last 50, newest last', () => {
    let q = emptyBubbleQueue();
    for (let i = 0; i < HISTORY_CAP + 7; i += 1)
      q = advanceBubbles(
        enqueueReaction(q, reaction(`r${i}`, chat, { ttlMs: 1_000 }), T0 + i * 2_000),
        T0 + i * 2_000 + 1_999,
      );
    expect(q.history).toHaveLength(HISTORY_CAP);
    expect(q.history[0]!.id).toBe('r7');
    expect(q.history.at(-1)!.id).toBe(`r${HISTORY_CAP + 6}`);
  });
});

describe('bubble queue: a withdrawn thinking bubble', () => {
  it('leaves a trace in the history with the reason the withdrawal gives', () => {
    const thinking = reaction('t', info, { kind: 'thinking', text: '…', source: 'chat', ttlMs: 30_000 });
    const withdrawal = reaction('t', info, {
      source: 'offline',
      ttlMs: 0,
      text: 'no answer (process: claude: Not logged in); no quip for this event',
    });
    const q = push(emptyBubbleQueue(), [thinking, T0], [withdrawal, T0 + 500]);
    expect(q.current).toBeUndefined();
    expect(entry(q, 't')).toMatchObject({
      status: 'dropped',
      why: 'withdrawn by offline: no answer (process: claude: Not logged in); no quip for this event',
    });
  });
});
