/**
 * A session's state folded from the END of its journal, for a journal too long to fold whole
 * (hundreds of MB): the last turn and the recent window, plus a few older events that decide
 * what the displays show. The rest is never parsed.
 *
 * What is folded, oldest first:
 * - seeds: the journal's first event (startedAt, cwd, project, a model), and from the
 *   SEED_SCAN_BYTES before the recent part: the nearest SessionEnd or resuming SessionStart, the
 *   nearest SessionStart with a model, and the last tool failure (found by their names' bytes);
 * - the recent part: back to the Stop/StopFailure/SessionEnd before the turn that opened last
 *   (so the turn's queue, tools, running tools and length are whole), and at least a window
 *   before the last event: SUBAGENT_WINDOW_MS for the statusline (live subagents), TAIL_WINDOW_MS
 *   for the pane (the activity sparkline too).
 * What the statusline and the pane show then equals a fold of the whole journal (checked at
 * every cut point of recorded sessions in test/state/tail-fold.test.ts), with two limits: a model
 * or a last failure older than the seed scan is not known, and a SessionEnd before the recent part
 * is taken as undone by the prompt in it (Claude Code starts a resumed session with SessionStart).
 * Totals (eventCount, toolRunsTotal…) count only what was folded: the result says `partial`.
 */
import { closeSync, fstatSync, readSync } from 'node:fs';
import type { JournalEvent } from '../protocol/hook-event.js';
import { openForRead, type JournalPosition } from './journal.js';
import { scanLinesFromEnd } from './lines-from-end.js';
import { foldEvents } from './reducer.js';
import { LIMITS, type SessionState } from './session-state.js';

/** The pane's window: the 30-minute activity sparkline plus a minute each side (appends and clocks cross). */
export const TAIL_WINDOW_MS = 32 * 60_000;
/** The statusline's window: live subagents (10 minutes) plus a minute. Its checkpoint then starts
 * the pane's sparkline at that window (the older minutes fill in as time passes). */
export const SUBAGENT_WINDOW_MS = LIMITS.subagentMaxAgeMs + 60_000;
/** How far before the recent part seeds are looked for (searching all of 150 MB would cost ~0.4 s). */
export const SEED_SCAN_BYTES = 4 * 1024 * 1024;

export interface TailFoldLimits {
  windowMs: number;
  seedScanBytes: number;
}

/** A fold and where in the journal it stopped. */
export interface FoldedJournal {
  journal: JournalPosition;
  state: SessionState;
  /** Part of the journal was skipped: the totals count only what was folded. */
  partial?: boolean;
}

const CHUNK_BYTES = 1 << 20;
const FIRST_LINE_MAX_BYTES = 128 * 1024;
const CLOSES_TURN = new Set(['Stop', 'StopFailure', 'SessionEnd']);
const SESSION_MARK = Buffer.from('"Session');
const FAILURE_MARK = Buffer.from('Failure"');

function parseEvent(line: string): JournalEvent | undefined {
  try {
    const event = JSON.parse(line) as JournalEvent;
    return event && typeof event === 'object' && typeof event.hook_event_name === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

/** The byte before `offset` is a newline (or offset is 0). */
function startsLine(fd: number, offset: number): boolean {
  if (offset === 0) return true;
  const byte = Buffer.alloc(1);
  return readSync(fd, byte, 0, 1, offset - 1) === 1 && byte[0] === 0x0a;
}

/** Just what the journal's first event says about the session as a whole. */
function firstEventSeed(fd: number): JournalEvent | undefined {
  const buffer = Buffer.alloc(FIRST_LINE_MAX_BYTES);
  const read = readSync(fd, buffer, 0, buffer.length, 0);
  const newline = buffer.subarray(0, read).indexOf(0x0a);
  const first = newline > 0 ? parseEvent(buffer.toString('utf8', 0, newline)) : undefined;
  if (!first) return undefined;
  return {
    hook_event_name: 'SessionStart',
    session_id: first.session_id,
    ts: first.ts,
    cwd: first.cwd,
    model: first.model,
  };
}

/** Walks back from the end; returns the recent events (oldest first) and where they start. */
function recentPart(fd: number, floor: number, size: number, windowMs: number) {
  const events: JournalEvent[] = [];
  let end: number | undefined;
  let from = size;
  let stopped = false;
  let lastTs: number | undefined;
  let promptAfter = false;
  let turnBound = false;
  scanLinesFromEnd(
    fd,
    { maxBytes: size - floor, chunkBytes: CHUNK_BYTES, completeOnly: true, floor, end: size },
    (line, span) => {
      end ??= span.end + 1;
      const event = parseEvent(line);
      const ts = typeof event?.ts === 'number' ? event.ts : undefined;
      lastTs ??= ts;
      if (turnBound && ts !== undefined && lastTs !== undefined && ts < lastTs - windowMs) {
        stopped = true;
        return false;
      }
      from = span.start;
      if (!event) return true;
      events.push(event);
      if (event.hook_event_name === 'UserPromptSubmit') promptAfter = true;
      else if (promptAfter && CLOSES_TURN.has(event.hook_event_name)) turnBound = true;
      return true;
    },
  );
  return { events: events.reverse(), from, end: end ?? floor, stopped };
}

/** The older events that still decide what is shown, found by their names' bytes before parsing. */
function seedsBefore(fd: number, floor: number, from: number, maxBytes: number): JournalEvent[] {
  const seeds: JournalEvent[] = [];
  let wantEnded = true;
  let wantModel = true;
  let wantFailure = true;
  const select = (bytes: Buffer) => bytes.includes(SESSION_MARK) || bytes.includes(FAILURE_MARK);
  scanLinesFromEnd(fd, { maxBytes, chunkBytes: CHUNK_BYTES, floor, end: from, select }, (line) => {
    const event = parseEvent(line);
    const name = event?.hook_event_name;
    let take = false;
    if (wantFailure && (name === 'PostToolUseFailure' || name === 'StopFailure')) wantFailure = !(take = true);
    if (wantEnded && (name === 'SessionEnd' || (name === 'SessionStart' && event?.source !== undefined)))
      wantEnded = !(take = true);
    if (wantModel && name === 'SessionStart' && event?.model) wantModel = !(take = true);
    if (take) seeds.push(event as JournalEvent);
    return wantEnded || wantModel || wantFailure;
  });
  return seeds.reverse();
}

/**
 * Folds the journal at `path` from its end, on top of `base` (a checkpoint) when that still
 * matches the journal. Undefined when the journal does not exist.
 */
export function foldJournalTail(
  path: string,
  sessionId: string,
  base?: FoldedJournal,
  limits: Partial<TailFoldLimits> = {},
): FoldedJournal | undefined {
  const fd = openForRead(path);
  if (fd === undefined) return undefined;
  try {
    const stats = fstatSync(fd);
    const kept =
      base && base.journal.ino === stats.ino && base.journal.offset <= stats.size && startsLine(fd, base.journal.offset)
        ? base
        : undefined;
    const floor = kept?.journal.offset ?? 0;
    const recent = recentPart(fd, floor, stats.size, limits.windowMs ?? TAIL_WINDOW_MS);
    const seeds: JournalEvent[] = [];
    if (recent.stopped) {
      const first = kept ? undefined : firstEventSeed(fd);
      if (first) seeds.push(first);
      seeds.push(...seedsBefore(fd, floor, recent.from, limits.seedScanBytes ?? SEED_SCAN_BYTES));
    }
    return {
      journal: { ino: stats.ino, offset: recent.end },
      state: foldEvents(kept?.state, [...seeds, ...recent.events], sessionId),
      partial: recent.stopped || kept?.partial === true,
    };
  } finally {
    closeSync(fd);
  }
}
