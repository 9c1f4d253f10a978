/**
 * What became of the last reactions: shown, still queued, or dropped and why. Nothing a user's
 * plugin says is lost without a trace; the `r` key lists this. Pure: time is an argument.
 */
import type { ReactionKind } from '../../protocol/reaction.js';
import type { SafeText } from '../../text/safe-text.js';

/** The pane keeps this many entries, the newest. */
export const HISTORY_CAP = 50;

export type HistoryStatus = 'queued' | 'shown' | 'dropped';

/** The fields of a reaction the history keeps. */
export interface HistorySubject {
  id: string;
  sessionId: string;
  text: SafeText;
  source: SafeText;
  event?: string;
  /** The event it answers, as the plugin runner numbered it. */
  eventId?: string;
  kind: ReactionKind;
  /** A built-in quip (the fallback). */
  fallback?: boolean;
  /** When it was produced. */
  ts: number;
}

export interface HistoryEntry extends HistorySubject {
  fallback: boolean;
  status: HistoryStatus;
  /** Why it was dropped, or why a shown one left early (replaced, cut short). */
  why?: string;
  /** When its status last changed. */
  at: number;
}

/**
 * Records what happened to a reaction: an entry with its id is updated (a "thinking" bubble
 * answered keeps one line), otherwise one is added and the oldest beyond HISTORY_CAP leaves.
 */
export function recordReaction(
  history: readonly HistoryEntry[],
  reaction: HistorySubject,
  status: HistoryStatus,
  now: number,
  why?: string,
): HistoryEntry[] {
  const entry: HistoryEntry = {
    id: reaction.id,
    sessionId: reaction.sessionId,
    text: reaction.text,
    source: reaction.source,
    ...(reaction.event !== undefined ? { event: reaction.event } : {}),
    ...(reaction.eventId !== undefined ? { eventId: reaction.eventId } : {}),
    kind: reaction.kind,
    fallback: reaction.fallback === true,
    ts: reaction.ts,
    status,
    at: now,
    ...(why !== undefined ? { why } : {}),
  };
  const at = history.findIndex((old) => old.id === reaction.id);
  if (at >= 0) {
    const next = history.slice();
    next[at] = entry;
    return next;
  }
  const next = [...history, entry];
  return next.length > HISTORY_CAP ? next.slice(next.length - HISTORY_CAP) : next;
}

/** Marks a recorded reaction (by id) as shown or dropped; an id not kept any more changes nothing. */
export function markReaction(
  history: readonly HistoryEntry[],
  id: string,
  status: HistoryStatus,
  now: number,
  why?: string,
): HistoryEntry[] {
  const at = history.findIndex((old) => old.id === id);
  if (at < 0) return history as HistoryEntry[];
  const next = history.slice();
  const { why: _old, ...rest } = next[at]!;
  next[at] = { ...rest, status, at: now, ...(why !== undefined ? { why } : {}) };
  return next;
}

export interface HistoryCounts {
  shown: number;
  queued: number;
  dropped: number;
  /** Of the dropped ones, those a user's plugin or delegate said (not a built-in quip). */
  droppedFromUser: number;
}

export function historyCounts(history: readonly HistoryEntry[]): HistoryCounts {
  const counts: HistoryCounts = { shown: 0, queued: 0, dropped: 0, droppedFromUser: 0 };
  for (const entry of history) {
    counts[entry.status] += 1;
    if (entry.status === 'dropped' && !entry.fallback) counts.droppedFromUser += 1;
  }
  return counts;
}
