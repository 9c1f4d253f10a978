/**
 * The hook's stdin, read with a cap: past `maxBytes` nothing more is kept but a short head and
 * tail; the rest is read and thrown away (so Claude Code's write never fails), and the event is
 * journaled as a marker built from that head and tail. A writer that holds the pipe open without
 * writing is given up on.
 */
import { MARKER_EDGE_BYTES, markerFromEdges } from '../ingest/payload-edges.js';

export { MARKER_EDGE_BYTES };

export interface HookInput {
  /** The whole payload; undefined when it was larger than `maxBytes`. */
  data?: Buffer;
  /** Bytes read in all. */
  totalBytes: number;
  /** For an oversize payload: its first and last MARKER_EDGE_BYTES. */
  head?: Buffer;
  tail?: Buffer;
  /** Stdin stayed silent past the idle limit: the input is incomplete and not used. */
  timedOut?: boolean;
}

/** The last MARKER_EDGE_BYTES of `previous` followed by `bytes`. */
function lastEdge(previous: Buffer, bytes: Buffer): Buffer {
  if (bytes.length >= MARKER_EDGE_BYTES) return Buffer.from(bytes.subarray(bytes.length - MARKER_EDGE_BYTES));
  const joined = Buffer.concat([previous, bytes]);
  return Buffer.from(joined.subarray(Math.max(0, joined.length - MARKER_EDGE_BYTES)));
}

/** The first (or last) MARKER_EDGE_BYTES of the chunks, copied. */
function edge(chunks: Buffer[], last: boolean): Buffer {
  const picked: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < chunks.length && size < MARKER_EDGE_BYTES; i += 1) {
    const chunk = chunks[last ? chunks.length - 1 - i : i];
    if (last) picked.unshift(chunk);
    else picked.push(chunk);
    size += chunk.length;
  }
  const joined = Buffer.concat(picked);
  return Buffer.from(
    last ? joined.subarray(Math.max(0, joined.length - MARKER_EDGE_BYTES)) : joined.subarray(0, MARKER_EDGE_BYTES),
  );
}

export interface ReadLimits {
  /** Past this many bytes only the edges are kept. */
  maxBytes: number;
  /** Give up when stdin brings nothing (no byte, no end) for this long. */
  idleMs: number;
}

/**
 * Reads `stream` to its end, or gives up (`timedOut`) when it stays silent for `idleMs`. A stream
 * rather than fs.read on fd 0: a read blocked in libuv's thread pool would hold up the exit.
 * The idle check runs in the check phase, after poll: a hook that was starved of CPU (hundreds
 * of hooks at once) first receives what is waiting in the pipe, and is not cut off for it.
 */
export function readHookInput(limits: ReadLimits, stream: NodeJS.ReadableStream = process.stdin): Promise<HookInput> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let totalBytes = 0;
    let head: Buffer | undefined;
    let tail: Buffer = Buffer.alloc(0);
    let progressed = false;
    let finished = false;
    const finish = (result: HookInput) => {
      if (finished) return;
      finished = true;
      clearTimeout(idle);
      resolve(result);
    };
    const watch = (): NodeJS.Timeout =>
      setTimeout(() => {
        progressed = false;
        setImmediate(() => {
          if (progressed || finished) idle = watch();
          else finish({ totalBytes, timedOut: true });
        });
      }, limits.idleMs);
    let idle = watch();
    stream.on('data', (chunk: Buffer) => {
      progressed = true;
      totalBytes += chunk.length;
      if (head) {
        tail = lastEdge(tail, chunk);
        return;
      }
      chunks.push(chunk);
      if (totalBytes <= limits.maxBytes) return;
      // Over the cap: keep the edges, let go of the rest; what follows is read and dropped.
      head = edge(chunks, false);
      tail = edge(chunks, true);
      chunks.length = 0;
    });
    const done = () => finish(head ? { totalBytes, head, tail } : { data: Buffer.concat(chunks), totalBytes });
    stream.on('end', done);
    // A closed or broken stdin ends the input where it is.
    stream.on('error', done);
  });
}

/**
 * The event an oversize payload is journaled as (see src/ingest/payload-edges.ts): what names it,
 * found in its first and last 64 KiB, plus `truncated: true` and `payload_bytes`.
 */
export function oversizeMarker(input: HookInput): Record<string, unknown> | undefined {
  return markerFromEdges(input.head ?? Buffer.alloc(0), input.tail ?? Buffer.alloc(0), input.totalBytes);
}
