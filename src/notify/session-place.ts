/**
 * Where a session's agent runs in tmux. The Node hook (src/entries/hook.ts) records the
 * `TMUX_PANE` and the server socket (the first field of `TMUX`) it sees, as `tmux_pane` and
 * `tmux_socket` on each journal line. The sh spool cannot write JSON for free, so it puts the pane
 * and the tmux server's pid (the second field of `TMUX`) into the inbox file's name, and the drain
 * stamps them as `tmux_pane` and `tmux_server_pid` (src/ingest/inbox-order.ts). This reads the
 * newest near the end of the journal; a session without them is never taken to be in view.
 * Only the line's top-level fields count: those are buddy-tui's (src/protocol/stamped-fields.ts
 * drops the names from every payload), while a tool's input nested in the line may carry keys of
 * the same names from anyone who can steer the model.
 */
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { scanLinesFromEnd } from '../state/lines-from-end.js';
import { JOURNAL_FILE, sessionDirName } from '../state/state-root.js';
import type { TmuxPlace } from './notification.js';

const TAIL_BYTES = 256 * 1024;
const PANE_MARK = '"tmux_pane":"%';
const PANE = /^%[0-9]{1,9}$/;
const MAX_SOCKET_CHARS = 4096;

/** What the hook records from its environment: only a well-formed pane id and an absolute socket path. */
export function placeFromEnv(env: NodeJS.ProcessEnv): {
  tmux_pane: string | undefined;
  tmux_socket: string | undefined;
} {
  const pane = env.TMUX_PANE && PANE.test(env.TMUX_PANE) ? env.TMUX_PANE : undefined;
  const socket = env.TMUX?.split(',')[0];
  return { tmux_pane: pane, tmux_socket: pane && socket?.startsWith('/') ? socket : undefined };
}

/** The place stamped at the top level of one journal line; undefined when it has none. */
export function placeOfLine(line: string): TmuxPlace | undefined {
  // Most lines name no pane at all: only those that mention one are parsed.
  if (!line.includes(PANE_MARK)) return undefined;
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof fields !== 'object' || fields === null) return undefined;
  const { tmux_pane: pane, tmux_socket: socket, tmux_server_pid: serverPid } = fields;
  if (typeof pane !== 'string' || !PANE.test(pane)) return undefined;
  return {
    pane,
    ...(typeof socket === 'string' && socket.startsWith('/') && socket.length <= MAX_SOCKET_CHARS ? { socket } : {}),
    ...(Number.isSafeInteger(serverPid) && (serverPid as number) > 0 ? { serverPid: serverPid as number } : {}),
  };
}

export function readSessionPlace(root: string, sessionId: string): TmuxPlace | undefined {
  const name = sessionDirName(sessionId);
  if (!name) return undefined;
  let fd: number;
  try {
    // Never blocks on a FIFO, never follows a symlink.
    fd = openSync(join(root, name, JOURNAL_FILE), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  let place: TmuxPlace | undefined;
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    scanLinesFromEnd(fd, { maxBytes: TAIL_BYTES, chunkBytes: 64 * 1024, completeOnly: true }, (line) => {
      place = placeOfLine(line);
      return place === undefined;
    });
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  return place;
}
