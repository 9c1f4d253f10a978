/**
 * The pane's first scan, split so that 200 sessions do not hold the first frame: the sessions
 * that changed last (the one the pane shows first is among them: the most recently active one)
 * are read before the frame, the others after it, newest first, a few per turn of the event loop
 * (input and frames go on in between), as history too.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionEntry } from '../../state/reader.js';
import { JOURNAL_FILE } from '../../state/state-root.js';

/** How many sessions the first frame reads (each small one costs about 1 ms of CPU, a long one more). */
export const FIRST_FRAME_SESSIONS = 8;

/**
 * How many older sessions one turn of the event loop reads after the first frame: each batch is
 * one store update (a React render), so not one per session, and a few ms of reading, not 200.
 */
export const HISTORY_BATCH_SESSIONS = 8;

/** When the session last changed: its journal's mtime (a Foundry session's folder's); 0 when it cannot be told. */
function changedAt(entry: SessionEntry): number {
  try {
    // statSync does not open the file, so a FIFO or a directory in the journal's place costs nothing here.
    return statSync(entry.origin === 'journal' ? join(entry.dir, JOURNAL_FILE) : entry.dir).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The sessions to read before the first frame (the newest `count`, in the order given) and the
 * rest, newest first (the ones most likely to be looked at come in first).
 */
export function splitFirstScan<T extends { entry: SessionEntry }>(
  items: T[],
  count = FIRST_FRAME_SESSIONS,
): { first: T[]; rest: T[] } {
  if (items.length <= count) return { first: items, rest: [] };
  const byAge = items
    .map((item) => ({ item, at: changedAt(item.entry) }))
    .sort((a, b) => b.at - a.at)
    .map(({ item }) => item);
  const newest = new Set(byAge.slice(0, count));
  return { first: items.filter((item) => newest.has(item)), rest: byAge.slice(count) };
}
