/**
 * The speech-bubble queue: one bubble on screen, a short queue behind it ordered by priority,
 * so a burst of events never floods the pane. The built-in quips are the fallback: the answer of
 * the user's own plugin or delegate to the same event takes a quip's place. Every reaction's fate
 * (shown, queued, dropped and why) goes to the history. Pure: time is an argument.
 */
import { reactionLifetimeMs, REACTION_MIN_MS, THINKING_MAX_MS } from '../../display/reaction-expiry.js';
import type { Reaction } from '../../protocol/reaction.js';
import { toSafeText, type SafeText } from '../../text/safe-text.js';
import { HISTORY_CAP, markReaction, recordReaction, type HistoryEntry } from './reaction-history.js';

/** A reaction as a bubble shows it: its text is safe already (Reaction.text), who said it made safe here. */
export interface ShownReaction extends Reaction {
  source: SafeText;
}

/** The one way a reaction becomes showable: the bubble keeps a 40-character source. */
export function toShownReaction(reaction: Reaction): ShownReaction {
  return { ...reaction, source: toSafeText(reaction.source, { maxLength: 40 }) };
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
  /**
   * When it could first have been shown: the moment the bubble that held the screen when it was
   * queued left. Undefined until then. Staleness counts from here.
   */
  readyAt?: number;
}

export interface BubbleQueue {
  current?: Bubble;
  waiting: Bubble[];
  /** Reactions dropped because the queue was full or they went stale: shown in help stats. */
  dropped: number;
  /** The last reactions and what became of them (the `r` overlay). */
  history: HistoryEntry[];
}

export const emptyBubbleQueue = (): BubbleQueue => ({ waiting: [], dropped: 0, history: [] });

/** The statusline lets a reaction go by the same rule (src/display/reaction-expiry.ts). */
const shownFor = (reaction: Reaction): number => reactionLifetimeMs(reaction);

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
  // The screen was free from the moment the bubble's time was up, not from this tick.
  const freedAt = (queue.current.shownAt ?? now) + shownFor(queue.current.reaction);
  return promoteNext(queue.waiting.slice(), queue.dropped, queue.history, Math.min(freedAt, now), now);
}

/**
 * The bubble on screen, once shown for `readMs`, makes way for the next one waiting: the demo's
 * pace (src/demo/demo-pace.ts), which holds its replay until each reaction is on screen. A
 * "thinking" bubble waits for its answer. Returns the same object when nothing changed.
 */
export function yieldToWaiting(queue: BubbleQueue, now: number, readMs: number): BubbleQueue {
  const { current } = queue;
  if (!current || queue.waiting.length === 0 || current.reaction.kind === 'thinking') return queue;
  if (now - (current.shownAt ?? now) < readMs) return queue;
  const history = markReaction(queue.history, current.reaction.id, 'shown', now);
  return promoteNext(queue.waiting.slice(), queue.dropped, history, now, now);
}

/**
 * The next waiting bubble that is still fresh goes on screen (`waiting` is consumed). The screen
 * became free at `freedAt`: every bubble that waited behind the one that left could be shown from
 * then, and one that waited longer than its own ttl after that is stale.
 */
export function promoteNext(
  waiting: Bubble[],
  dropped: number,
  history: HistoryEntry[],
  freedAt: number,
  now: number,
): BubbleQueue {
  const ready = waiting.map((bubble) => (bubble.readyAt === undefined ? { ...bubble, readyAt: freedAt } : bubble));
  let next: Bubble | undefined;
  while (ready.length) {
    const candidate = ready.shift()!;
    const waited = freedAt - (candidate.readyAt ?? freedAt);
    if (waited <= shownFor(candidate.reaction)) {
      next = { ...candidate, shownAt: now };
      history = markReaction(history, candidate.reaction.id, 'shown', now);
      break;
    }
    history = markReaction(
      history,
      candidate.reaction.id,
      'dropped',
      now,
      `stale: waited ${Math.round(waited / 1000)} s`,
    );
    dropped += 1;
  }
  return { current: next, waiting: ready, dropped, history };
}

/** Empties the queue (mute). */
export function clearBubbles(queue: BubbleQueue, now: number): BubbleQueue {
  const count = (queue.current ? 1 : 0) + queue.waiting.length;
  if (count === 0) return queue;
  let history = queue.history;
  if (queue.current) history = markReaction(history, queue.current.reaction.id, 'shown', now, 'cut short: muted');
  for (const bubble of queue.waiting) history = markReaction(history, bubble.reaction.id, 'dropped', now, 'muted');
  return { waiting: [], dropped: queue.dropped + count, history };
}

/** A reaction that never reached the queue (muted, a plugin's cooldown): kept in the history with why. */
export function noteDropped(queue: BubbleQueue, reaction: ShownReaction, why: string, now: number): BubbleQueue {
  return {
    ...queue,
    dropped: queue.dropped + 1,
    history: recordReaction(queue.history, reaction, 'dropped', now, why),
  };
}

/**
 * Reactions said before this pane saw them (a viewer opened later, reading reactions.jsonl): in
 * the history as shown when they were said, older than what it holds; none reaches the screen.
 */
export function recallShown(queue: BubbleQueue, reactions: readonly ShownReaction[]): BubbleQueue {
  const known = new Set(queue.history.map((entry) => entry.id));
  let past: HistoryEntry[] = [];
  for (const reaction of reactions)
    if (!known.has(reaction.id)) past = recordReaction(past, reaction, 'shown', reaction.ts);
  if (!past.length) return queue;
  const history = [...past, ...queue.history];
  return { ...queue, history: history.length > HISTORY_CAP ? history.slice(history.length - HISTORY_CAP) : history };
}
