/**
 * The speech-bubble queue: one bubble on screen, a short queue behind it ordered by priority,
 * so a burst of events never floods the pane. Pure: time is an argument.
 */
import { reactionLifetimeMs, REACTION_MIN_MS, THINKING_MAX_MS } from '../display/reaction-expiry.js';
import type { Reaction } from '../protocol/reaction.js';
import { toSafeText, type SafeText } from '../text/safe-text.js';

/** A reaction as a bubble shows it: its text and who said it made safe, once, by the reaction sink. */
export interface ShownReaction extends Reaction {
  text: SafeText;
  source: SafeText;
}

/** The one way a reaction becomes showable: the bubble keeps up to 600 characters and a 40-character source. */
export function toShownReaction(reaction: Reaction): ShownReaction {
  return {
    ...reaction,
    text: toSafeText(reaction.text, { keepNewlines: true, maxLength: 600 }),
    source: toSafeText(reaction.source, { maxLength: 40 }),
  };
}

/** How long before its end a bubble is drawn dim. */
export const BUBBLE_DIM_MS = 3_000;
/** At most this many reactions wait behind the current bubble. */
export const BUBBLE_QUEUE_CAP = 5;
/** A bubble is never shown for less than this; a "thinking" one waits this long (src/display/reaction-expiry.ts). */
export { REACTION_MIN_MS as BUBBLE_MIN_MS, THINKING_MAX_MS };

export interface Bubble {
  reaction: ShownReaction;
  /** When it reached the screen (undefined while queued). */
  shownAt?: number;
  queuedAt: number;
}

export interface BubbleQueue {
  current?: Bubble;
  waiting: Bubble[];
  /** Reactions dropped because the queue was full or they went stale: shown in help stats. */
  dropped: number;
}

export const emptyBubbleQueue = (): BubbleQueue => ({ waiting: [], dropped: 0 });

/** The statusline lets a reaction go by the same rule (src/display/reaction-expiry.ts). */
const shownFor = (reaction: Reaction): number => reactionLifetimeMs(reaction);

/** Higher priority first; among equals, the older one first. */
function byPriority(a: Bubble, b: Bubble): number {
  return b.reaction.priority - a.reaction.priority || a.queuedAt - b.queuedAt;
}

/**
 * Adds a reaction. One with the id of a bubble already on screen or queued replaces it in place
 * (a "thinking" bubble answered). A higher priority reaction takes the screen from lower-priority
 * small talk; a full queue drops its lowest-priority, oldest entry.
 */
export function enqueueReaction(queue: BubbleQueue, reaction: ShownReaction, now: number): BubbleQueue {
  const { current } = queue;
  // ttlMs 0 means "withdraw the bubble with this id" (a delegate that chose to say nothing):
  // it leaves at once, with no minimum display time, and is never shown itself.
  if (reaction.ttlMs <= 0) {
    if (current && current.reaction.id === reaction.id) return promoteNext(queue.waiting.slice(), queue.dropped, now);
    const waiting = queue.waiting.filter((bubble) => bubble.reaction.id !== reaction.id);
    return waiting.length === queue.waiting.length ? queue : { ...queue, waiting };
  }
  if (current && current.reaction.id === reaction.id) {
    return { ...queue, current: { reaction, shownAt: now, queuedAt: current.queuedAt } };
  }
  const at = queue.waiting.findIndex((bubble) => bubble.reaction.id === reaction.id);
  if (at >= 0) {
    const waiting = queue.waiting.slice();
    waiting[at] = { ...waiting[at], reaction };
    return { ...queue, waiting: waiting.sort(byPriority) };
  }
  const bubble: Bubble = { reaction, queuedAt: now };
  if (!current) return { ...queue, current: { ...bubble, shownAt: now } };
  if (reaction.priority > current.reaction.priority && current.reaction.kind !== 'thinking') {
    // Small talk gives way to the failure; it does not come back later.
    return { ...queue, current: { ...bubble, shownAt: now }, dropped: queue.dropped + 1 };
  }
  const waiting = [...queue.waiting, bubble].sort(byPriority);
  let dropped = queue.dropped;
  while (waiting.length > BUBBLE_QUEUE_CAP) {
    waiting.pop();
    dropped += 1;
  }
  return { ...queue, waiting, dropped };
}

/** True when the bubble on screen has had its time. */
export function isExpired(bubble: Bubble, now: number): boolean {
  return now - (bubble.shownAt ?? now) >= shownFor(bubble.reaction);
}

/** True during the last BUBBLE_DIM_MS of a bubble's time (never for "thinking"). */
export function isDim(bubble: Bubble, now: number): boolean {
  if (bubble.reaction.kind === 'thinking') return false;
  return now - (bubble.shownAt ?? now) >= shownFor(bubble.reaction) - BUBBLE_DIM_MS;
}

/**
 * Moves time forward: an expired bubble leaves and the next waiting one that is still fresh
 * takes its place. Returns the same object when nothing changed, so the store can skip an update.
 */
export function advanceBubbles(queue: BubbleQueue, now: number): BubbleQueue {
  if (!queue.current || !isExpired(queue.current, now)) return queue;
  return promoteNext(queue.waiting.slice(), queue.dropped, now);
}

/** The next waiting bubble that is still fresh goes on screen (`waiting` is consumed). */
function promoteNext(waiting: Bubble[], dropped: number, now: number): BubbleQueue {
  let next: Bubble | undefined;
  while (waiting.length) {
    const candidate = waiting.shift() as Bubble;
    // News that waited longer than its own ttl is stale: skip it.
    if (now - candidate.queuedAt <= shownFor(candidate.reaction)) {
      next = { ...candidate, shownAt: now };
      break;
    }
    dropped += 1;
  }
  return { current: next, waiting, dropped };
}

/** Empties the queue (mute). */
export function clearBubbles(queue: BubbleQueue): BubbleQueue {
  const count = (queue.current ? 1 : 0) + queue.waiting.length;
  return count === 0 ? queue : { waiting: [], dropped: queue.dropped + count };
}
