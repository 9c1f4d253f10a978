/**
 * A file's lines read from its end, newest first, in chunks: the cost is bounded by `maxBytes`
 * however large the file is. Used by the statusline's latest-reaction read and the delegate's
 * transcript tail. Only node:fs: the statusline bundle loads it.
 */
import { fstatSync, readSync } from 'node:fs';

export interface LinesFromEnd {
  /** Never read more than this from the end of the file. */
  maxBytes: number;
  /** Bytes per read; a line longer than this takes several. */
  chunkBytes: number;
  /** Skip the piece after the last newline: a line still being written. */
  completeOnly?: boolean;
}

/**
 * Calls `visit` with each non-empty line (trimmed) of the open file, newest first, until it
 * returns false. A line cut by `maxBytes` is not visited.
 */
export function scanLinesFromEnd(fd: number, scan: LinesFromEnd, visit: (line: string) => boolean): void {
  let position = fstatSync(fd).size;
  const stopAt = Math.max(0, position - scan.maxBytes);
  let skipUnterminated = scan.completeOnly === true;
  let carry = Buffer.alloc(0); // the partial (first) line of the chunk read last
  while (position > stopAt) {
    const length = Math.min(scan.chunkBytes, position - stopAt);
    position -= length;
    const chunk = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const n = readSync(fd, chunk, read, length - read, position + read);
      if (n === 0) break;
      read += n;
    }
    const buffer = carry.length ? Buffer.concat([chunk.subarray(0, read), carry]) : chunk.subarray(0, read);
    let end = buffer.length;
    for (let i = buffer.length - 1; i >= 0; i--) {
      if (buffer[i] !== 0x0a) continue;
      const piece = buffer.subarray(i + 1, end);
      end = i;
      if (skipUnterminated) {
        skipUnterminated = false;
        continue;
      }
      const line = piece.toString('utf8').trim();
      if (line && !visit(line)) return;
    }
    carry = buffer.subarray(0, end);
  }
  // The first line of the file is whole only when the scan reached its start.
  if (position === 0 && carry.length > 0 && !skipUnterminated) {
    const line = carry.toString('utf8').trim();
    if (line) visit(line);
  }
}
