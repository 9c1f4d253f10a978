/**
 * A file's lines read from its end, newest first, in chunks: the cost is bounded by `maxBytes`
 * however large the file is. Used by the statusline's latest-reaction read, the delegate's
 * transcript tail and the journal's tail fold. Only node:fs: the statusline bundle loads it.
 */
import { fstatSync, readSync } from 'node:fs';

export interface LinesFromEnd {
  /** Never read more than this from the end of the file. */
  maxBytes: number;
  /** Bytes per read; a line longer than this takes several. */
  chunkBytes: number;
  /** Skip the piece after the last newline: a line still being written. */
  completeOnly?: boolean;
  /** Read no further back than this offset, which starts a line (default 0). */
  floor?: number;
  /** Read as if the file ended here (default: its size now). */
  end?: number;
  /** Looks at a line's raw bytes first: a line it turns down is never decoded. */
  select?: (bytes: Buffer) => boolean;
  /** Stop reading once `performance.now()` passes this (checked between chunks). */
  deadline?: number;
}

/** Where a visited line lies in the file: its first byte, and the byte after it (its newline or EOF). */
export interface LineSpan {
  start: number;
  end: number;
}

/** How far a scan got: every line in [reached, completeEnd) was offered (completeEnd: the end of the last whole line, when known). */
export interface ScanReach {
  reached: number;
  completeEnd?: number;
}

/**
 * Calls `visit` with each non-empty line (trimmed) of the open file, newest first, until it
 * returns false. A line cut by `maxBytes` or the deadline is not visited.
 */
export function scanLinesFromEnd(
  fd: number,
  scan: LinesFromEnd,
  visit: (line: string, span: LineSpan) => boolean,
): ScanReach {
  const floor = scan.floor ?? 0;
  let position = scan.end ?? fstatSync(fd).size;
  const stopAt = Math.max(floor, position - scan.maxBytes);
  let skipUnterminated = scan.completeOnly === true;
  let completeEnd: number | undefined = skipUnterminated ? undefined : position;
  // One buffer for every read: a fresh 1 MB one per chunk cost a tail fold of 150 MB more in GC
  // than in parsing. What must outlive a read (the line begun before it) is copied to `carry`.
  const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(scan.chunkBytes, position - stopAt)));
  let carry = Buffer.alloc(0); // the start of the line that goes on into `carry`'s successor: [position, position + carry.length)
  /** Offers one line's bytes (which start at `start`); false to stop. */
  const offer = (piece: Buffer, start: number): boolean => {
    if (skipUnterminated) {
      skipUnterminated = false;
      completeEnd = start;
      return true;
    }
    if (scan.select && !scan.select(piece)) return true;
    const line = piece.toString('utf8').trim();
    return !line || visit(line, { start, end: start + piece.length });
  };
  while (position > stopAt) {
    if (scan.deadline !== undefined && performance.now() > scan.deadline) break;
    const length = Math.min(chunk.length, position - stopAt);
    position -= length;
    let read = 0;
    while (read < length) {
      const n = readSync(fd, chunk, read, length - read, position + read);
      if (n === 0) break;
      read += n;
    }
    const data = chunk.subarray(0, read);
    // Native newline search: a byte loop in JavaScript costs ~1 ns a byte, a lot at 100 MB.
    let end = data.lastIndexOf(0x0a);
    if (end < 0) {
      carry = Buffer.concat([data, carry]);
      continue;
    }
    const straddling = carry.length ? Buffer.concat([data.subarray(end + 1), carry]) : data.subarray(end + 1);
    if (!offer(straddling, position + end + 1)) return { reached: position + end + 1, completeEnd };
    for (let i = end > 0 ? data.lastIndexOf(0x0a, end - 1) : -1; ; i = end > 0 ? data.lastIndexOf(0x0a, end - 1) : -1) {
      if (i < 0) break;
      if (!offer(data.subarray(i + 1, end), position + i + 1)) return { reached: position + i + 1, completeEnd };
      end = i;
    }
    carry = Buffer.from(data.subarray(0, end));
  }
  // The first line of the range is whole only when the scan reached the range's start.
  if (position === floor) {
    if (carry.length > 0 && !skipUnterminated) offer(carry, floor);
    return { reached: floor, completeEnd: completeEnd ?? floor };
  }
  return { reached: position + carry.length, completeEnd };
}
