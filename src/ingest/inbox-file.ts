/**
 * One spooled file, read as the drain sees it: a whole event, an event still being written, or
 * something that will never be one. Read through O_NOFOLLOW and checked on the open descriptor
 * (a regular file of ours), so nothing planted under the name is followed or trusted.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { MARKER_EDGE_BYTES, MAX_PAYLOAD_BYTES, markerFromEdges, stringField } from './payload-edges.js';

export type InboxRead =
  /** A parsed JSON value (or the marker of an oversize payload). */
  | { kind: 'whole'; payload: unknown; size: number }
  /** Not (yet) whole JSON: still being written, or cut short. `sessionId` when its text names one. */
  | { kind: 'partial'; sessionId?: string; size: number }
  /** Not a regular file of ours: it never will be an event. */
  | { kind: 'foreign'; why: string }
  /** Gone before it could be opened (another drainer took it). */
  | { kind: 'gone' };

/** This process's uid, asked once (a system call per spooled file otherwise); buddy-tui never changes it. */
const OWN_UID = typeof process.getuid === 'function' ? process.getuid() : undefined;

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const read = readSync(fd, buffer, got, length - got, position + got);
    if (read <= 0) break;
    got += read;
  }
  return buffer.subarray(0, got);
}

/** An oversize payload counts as whole once its last non-blank byte closes the object. */
function closesObject(tail: Buffer): boolean {
  const text = tail.toString('latin1').trimEnd();
  return text.endsWith('}');
}

export function readInboxFile(path: string): InboxRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'gone' };
    if (code === 'ELOOP') return { kind: 'foreign', why: 'is a symbolic link' };
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { kind: 'foreign', why: 'is not a regular file' };
    if (OWN_UID !== undefined && stats.uid !== OWN_UID)
      return { kind: 'foreign', why: `is owned by uid ${stats.uid}, not ${OWN_UID}` };
    const size = stats.size;
    if (size > MAX_PAYLOAD_BYTES) {
      const head = readAt(fd, 0, MARKER_EDGE_BYTES);
      const tail = readAt(fd, size - MARKER_EDGE_BYTES, MARKER_EDGE_BYTES);
      const marker = closesObject(tail) ? markerFromEdges(head, tail, size) : undefined;
      return marker
        ? { kind: 'whole', payload: marker, size }
        : { kind: 'partial', sessionId: stringField(head.toString('utf8'), 'session_id', false), size };
    }
    const text = readAt(fd, 0, size).toString('utf8');
    try {
      return { kind: 'whole', payload: JSON.parse(text) as unknown, size };
    } catch {
      // Codex sends no trailing newline, so "ends in a newline" cannot be the test: parsing is.
      return { kind: 'partial', sessionId: stringField(text, 'session_id', false), size };
    }
  } finally {
    closeSync(fd);
  }
}
