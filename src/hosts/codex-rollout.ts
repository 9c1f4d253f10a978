/**
 * How a Codex tool call ended, read from the session's rollout (`transcript_path`, JSONL).
 * Codex's PostToolUse payload has the output but no exit code; the rollout has it twice:
 * - `event_msg` `item_completed` with `item.id` = the call id: `exit_code`, `status`, `duration`.
 *   Codex 0.169.0 writes it BEFORE it runs the PostToolUse hooks, and it is the only record of a
 *   call nested in "code mode" (`exec-<uuid>` ids);
 * - `response_item` `function_call_output` with `call_id`: "Process exited with code N". Codex
 *   writes it only AFTER the PostToolUse hooks returned (it waits for them), so the hook never
 *   sees it; a later reader (the inbox drain) may.
 * Read from the end, bounded, through one descriptor that is not a symlink; only the file the
 * payload names is opened. Zod-free: this runs in the hook.
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

/** How far back from the end of the rollout to look: the call's records are among its last lines. */
export const ROLLOUT_SCAN_BYTES = 4 * 1024 * 1024;
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

/** One rollout line's word on the call, or undefined when the line is about something else. */
export function outcomeFromRolloutLine(line: string, callId: string): CallOutcome | undefined {
  let entry: any;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  const payload = entry?.payload;
  if (!payload || typeof payload !== 'object') return undefined;
  if (entry.type === 'event_msg' && payload.type === 'item_completed' && payload.item?.id === callId) {
    const item = payload.item;
    return {
      exitCode: Number.isInteger(item.exit_code) ? item.exit_code : undefined,
      durationMs: durationMs(item.duration),
      status: typeof item.status === 'string' ? item.status : undefined,
      source: 'item',
    };
  }
  if (entry.type === 'response_item' && payload.type === 'function_call_output' && payload.call_id === callId) {
    const exited = typeof payload.output === 'string' ? EXITED.exec(payload.output) : null;
    return { exitCode: exited ? Number(exited[1]) : undefined, source: 'output' };
  }
  return undefined;
}

/**
 * The outcome of call `callId` as the rollout records it, newest record first; undefined when the
 * rollout cannot be read or says nothing (yet) about the call.
 */
export function readCallOutcome(transcriptPath: string, callId: string, maxBytes = ROLLOUT_SCAN_BYTES): CallOutcome | undefined {
  if (!callId) return undefined;
  const fd = openRollout(transcriptPath);
  if (fd === undefined) return undefined;
  const needle = Buffer.from(JSON.stringify(callId));
  let found: CallOutcome | undefined;
  try {
    scanLinesFromEnd(fd, { maxBytes, chunkBytes: CHUNK_BYTES, completeOnly: true, select: (bytes) => bytes.includes(needle) }, (line) => {
      const said = outcomeFromRolloutLine(line, callId);
      if (!said) return true;
      // The output (newer) has the exit code; the item (older) has it too, and the status and duration.
      found = { ...said, exitCode: found?.exitCode ?? said.exitCode };
      return said.source !== 'item';
    });
  } catch {
    found = undefined;
  } finally {
    closeSync(fd);
  }
  return found;
}
