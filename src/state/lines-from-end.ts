/**
 * A file's lines read from its end, newest first, in chunks: the cost is bounded by `maxBytes`
 * however large the file is. Used by the statusline's latest-reaction read, the delegate's
 * transcript tail and the journal's tail fold. Only node:fs: the statusline bundle loads it.
 */
import { fstatSync, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

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
export function scanLinesFromEnd(fd: number, scan: LinesFromEnd, visit: (line: string, span: LineSpan) => boolean): ScanReach {
  const floor = scan.floor ?? 0;
  let position = scan.end ?? fstatSync(fd).size;
  const stopAt = Math.max(floor, position - scan.maxBytes);
  let skipUnterminated = scan.completeOnly === true;
  let carry = Buffer.alloc(0); // the partial (first) line of the chunk read last
  let completeEnd: number | undefined = skipUnterminated ? undefined : position;
  const offer = (piece: Buffer, start: number): boolean => {
    if (scan.select && !scan.select(piece)) return true;
    const line = piece.toString('utf8').trim();
    return !line || visit(line, { start, end: start + piece.length });
  };
  while (position > stopAt) {
    if (scan.deadline !== undefined && performance.now() > scan.deadline) break;
    const length = Math.min(scan.chunkBytes, position - stopAt);
    position -= length;
    const chunk = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const n = readSync(fd, chunk, read, length - read, position + read);
      if (n === 0) break;
      read += n;
    }
    const buffer = carry.length ? Buffer.concat([chunk.subarray(0, read), carry]) : chunk.subarray(0, read);
    let end = buffer.length;
    // Native newline search: a byte loop in JavaScript costs ~1 ns a byte, a lot at 100 MB.
    for (let i = buffer.lastIndexOf(0x0a, end - 1); i >= 0; i = end > 0 ? buffer.lastIndexOf(0x0a, end - 1) : -1) {
      const piece = buffer.subarray(i + 1, end);
      end = i;
      if (skipUnterminated) {
        skipUnterminated = false;
        completeEnd = position + i + 1;
        continue;
      }
      if (!offer(piece, position + i + 1)) return { reached: position + i + 1, completeEnd };
    }
    carry = buffer.subarray(0, end);
  }
  // The first line of the range is whole only when the scan reached the range's start.
  if (position === floor) {
    if (carry.length > 0 && !skipUnterminated) offer(carry, floor);
    return { reached: floor, completeEnd: completeEnd ?? floor };
  }
  return { reached: position + carry.length, completeEnd };
}
