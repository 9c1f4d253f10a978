/**
 * `<state-root>/<session>/reactions.jsonl`: one Reaction per line, appended by whoever holds
 * the runner lock (and by a viewer pane for its own f/p quips), read (latest line only) by the
 * statusline and followed by every viewer pane. Zod-free and small: the statusline loads it on
 * every refresh.
 */
import { closeSync, fstatSync } from 'node:fs';
import { join } from 'node:path';
import type { Reaction } from '../protocol/reaction.js';
import { appendLine, openForRead } from './journal.js';
import { scanLinesFromEnd } from './lines-from-end.js';
import { toReactionText } from '../text/safe-text.js';
import { ensureSessionDir, REACTIONS_FILE } from './state-root.js';

/** How much of the file end `readLatestReaction` reads; a line is far smaller. */
export const REACTIONS_TAIL_BYTES = 16 * 1024;

/**
 * Appends one line through the journal's writer: a single O_APPEND write (concurrent appenders
 * never interleave within a line), a fresh line after a torn one, and a short write (a full disk)
 * thrown rather than ignored. Returns the file path. Throws on an unsafe session id or directory.
 */
export function appendReaction(root: string, reaction: Reaction): string {
  const file = join(ensureSessionDir(root, reaction.sessionId), REACTIONS_FILE);
  appendLine(file, `${JSON.stringify(reaction)}\n`);
  return file;
}

function looksLikeReaction(value: unknown): value is Reaction {
  const r = value as Partial<Reaction> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.text === 'string' &&
    typeof r.ts === 'number' &&
    typeof r.kind === 'string' &&
    typeof r.sessionId === 'string'
  );
}

/** Bytes per read from the end: a reaction line is a few hundred bytes. */
const TAIL_CHUNK_BYTES = 1024;

/** A line as a reaction, its text made safe the one way a reaction's is; undefined when it is none. */
function parseReactionLine(line: string): Reaction | undefined {
  try {
    const value: unknown = JSON.parse(line);
    // Whatever wrote the file, its text is outside text.
    return looksLikeReaction(value) ? { ...value, text: toReactionText(value.text) } : undefined;
  } catch {
    return undefined; // A damaged line.
  }
}

/**
 * The last complete, well-formed line of `<sessionDir>/reactions.jsonl` that the buddy said
 * (notices of logged plugin problems are skipped), reading only the file's tail: 1 KB at a
 * time, at most REACTIONS_TAIL_BYTES. A 50 MB log costs what a one-line log does.
 */
export function readLatestReaction(sessionDir: string): Reaction | undefined {
  const fd = openForRead(join(sessionDir, REACTIONS_FILE));
  if (fd === undefined) return undefined;
  let latest: Reaction | undefined;
  try {
    scanLinesFromEnd(
      fd,
      { maxBytes: REACTIONS_TAIL_BYTES, chunkBytes: TAIL_CHUNK_BYTES, completeOnly: true },
      (line) => {
        const reaction = parseReactionLine(line);
        // A notice or a damaged line: look further back.
        if (reaction && reaction.kind !== 'notice') latest = reaction;
        return latest === undefined;
      },
    );
  } finally {
    closeSync(fd);
  }
  return latest;
}

/** Where a follower of reactions.jsonl stopped: the file (its inode) and the bytes of whole lines read. */
export interface ReactionsPosition {
  ino: number;
  offset: number;
}

export interface ReactionsRead {
  /** Oldest first, notices included. */
  reactions: Reaction[];
  position: ReactionsPosition;
  /** True when they follow `after`; false on a first read or a file replaced or cut since (the recent past). */
  follows: boolean;
}

/**
 * The whole lines of `<sessionDir>/reactions.jsonl` after `after`, at most the last `maxBytes`
 * of them; without `after` (or when the file was replaced or cut), the last `maxBytes`. Never
 * through a symlink or into a FIFO; undefined when there is no such regular file.
 */
export function readReactionsAfter(
  sessionDir: string,
  after: ReactionsPosition | undefined,
  maxBytes: number,
): ReactionsRead | undefined {
  const fd = openForRead(join(sessionDir, REACTIONS_FILE));
  if (fd === undefined) return undefined;
  try {
    const { ino, size } = fstatSync(fd);
    const follows = after !== undefined && after.ino === ino && after.offset <= size;
    const floor = follows ? after.offset : 0;
    const reactions: Reaction[] = [];
    if (floor === size) return { reactions, position: { ino, offset: size }, follows };
    const reach = scanLinesFromEnd(
      fd,
      { maxBytes, chunkBytes: 16 * TAIL_CHUNK_BYTES, completeOnly: true, floor, end: size },
      (line) => {
        const reaction = parseReactionLine(line);
        if (reaction) reactions.push(reaction);
        return true;
      },
    );
    return { reactions: reactions.reverse(), position: { ino, offset: reach.completeEnd ?? floor }, follows };
  } finally {
    closeSync(fd);
  }
}
