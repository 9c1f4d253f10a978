/**
 * One session as the pane's watcher follows it: its journal tail, its state, and the checkpoint
 * the pane keeps for it (so the next pane or statusline starts where this one is).
 */
import { join } from 'node:path';
import type { JournalEvent } from '../../protocol/hook-event.js';
import { readFoundrySession } from '../../state/foundry.js';
import { createJournalTail, type JournalTail } from '../../state/journal.js';
import {
  readCheckpoint,
  readSessionAt,
  writeCheckpoint,
  type SessionEntry,
  type SessionRead,
} from '../../state/reader.js';
import { foldEvents } from '../../state/reducer.js';
import type { SessionState } from '../../state/session-state.js';
import { JOURNAL_FILE } from '../../state/state-root.js';
import { SUBAGENT_WINDOW_MS } from '../../state/tail-fold.js';

export interface Tracked {
  entry: SessionEntry;
  tail?: JournalTail;
  state?: SessionState;
  /** The state was folded from the journal's end: its totals skip the start (tail-fold.ts). */
  partial?: boolean;
  /** Folded past the saved checkpoint; when it was saved last. */
  unsaved?: boolean;
  savedAt?: number;
  /** The first scan folded a long journal's end over the narrow first-frame window: widen it on the next read. */
  widen?: boolean;
}

/**
 * The pane's first frame folds a long journal's end over the statusline's window (live subagents
 * and the turn; about a third of the pane's 32 minutes), so 150 MB of journal does not hold the
 * first frame; the next read (right after the frame) folds the pane's whole window over it. Only
 * the activity sparkline's older minutes are missing in between.
 */
export const FIRST_FRAME_WINDOW_MS = SUBAGENT_WINDOW_MS;

/**
 * Reads what is new for one session: the new events (all of them after a reset), and `more` when
 * `maxBytes` stopped the read. `history` (the pane's first scan) goes through the reader: from the
 * checkpoint, or from the end of a long journal (a 150 MB one costs a fraction of a second),
 * saving the checkpoint. A session that appears while the pane runs is read from its checkpoint,
 * and all of its new events are returned (the caller hands them on; history it never does).
 */
export function readTrackedSession(
  item: Tracked,
  now: number,
  maxBytes: number,
  history: boolean,
): { events: JournalEvent[]; more?: boolean } {
  if (item.entry.origin === 'foundry') {
    item.state = readFoundrySession(item.entry.dir, now) ?? item.state;
    return { events: [] };
  }
  if (!item.tail) {
    // The first scan saves nothing (200 checkpoint writes would hold the first frame): its folds
    // are saved on the next read, and the narrow one is widened first (from the same checkpoint).
    const first: SessionRead | undefined = history
      ? readSessionAt(item.entry.dir, { tailWindowMs: FIRST_FRAME_WINDOW_MS, writeCheckpoint: false })
      : undefined;
    const start = history ? first : readCheckpoint(item.entry.dir);
    item.widen = first?.fromEnd === true;
    item.tail = createJournalTail(join(item.entry.dir, JOURNAL_FILE), start?.journal);
    item.state = start?.state;
    item.partial = start?.partial;
    item.unsaved = first?.advanced === true && !item.widen;
    item.savedAt = item.unsaved ? 0 : now;
  }
  const { events, reset, more } = item.tail.readNew(maxBytes);
  if (reset) item.state = item.partial = undefined;
  if (events.length || reset) {
    item.state = foldEvents(item.state, events, item.entry.id);
    item.unsaved = true;
  }
  if (item.widen && !history && !more) widen(item);
  return { events, more };
}

/** Folds the pane's whole window in place of the narrow first fold, when it ends where the tail is (no event read twice or skipped). */
function widen(item: Tracked): void {
  item.widen = false;
  const wide = readSessionAt(item.entry.dir);
  const at = item.tail?.position();
  if (!wide || !at || wide.journal.ino !== at.ino || wide.journal.offset !== at.offset) {
    // The journal moved on in between: try again on the next read.
    item.widen = wide !== undefined && at !== undefined;
    return;
  }
  item.state = wide.state;
  item.partial = wide.partial;
  item.unsaved = false;
}

/** Saves the session's checkpoint when it has changed and the last save is `everyMs` old. */
export function saveTrackedCheckpoint(item: Tracked, now: number, everyMs: number): void {
  const journal = item.tail?.position();
  if (!item.unsaved || !item.state || !journal || now - (item.savedAt ?? 0) < everyMs) return;
  writeCheckpoint(item.entry.dir, { journal, state: item.state, partial: item.partial });
  item.unsaved = false;
  item.savedAt = now;
}
