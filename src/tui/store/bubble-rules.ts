/**
 * What becomes of a reaction arriving at the bubble queue (./bubble-queue.ts), as an ordered list
 * of named rules instead of a chain of returns, so each decision can be read and tested alone.
 */
import type { Reaction } from '../../protocol/reaction.js';
import { BUBBLE_QUEUE_CAP, promoteNext, type Bubble, type BubbleQueue, type ShownReaction } from './bubble-queue.js';
import { markReaction, recordReaction, type HistoryEntry } from './reaction-history.js';

/** Higher priority first; among equals, the older one first. */
function byPriority(a: Bubble, b: Bubble): number {
  return b.reaction.priority - a.reaction.priority || a.queuedAt - b.queuedAt;
}

/** A built-in quip for the event this user's answer is about. */
const isQuipFor = (answer: Reaction) => (bubble: Bubble) =>
  bubble.reaction.fallback === true &&
  bubble.reaction.eventId === answer.eventId &&
  bubble.reaction.sessionId === answer.sessionId;

/** One decision about an arriving reaction. enqueueReaction tries BUBBLE_RULES in order. */
export interface BubbleRule {
  name: string;
  applies(queue: BubbleQueue, reaction: ShownReaction): boolean;
  apply(queue: BubbleQueue, reaction: ShownReaction, now: number): BubbleQueue;
  /** It only tidies the queue: the next rule that applies still decides. */
  passesOn?: true;
}

/** ttlMs 0 means "withdraw the bubble with this id" (a delegate that chose to say nothing). */
const isWithdrawal = (reaction: Reaction) => reaction.ttlMs <= 0;
/** A delegate's withdrawal carries its reason as text ('…' from older producers). */
function withdrawnWhy(reaction: ShownReaction): string {
  const said = reaction.text.trim() && reaction.text !== '…' ? `: ${reaction.text}` : '';
  return `withdrawn by ${reaction.source}${said}`;
}
const isShown = (queue: BubbleQueue, reaction: Reaction) => queue.current?.reaction.id === reaction.id;
/** The user's own plugin or delegate answering an event (not a built-in quip). */
const isAnswer = (reaction: Reaction) => !reaction.fallback && reaction.eventId !== undefined;
/** The reaction goes on screen now, in place of whatever was there. */
const showNow = (queue: BubbleQueue, reaction: ShownReaction, now: number, history: HistoryEntry[]): BubbleQueue => ({
  ...queue,
  current: { reaction, queuedAt: now, readyAt: now, shownAt: now },
  history: recordReaction(history, reaction, 'shown', now),
});

/**
 * The bubble's decisions, first that applies wins. One with the id of a bubble already on screen
 * or queued replaces it in place (a "thinking" bubble answered). The user's answer to an event
 * replaces that event's built-in quip in place on screen, or removes it from the queue. A higher
 * priority reaction takes the screen from lower-priority small talk; a full queue drops its
 * lowest-priority, oldest entry.
 */
export const BUBBLE_RULES: readonly BubbleRule[] = [
  {
    // It leaves at once, with no minimum display time, and is never shown itself.
    name: 'withdrawal of the bubble on screen',
    applies: (queue, reaction) => isWithdrawal(reaction) && isShown(queue, reaction),
    apply: (queue, reaction, now) =>
      promoteNext(
        queue.waiting.slice(),
        queue.dropped,
        markReaction(queue.history, reaction.id, 'dropped', now, withdrawnWhy(reaction)),
        now,
        now,
      ),
  },
  {
    name: 'withdrawal of a waiting bubble',
    applies: (_queue, reaction) => isWithdrawal(reaction),
    apply: (queue, reaction, now) => {
      const waiting = queue.waiting.filter((bubble) => bubble.reaction.id !== reaction.id);
      if (waiting.length === queue.waiting.length) return queue;
      return {
        ...queue,
        waiting,
        history: markReaction(queue.history, reaction.id, 'dropped', now, withdrawnWhy(reaction)),
      };
    },
  },
  {
    name: 'update of the bubble on screen',
    applies: isShown,
    apply: (queue, reaction, now) => ({
      ...queue,
      current: { ...queue.current!, reaction, shownAt: now },
      history: recordReaction(queue.history, reaction, 'shown', now),
    }),
  },
  {
    name: 'update of a waiting bubble',
    applies: (queue, reaction) => queue.waiting.some((bubble) => bubble.reaction.id === reaction.id),
    apply: (queue, reaction, now) => ({
      ...queue,
      waiting: queue.waiting
        .map((bubble) => (bubble.reaction.id === reaction.id ? { ...bubble, reaction } : bubble))
        .sort(byPriority),
      history: recordReaction(queue.history, reaction, 'queued', now),
    }),
  },
  {
    name: 'quip for an event the user already answered',
    applies: (queue, reaction) =>
      reaction.fallback === true &&
      reaction.eventId !== undefined &&
      queue.history.some(
        (entry) => !entry.fallback && entry.eventId === reaction.eventId && entry.sessionId === reaction.sessionId,
      ),
    apply: (queue, reaction, now) => ({
      ...queue,
      history: recordReaction(queue.history, reaction, 'dropped', now, "the user's plugin answered this event"),
    }),
  },
  {
    name: "answer replaces its event's quip on screen",
    applies: (queue, reaction) =>
      isAnswer(reaction) && queue.current !== undefined && isQuipFor(reaction)(queue.current),
    apply: (queue, reaction, now) =>
      showNow(
        queue,
        reaction,
        now,
        markReaction(queue.history, queue.current!.reaction.id, 'shown', now, `replaced by ${reaction.source}`),
      ),
  },
  {
    name: "answer drops its event's waiting quip",
    applies: (queue, reaction) => isAnswer(reaction) && queue.waiting.some(isQuipFor(reaction)),
    apply: (queue, reaction, now) => {
      const quip = queue.waiting.find(isQuipFor(reaction))!;
      const history = markReaction(queue.history, quip.reaction.id, 'dropped', now, `replaced by ${reaction.source}`);
      return { ...queue, waiting: queue.waiting.filter((bubble) => bubble !== quip), history };
    },
    passesOn: true,
  },
  {
    name: 'empty screen',
    applies: (queue) => !queue.current,
    apply: (queue, reaction, now) => showNow(queue, reaction, now, queue.history),
  },
  {
    // Small talk gives way to the failure; it does not come back later.
    name: 'higher priority cuts small talk short',
    applies: ({ current }, reaction) =>
      current !== undefined && reaction.priority > current.reaction.priority && current.reaction.kind !== 'thinking',
    apply: (queue, reaction, now) => ({
      ...showNow(
        queue,
        reaction,
        now,
        markReaction(queue.history, queue.current!.reaction.id, 'shown', now, `cut short by ${reaction.source}`),
      ),
      dropped: queue.dropped + 1,
    }),
  },
  {
    name: 'wait in the queue',
    applies: () => true,
    apply: (queue, reaction, now) => {
      const next = [...queue.waiting, { reaction, queuedAt: now }].sort(byPriority);
      let history = recordReaction(queue.history, reaction, 'queued', now);
      let dropped = queue.dropped;
      while (next.length > BUBBLE_QUEUE_CAP) {
        const lost = next.pop()!;
        history = markReaction(history, lost.reaction.id, 'dropped', now, 'queue full');
        dropped += 1;
      }
      return { ...queue, waiting: next, dropped, history };
    },
  },
];

/** Adds a reaction: the first of BUBBLE_RULES that applies decides what becomes of it. */
export function enqueueReaction(queue: BubbleQueue, reaction: ShownReaction, now: number): BubbleQueue {
  let result = queue;
  for (const rule of BUBBLE_RULES) {
    if (!rule.applies(result, reaction)) continue;
    result = rule.apply(result, reaction, now);
    if (!rule.passesOn) return result;
  }
  return result;
}
