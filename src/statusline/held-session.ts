/**
 * A session as a resident process (the pane, the headless runner) already folded it, handed to
 * what draws it (the resident statusline lines, the mod's view files) so a drawing costs no
 * journal read and no checkpoint write (issue 50), but only while the journal is still exactly
 * where that state was folded to: its size and its inode.
 */
import { statSync } from 'node:fs';
import type { JournalPosition } from '../state/journal.js';
import type { SessionState } from '../state/session-state.js';

/** A session the host read new events of: the state it folded, and where in the journal that is. */
export interface ReadSession {
  sessionId: string;
  state: SessionState;
  journal?: JournalPosition;
}

/** The journal's size ('none' without one) and inode. */
export function journalNow(path: string): { size: string; ino?: number } {
  try {
    const stats = statSync(path);
    return stats.isFile() ? { size: String(stats.size), ino: stats.ino } : { size: 'none' };
  } catch {
    return { size: 'none' };
  }
}

/** The held state when the journal is still exactly where it was folded to; else undefined (read the journal). */
export function heldAt(
  held: ReadSession | undefined,
  journal: { size: string; ino?: number },
): ReadSession | undefined {
  const at = held?.journal;
  return held && at && at.ino === journal.ino && String(at.offset) === journal.size ? held : undefined;
}
