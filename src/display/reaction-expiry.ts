/**
 * How long a reaction stays on screen: the one rule the pane's bubble and the statusline's
 * reaction text both follow, so neither shows what the other has already let go. Pure and
 * zod-free (the statusline bundle imports it).
 */
import type { Reaction } from '../protocol/reaction.js';

/** A reaction is never shown for less than this, however short its ttl. */
export const REACTION_MIN_MS = 1_500;
/** A "thinking" reaction (a delegate in flight) waits this long for its answer before it gives up. */
export const THINKING_MAX_MS = 60_000;

/** How long a reaction is shown once it is on screen: its own ttl, within those bounds. */
export function reactionLifetimeMs(reaction: Pick<Reaction, 'kind' | 'ttlMs'>): number {
  if (reaction.kind === 'thinking') return Math.max(reaction.ttlMs, THINKING_MAX_MS);
  return Math.max(REACTION_MIN_MS, reaction.ttlMs);
}

/**
 * True while a reaction that reached the screen at `shownAt` is still shown at `now`. A ttl of
 * 0 is a withdrawal (a delegate that chose to say nothing): it is never shown.
 */
export function reactionShownAt(reaction: Pick<Reaction, 'kind' | 'ttlMs'>, shownAt: number, now: number): boolean {
  if (!(reaction.ttlMs > 0)) return false;
  return now - shownAt < reactionLifetimeMs(reaction);
}
