/**
 * The per-session journal `<root>/<session>/events.jsonl`: append-only, one JSON event per line.
 *
 * Writers (hook processes) append a whole line with ONE write() on an O_APPEND descriptor, so
 * concurrent hooks never interleave or lose a line. Readers tail it from a saved byte offset,
 * keep a partial last line for later, and notice when the file shrank or was replaced.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, writeSync } from 'node:fs';
import { kindOf } from '../files/read-small-file.js';
import type { JournalEvent } from '../protocol/hook-event.js';
import { keyedRecord } from './keyed-record.js';
import { UnsafePathError } from './state-root.js';

/** One journal line stays under this many bytes, newline included. */
export const MAX_LINE_BYTES = 64 * 1024;
const CUT_MARKER = '…[buddy-tui cut {n} chars]…';

/** Cuts a long string to head + marker + tail, keeping both ends readable. */
export function cutString(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const keep = Math.max(16, maxChars);
  const head = Math.ceil(keep * 0.7);
  const tail = keep - head;
  return `${text.slice(0, head)}${CUT_MARKER.replace('{n}', String(text.length - keep))}${text.slice(text.length - tail)}`;
}

/** Every string inside `value` cut to `maxChars`; arrays cut to `maxItems`; depth bounded. */
function limitStrings(value: unknown, maxChars: number, maxItems: number, depth = 0): unknown {
  if (typeof value === 'string') return cutString(value, maxChars);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 12) return '[buddy-tui: nested too deep]';
  if (Array.isArray(value)) {
    const items = value.slice(0, maxItems).map((item) => limitStrings(item, maxChars, maxItems, depth + 1));
    if (value.length > maxItems) items.push(`[buddy-tui: ${value.length - maxItems} more items cut]`);
    return items;
  }
  // No prototype: a `__proto__` key in tool_input is data, not lost.
  const out = keyedRecord<unknown>();
  for (const [key, item] of Object.entries(value)) out[key] = limitStrings(item, maxChars, maxItems, depth + 1);
  return out;
}

/** Fields that can be large, in the order they are given up when a line is still too long. */
const BULKY_FIELDS = [
  'tool_response',
  'tool_input',
  'last_assistant_message',
  'compact_summary',
  'prompt',
  'tool_calls',
];

/**
 * Serialises an event as one journal line (with the trailing newline) under MAX_LINE_BYTES.
 * Small fields are kept as they are; large strings are cut to a bounded head and tail.
 */
export function serializeEventLine(event: Record<string, unknown>): string {
  for (const [maxChars, maxItems] of [
    [8192, 200],
    [1024, 50],
    [160, 10],
  ] as const) {
    const line = `${JSON.stringify(limitStrings(event, maxChars, maxItems))}\n`;
    if (Buffer.byteLength(line) <= MAX_LINE_BYTES) return line;
  }
  // Still too long (thousands of keys): give up the bulky fields, then everything but the basics.
  const reduced = limitStrings(event, 160, 10) as Record<string, unknown>;
  for (const field of BULKY_FIELDS) {
    if (field in reduced) reduced[field] = '[buddy-tui: field too large, cut]';
    const line = `${JSON.stringify(reduced)}\n`;
    if (Buffer.byteLength(line) <= MAX_LINE_BYTES) return line;
  }
  const basics: Record<string, unknown> = { truncated: true };
  for (const key of [
    'ts',
    'session_id',
    'hook_event_name',
    'host',
    'inbox',
    'tool_name',
    'tool_use_id',
    'agent_id',
    'agent_type',
    'prompt_id',
    'cwd',
  ]) {
    if (key in event) basics[key] = limitStrings(event[key], 160, 1);
  }
  return `${JSON.stringify(basics)}\n`;
}

/**
 * Appends one line with a single write() on an O_APPEND descriptor (atomic against other appenders).
 * A file that does not end in a newline holds the head of a line cut short (a full disk): ours
 * then starts with a newline, so the damage stays in that line and does not swallow ours. A
 * concurrent appender seen mid-write only costs an empty line, which readers skip.
 * Only a regular file of ours is written: a FIFO, a device or another user's file planted under
 * the name is refused (checked on the open descriptor, so it cannot be swapped in between).
 */
export function appendLine(path: string, line: string): void {
  const { fd, size } = openForAppend(path);
  try {
    appendAt(fd, path, line, size > 0 && !endsWithNewlineAt(fd, size));
  } finally {
    closeSync(fd);
  }
}

/** This process's uid, asked once (a system call per append otherwise); buddy-tui never changes it. */
const OWN_UID = typeof process.getuid === 'function' ? process.getuid() : undefined;

/**
 * The journal opened for appending (created 0600 when missing) with its size: a regular file of
 * ours only, checked on the descriptor. The caller closes it. Throws UnsafePathError.
 */
export function openForAppend(path: string): { fd: number; size: number } {
  const fd = openSync(
    path,
    constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    0o600,
  );
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UnsafePathError(path, 'is not a regular file');
    if (OWN_UID !== undefined && stats.uid !== OWN_UID)
      throw new UnsafePathError(path, `is owned by uid ${stats.uid}, not ${OWN_UID}`);
    return { fd, size: stats.size };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** One line in ONE write() on an O_APPEND descriptor; `cut`: the file ends in a line cut short. Returns the bytes written. */
export function appendAt(fd: number, path: string, line: string, cut: boolean): number {
  const buffer = Buffer.from(cut ? `\n${line}` : line);
  const written = writeSync(fd, buffer);
  if (written !== buffer.length) throw new Error(`short write to ${path}: ${written} of ${buffer.length} bytes`);
  return written;
}

/**
 * Parses complete journal lines; a line that is not an event object is skipped. Each line is
 * decoded from the bytes on its own: no string of the whole chunk is built, and a line of plain
 * ASCII stays a one-byte string even when another line holds an emoji (half the memory).
 */
export function parseJournalLines(text: string | Buffer, into: JournalEvent[] = []): JournalEvent[] {
  const buffer = typeof text === 'string' ? Buffer.from(text) : text;
  let start = 0;
  while (start < buffer.length) {
    let end = buffer.indexOf(0x0a, start);
    if (end < 0) end = buffer.length;
    if (end > start) {
      try {
        const event = JSON.parse(buffer.toString('utf8', start, end)) as JournalEvent;
        if (event && typeof event === 'object' && typeof event.hook_event_name === 'string') into.push(event);
      } catch {
        // A damaged line (a disk that filled up mid-write) costs that line only.
      }
    }
    start = end + 1;
  }
  return into;
}

export interface JournalPosition {
  /** The journal's inode when the position was taken: a new inode means the file was replaced. */
  ino: number;
  /** Bytes of complete lines consumed. */
  offset: number;
}

export interface JournalChunk {
  events: JournalEvent[];
  position: JournalPosition;
  /** True when the journal shrank or was replaced: the caller must start its fold over. */
  reset: boolean;
  /** True when `maxBytes` stopped the read before the end: read again for the rest. */
  more?: boolean;
}

const READ_BLOCK = 1 << 20;

/**
 * Opens a journal to read, never through a symlink and never waiting (a FIFO's open would block
 * until a writer came); undefined unless it is a regular file (absent, a link, a folder, a FIFO):
 * such a session has no journal to read, and its neighbours are read as usual.
 */
export function openForRead(path: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (fstatSync(fd).isFile()) return fd;
  } catch {
    // Fall through: closed below.
  }
  closeSync(fd);
  return undefined;
}

/**
 * Undefined when the journal is absent; throws, naming it, when something that is not a regular
 * file is in its place (a folder, a FIFO, a link): the caller reports that one session and reads
 * the others (the statusline prints its last good output).
 */
function refuseUnreadable(path: string): undefined {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return undefined;
  }
  if (stats.isFile()) return undefined; // removed and made again between the two calls: the next read has it
  throw new Error(`${path} is ${kindOf(stats)}`);
}

/**
 * Reads the complete lines after `from` (or from the start). Returns undefined when the journal
 * does not exist. A partial last line is not consumed: the next read sees it whole.
 */
export function readJournalFrom(path: string, from?: JournalPosition, maxBytes = Infinity): JournalChunk | undefined {
  const fd = openForRead(path);
  if (fd === undefined) return refuseUnreadable(path);
  try {
    const stats = fstatSync(fd);
    let offset = from?.offset ?? 0;
    let reset = false;
    if (from && (from.ino !== stats.ino || stats.size < from.offset || !endsWithNewlineAt(fd, from.offset))) {
      offset = 0;
      reset = true;
    }
    const events: JournalEvent[] = [];
    let carry: Buffer | undefined;
    let position = offset;
    const start = offset;
    const block = Buffer.allocUnsafe(Math.min(READ_BLOCK, Math.max(maxBytes, 4096), Math.max(1, stats.size - offset)));
    // A soft limit (a long backlog in slices): it stops only after whole lines were consumed.
    while (position < stats.size && offset - start < maxBytes) {
      // Within a slice, read no further than its end (and at least a small block, to finish a line).
      const want = Math.min(block.length, stats.size - position, Math.max(maxBytes - (position - start), 4096));
      const read = readSync(fd, block, 0, want, position);
      if (read <= 0) break;
      position += read;
      const data = carry ? Buffer.concat([carry, block.subarray(0, read)]) : block.subarray(0, read);
      const lastNewline = data.lastIndexOf(0x0a);
      if (lastNewline < 0) {
        carry = Buffer.from(data);
        continue;
      }
      parseJournalLines(data.subarray(0, lastNewline + 1), events);
      offset += lastNewline + 1;
      carry = lastNewline + 1 < data.length ? Buffer.from(data.subarray(lastNewline + 1)) : undefined;
    }
    return { events, position: { ino: stats.ino, offset }, reset, more: position < stats.size };
  } finally {
    closeSync(fd);
  }
}

/** The byte before `offset` is a newline (or offset is 0): the file still has the lines we consumed. */
export function endsWithNewlineAt(fd: number, offset: number): boolean {
  if (offset === 0) return true;
  const byte = Buffer.alloc(1);
  return readSync(fd, byte, 0, 1, offset - 1) === 1 && byte[0] === 0x0a;
}

/** A tail that remembers its position between reads, for long-running readers like the TUI. */
export interface JournalTail {
  readonly path: string;
  position(): JournalPosition | undefined;
  /** New complete events since the last call; `reset` means start the fold over with these. */
  readNew(maxBytes?: number): { events: JournalEvent[]; reset: boolean; more?: boolean };
}

export function createJournalTail(path: string, start?: JournalPosition): JournalTail {
  let position = start;
  return {
    path,
    position: () => position,
    readNew(maxBytes) {
      const chunk = readJournalFrom(path, position, maxBytes);
      if (!chunk) {
        const reset = position !== undefined;
        position = undefined;
        return { events: [], reset };
      }
      position = chunk.position;
      return { events: chunk.events, reset: chunk.reset, more: chunk.more };
    },
  };
}
