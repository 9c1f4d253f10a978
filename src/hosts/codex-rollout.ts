/**
 * How a Codex tool call ended, read from the session's rollout (`transcript_path`, JSONL).
 * Codex's PostToolUse payload has the output but no exit code; the rollout has it twice:
 * - `event_msg` `item_completed` with `item.id` = the call id: `exit_code`, `status`, `duration`.
 *   Codex 0.169.0 writes it BEFORE it runs the PostToolUse hooks, and it is the only record of a
 *   call nested in "code mode" (`exec-<uuid>` ids);
 * - `response_item` `function_call_output` with `call_id`: "Process exited with code N". Codex
 *   writes it only AFTER the PostToolUse hooks returned (it waits for them), so the hook never
 *   sees it; a later reader (the inbox drain) may.
 * Read from the end, bounded by time, through one descriptor that is not a symlink; only the file
 * the payload names is opened. Zod-free: this runs in the hook.
 */
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { scanLinesFromEnd } from '../state/lines-from-end.js';

export interface CallOutcome {
  exitCode?: number;
  durationMs?: number;
  /** Codex's own word on the item: "completed", "failed", "declined"... */
  status?: string;
  /** Which record said it: the `item_completed` event or the `function_call_output` (the model's view). */
  source: 'item' | 'output';
}

/** How long one look for a call may read, at most: a call not found in it is left as the payload says. */
export const ROLLOUT_SCAN_MS = 500;
const CHUNK_BYTES = 64 * 1024;
const EXITED = /Process exited with code (-?\d+)/;

/** The descriptor of a regular file of ours at exactly `path`, or undefined. */
function openRollout(path: string): number | undefined {
  if (!isAbsolute(path) || !path.endsWith('.jsonl')) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    const ours = typeof process.getuid !== 'function' || stats.uid === process.getuid();
    if (stats.isFile() && ours) return fd;
  } catch {
    // Missing, a symlink, unreadable: nothing to recover.
  }
  if (fd !== undefined) closeSync(fd);
  return undefined;
}

function durationMs(duration: unknown): number | undefined {
  if (!duration || typeof duration !== 'object') return undefined;
  const { secs, nanos } = duration as { secs?: unknown; nanos?: unknown };
  if (typeof secs !== 'number' || typeof nanos !== 'number') return undefined;
  return Math.round(secs * 1000 + nanos / 1e6);
}

/** A rollout line's word on a call (its id and outcome), or undefined when the line is about something else. */
export function recordOfRolloutLine(line: string): { id: string; outcome: CallOutcome } | undefined {
  // biome-ignore lint/suspicious/noExplicitAny: a host's JSON line, every field checked by hand below
  let entry: any;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  const payload = entry?.payload;
  if (!payload || typeof payload !== 'object') return undefined;
  const item = payload.item;
  if (entry.type === 'event_msg' && payload.type === 'item_completed' && typeof item?.id === 'string') {
    return {
      id: item.id,
      outcome: {
        exitCode: Number.isInteger(item.exit_code) ? item.exit_code : undefined,
        durationMs: durationMs(item.duration),
        status: typeof item.status === 'string' ? item.status : undefined,
        source: 'item',
      },
    };
  }
  if (
    entry.type === 'response_item' &&
    payload.type === 'function_call_output' &&
    typeof payload.call_id === 'string'
  ) {
    const exited = typeof payload.output === 'string' ? EXITED.exec(payload.output) : null;
    return { id: payload.call_id, outcome: { exitCode: exited ? Number(exited[1]) : undefined, source: 'output' } };
  }
  return undefined;
}

/** What one process has read of one rollout: the outcomes of every call in [low, high), by call id. */
interface RolloutIndex {
  dev: number;
  ino: number;
  low: number;
  high: number;
  items: Map<string, CallOutcome>;
  outputs: Map<string, CallOutcome>;
}

/** The pane's drain meets the same rollouts again and again: each byte is read once per process. */
const indexes = new Map<string, RolloutIndex>();
const MAX_INDEXED_FILES = 8;
const MAX_INDEXED_CALLS = 100_000;
const RECORD_MARKERS = [Buffer.from('"item_completed"'), Buffer.from('"function_call_output"')];

function indexFor(path: string, fd: number): { index: RolloutIndex; size: number } {
  const stats = fstatSync(fd);
  let index = indexes.get(path);
  const same = index && index.dev === stats.dev && index.ino === stats.ino && stats.size >= index.high;
  if (!same || index!.items.size + index!.outputs.size > MAX_INDEXED_CALLS) index = undefined;
  indexes.delete(path);
  if (indexes.size >= MAX_INDEXED_FILES) indexes.delete(indexes.keys().next().value!);
  index ??= { dev: stats.dev, ino: stats.ino, low: 0, high: 0, items: new Map(), outputs: new Map() };
  indexes.set(path, index);
  return { index, size: stats.size };
}

/** Reads [floor, end) newest first into the index, until the deadline or `callId`'s item record. */
function indexRange(
  fd: number,
  index: RolloutIndex,
  range: { floor: number; end: number; completeOnly: boolean },
  callId: string,
  deadline: number,
) {
  const select = (bytes: Buffer) => RECORD_MARKERS.some((marker) => bytes.includes(marker));
  return scanLinesFromEnd(
    fd,
    { maxBytes: Number.MAX_SAFE_INTEGER, chunkBytes: CHUNK_BYTES, select, deadline, ...range },
    (line) => {
      const said = recordOfRolloutLine(line);
      if (!said) return true;
      const into = said.outcome.source === 'item' ? index.items : index.outputs;
      if (!into.has(said.id)) into.set(said.id, said.outcome);
      return !(said.id === callId && said.outcome.source === 'item');
    },
  );
}

/**
 * The outcome of call `callId` as the rollout records it; undefined when the rollout cannot be
 * read or says nothing (yet) about the call. The call's records may lie anywhere: the pane's drain
 * reads an event long after Codex wrote it, with megabytes of rollout since. So the whole file is
 * searched, newest first, bounded by time (`budgetMs` per call) rather than bytes, and what was
 * read is kept per file (by inode) so later calls read only what is new or not yet read.
 */
export function readCallOutcome(
  transcriptPath: string,
  callId: string,
  budgetMs = ROLLOUT_SCAN_MS,
): CallOutcome | undefined {
  if (!callId) return undefined;
  const fd = openRollout(transcriptPath);
  if (fd === undefined) return undefined;
  const deadline = performance.now() + budgetMs;
  try {
    const { index, size } = indexFor(transcriptPath, fd);
    // What Codex wrote since the last look: the newest records, where the hook finds its call.
    if (size > index.high) {
      const reach = indexRange(fd, index, { floor: index.high, end: size, completeOnly: true }, callId, deadline);
      if (reach.completeEnd === undefined) indexes.delete(transcriptPath);
      else {
        // Stopped early (found, or out of time): what lies between is read again later, if asked.
        if (reach.reached > index.high) index.low = reach.reached;
        index.high = reach.completeEnd;
      }
    }
    // Older than anything read so far: only while the call is still not found.
    if (!index.items.has(callId) && index.low > 0 && indexes.get(transcriptPath) === index) {
      index.low = indexRange(fd, index, { floor: 0, end: index.low, completeOnly: false }, callId, deadline).reached;
    }
    const item = index.items.get(callId);
    const output = index.outputs.get(callId);
    if (!item) return output;
    // The output (newer) has the exit code; the item has it too, and the status and duration.
    return { ...item, exitCode: output?.exitCode ?? item.exitCode };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
