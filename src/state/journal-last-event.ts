/**
 * A session's last event, read from the end of its journal: what `doctor` shows per session.
 * The cost is a few kilobytes whatever the journal's size (a long session's reaches hundreds of
 * MB, and folding it all took doctor seconds and hundreds of MB).
 */
import { closeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openForRead, parseJournalLines } from './journal.js';
import { scanLinesFromEnd } from './lines-from-end.js';
import { JOURNAL_FILE } from './state-root.js';

export interface LastEvent {
  name: string;
  /** Its `ts` (ms since the epoch); undefined for a line without one. */
  at: number | undefined;
  /** The folder name of the newest `cwd` near the end of the journal. */
  projectName?: string;
  /** True when the last event is a SessionEnd. */
  ended: boolean;
  /** The host on that line; absent on lines from before hosts (Claude Code). */
  host?: string;
}

/** How far back to look for a parsable event and a `cwd`: a few journal lines (each at most 64 KB). */
const TAIL_BYTES = 512 * 1024;
const CHUNK_BYTES = 64 * 1024;

/** The last complete event of `<sessionDir>/events.jsonl`, or undefined when there is none near its end. */
export function readLastEvent(sessionDir: string): LastEvent | undefined {
  // Not through a link, not a FIFO or a folder: openForRead opens regular files only.
  const fd = openForRead(join(sessionDir, JOURNAL_FILE));
  if (fd === undefined) return undefined;
  let last: LastEvent | undefined;
  try {
    scanLinesFromEnd(fd, { maxBytes: TAIL_BYTES, chunkBytes: CHUNK_BYTES, completeOnly: true }, (line) => {
      const [event] = parseJournalLines(line);
      if (!event) return true; // a damaged line: look further back
      last ??= {
        name: event.hook_event_name,
        at: typeof event.ts === 'number' ? event.ts : undefined,
        ended: event.hook_event_name === 'SessionEnd',
        ...(typeof event.host === 'string' ? { host: event.host } : {}),
      };
      if (typeof event.cwd === 'string' && event.cwd) last.projectName = basename(event.cwd);
      return last.projectName === undefined;
    });
  } finally {
    closeSync(fd);
  }
  return last;
}
