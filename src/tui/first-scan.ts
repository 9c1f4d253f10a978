/**
 * The pane's first scan, split in two so that 200 sessions do not hold the first frame: the
 * sessions that changed last (the one the pane shows first is among them: the most recently
 * active one) are read before the frame, the others right after it, as history too.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionEntry } from '../state/reader.js';
import { JOURNAL_FILE } from '../state/state-root.js';

/** How many sessions the first frame reads (each small one costs about 1 ms of CPU, a long one more). */
export const FIRST_FRAME_SESSIONS = 8;

/** When the session last changed: its journal's mtime (a Foundry session's folder's); 0 when it cannot be told. */
function changedAt(entry: SessionEntry): number {
  try {
    // statSync does not open the file, so a FIFO or a directory in the journal's place costs nothing here.
    return statSync(entry.origin === 'journal' ? join(entry.dir, JOURNAL_FILE) : entry.dir).mtimeMs;
  } catch {
    return 0;
  }
}

/** The sessions to read before the first frame (the newest `count`) and the rest, in the order given. */
export function splitFirstScan<T extends { entry: SessionEntry }>(
  items: T[],
  count = FIRST_FRAME_SESSIONS,
): { first: T[]; rest: T[] } {
  if (items.length <= count) return { first: items, rest: [] };
  const newest = new Set(
    items
      .map((item) => ({ item, at: changedAt(item.entry) }))
      .sort((a, b) => b.at - a.at)
      .slice(0, count)
      .map(({ item }) => item),
  );
  return { first: items.filter((item) => newest.has(item)), rest: items.filter((item) => !newest.has(item)) };
}
