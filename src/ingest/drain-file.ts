/**
 * One spooled file judged and drained. "Still being written" is told from "broken" by the
 * writer, never by the clock: a file that is not whole JSON while the shell that claimed it
 * still runs waits (spool-writer.ts); once that shell is gone the file is final, and what is not
 * a whole event then is set aside (damaged.ts). A file found cut short is read again after its
 * writer was seen gone, so a writer that finished between the read and the look cannot make a
 * whole file look cut short.
 */
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter } from '../report/reporter.js';
import { UnsafePathError, sessionDirName } from '../state/state-root.js';
import { moveToDamaged } from './damaged.js';
import { readInboxFile, type InboxRead } from './inbox-file.js';
import type { InboxFile } from './inbox-order.js';
import { journalSpooledEvent, type DrainJournals, type KeyMemory } from './journal-event.js';
import { normalizeFedEvent } from './user-host-maps.js';
import { MAX_PAYLOAD_BYTES, isHookPayload } from './payload-edges.js';
import { isSpoolWriterAlive } from './spool-writer.js';

export type Outcome = 'drained' | 'drained-start' | 'wait' | 'hold-all' | 'damaged' | 'gone' | 'stop';

/** The key in DrainMemory.held for "a file of a session not known yet waits". */
export const UNKNOWN_SESSION = '';

export interface DrainMemory {
  /** Sessions with a file still being written: their later files wait. UNKNOWN_SESSION: all wait. */
  held: Set<string>;
  keys: KeyMemory;
  /** The journals this drain has open (one open per session per drain). */
  journals?: DrainJournals;
}

/** An empty file whose writer is gone held no event (a hook interrupted before its first byte). */
function dropEmpty(path: string, file: InboxFile, report: Reporter): Outcome {
  try {
    unlinkSync(path);
  } catch {
    return 'gone'; // taken by another drainer
  }
  report({
    level: 'warning',
    where: 'inbox',
    message: `${path}: its writer (pid ${file.pid}) ended before writing a byte (an interrupted hook): removed`,
  });
  return 'gone';
}

type Judged = Outcome | { payload: Record<string, unknown> & { session_id: string; hook_event_name: string } };

/** Whole: parsed, and (for one over the cap, whole by its last byte alone) its writer gone. */
function isWhole(read: InboxRead, writing: () => boolean): boolean {
  return read.kind === 'whole' && (read.size <= MAX_PAYLOAD_BYTES || !writing());
}

function judged(inbox: string, file: InboxFile, memory: DrainMemory, report: Reporter): Judged {
  const path = join(inbox, file.name);
  let read = readInboxFile(path);
  let writing: boolean | undefined;
  const writerAlive = () => (writing ??= isSpoolWriterAlive(file.pid));
  if (!isWhole(read, writerAlive) && read.kind === 'partial' && !writerAlive()) {
    // The writer was gone before this second look, so what it reads is final.
    read = readInboxFile(path);
  }
  if (read.kind === 'gone') return 'gone';
  if (read.kind === 'foreign') return (moveToDamaged(inbox, file, read.why, report), 'damaged');
  if (!isWhole(read, writerAlive)) {
    const sessionId =
      read.kind === 'partial' ? read.sessionId : isHookPayload(read.payload) ? read.payload.session_id : undefined;
    if (writerAlive()) {
      memory.held.add(sessionId ?? UNKNOWN_SESSION);
      return sessionId === undefined ? 'hold-all' : 'wait';
    }
    if (read.size === 0) return dropEmpty(path, file, report);
    return (
      moveToDamaged(
        inbox,
        { ...file, size: read.size },
        `is not a whole JSON event and its writer (pid ${file.pid}) has ended`,
        report,
      ),
      'damaged'
    );
  }
  // The host's translator says which session and event it is (a host may name them its own way).
  const payload = read.kind === 'whole' ? normalizeFedEvent(file.host, read.payload) : undefined;
  if (isHookPayload(payload) && memory.held.has(payload.session_id)) return 'wait';
  if (!isHookPayload(payload))
    return (moveToDamaged(inbox, file, 'is JSON without session_id/hook_event_name', report), 'damaged');
  if (!sessionDirName(payload.session_id)) {
    return (
      moveToDamaged(
        inbox,
        file,
        `names an unsafe session_id ${JSON.stringify(payload.session_id.slice(0, 80))}`,
        report,
      ),
      'damaged'
    );
  }
  return { payload };
}

export function drainFile(
  root: string,
  inbox: string,
  file: InboxFile,
  memory: DrainMemory,
  report: Reporter,
): Outcome {
  const path = join(inbox, file.name);
  try {
    const outcome = judged(inbox, file, memory, report);
    if (typeof outcome === 'string') return outcome;
    const { payload } = outcome;
    journalSpooledEvent(
      root,
      {
        name: file.name,
        host: file.host,
        mtimeMs: file.mtimeMs,
        tmuxPane: file.tmuxPane,
        tmuxServerPid: file.tmuxServerPid,
        payload,
      },
      memory.keys,
      memory.journals,
    );
    unlinkSync(path);
    return payload.hook_event_name === 'SessionStart' ? 'drained-start' : 'drained';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    if (error instanceof UnsafePathError) {
      // Its session's folder or journal is not ours to write (a symlink, a FIFO, another user's).
      try {
        moveToDamaged(inbox, file, `cannot be journaled: ${error.message}`, report);
        return 'damaged';
      } catch {
        // Reported below.
      }
    }
    // A full disk, an unwritable folder: stop here so the order holds, and try again next drain.
    report({ level: 'error', where: 'inbox', message: `draining ${path}`, error });
    return 'stop';
  }
}
