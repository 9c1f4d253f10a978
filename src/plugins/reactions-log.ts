/**
 * `<state-root>/<session>/reactions.jsonl`: one Reaction per line, appended by whoever holds
 * the runner lock, read (latest line only) by the statusline. Zod-free and small: the
 * statusline loads it on every refresh.
 */
import { closeSync, constants, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Reaction } from '../protocol/reaction.js';
import { ensureSessionDir, REACTIONS_FILE } from '../state/state-root.js';

/** How much of the file end `readLatestReaction` reads; a line is far smaller. */
export const REACTIONS_TAIL_BYTES = 16 * 1024;

/**
 * Appends one line with a single O_APPEND write (concurrent appenders never interleave
 * within a line). Returns the file path. Throws on an unsafe session id or directory.
 */
export function appendReaction(root: string, reaction: Reaction): string {
  const dir = ensureSessionDir(root, reaction.sessionId);
  const file = join(dir, REACTIONS_FILE);
  const line = Buffer.from(`${JSON.stringify(reaction)}\n`);
  const fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  try {
    writeSync(fd, line, 0, line.length);
  } finally {
    closeSync(fd);
  }
  return file;
}

function looksLikeReaction(value: unknown): value is Reaction {
  const r = value as Partial<Reaction> | null;
  return typeof r === 'object' && r !== null && typeof r.text === 'string' && typeof r.ts === 'number'
    && typeof r.kind === 'string' && typeof r.sessionId === 'string';
}

/** The first look at the tail: a reaction line is a few hundred bytes. */
const FIRST_TAIL_BYTES = 1024;

/**
 * The last complete, well-formed line of `<sessionDir>/reactions.jsonl` that the buddy said
 * (notices of logged plugin problems are skipped), reading only the file's tail: 1 KB first,
 * wider (up to REACTIONS_TAIL_BYTES) only when that holds no such line. A 50 MB log costs
 * what a one-line log does.
 */
export function readLatestReaction(sessionDir: string): Reaction | undefined {
  let fd: number;
  try {
    fd = openSync(join(sessionDir, REACTIONS_FILE), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const widest = Math.min(size, REACTIONS_TAIL_BYTES);
    for (let length = Math.min(size, FIRST_TAIL_BYTES); length > 0; length = Math.min(widest, length * 4)) {
      const found = latestInTail(fd, size, length);
      if (found || length === widest) return found;
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The latest reaction among the complete lines of the file's last `length` bytes. */
function latestInTail(fd: number, size: number, length: number): Reaction | undefined {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buffer, read, length - read, size - length + read);
    if (n === 0) break;
    read += n;
  }
  const lines = buffer.subarray(0, read).toString('utf8').split('\n');
  // The last piece is unterminated (being written) or empty; the first may be cut.
  for (let i = lines.length - 2; i >= (length < size ? 1 : 0); i -= 1) {
    try {
      const value: unknown = JSON.parse(lines[i]!);
      if (looksLikeReaction(value) && value.kind !== 'notice') return value;
    } catch {
      // A damaged line: look further back.
    }
  }
  return undefined;
}
