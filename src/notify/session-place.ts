/**
 * Where a session's agent runs in tmux. The Node hook (src/entries/hook.ts) records the
 * `TMUX_PANE` and the server socket (the first field of `TMUX`) it sees, as `tmux_pane` and
 * `tmux_socket` on each journal line. The sh spool cannot write JSON for free, so it puts the pane
 * and the tmux server's pid (the second field of `TMUX`) into the inbox file's name, and the drain
 * stamps them as `tmux_pane` and `tmux_server_pid` (src/ingest/inbox-order.ts). This reads the
 * newest near the end of the journal; a session without them is never taken to be in view.
 */
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { scanLinesFromEnd } from '../state/lines-from-end.js';
import { JOURNAL_FILE, sessionDirName } from '../state/state-root.js';
import type { TmuxPlace } from './notification.js';

const TAIL_BYTES = 256 * 1024;
const PANE = /"tmux_pane":"(%[0-9]{1,9})"/;
const SOCKET = /"tmux_socket":"((?:[^"\\]|\\.){1,4096})"/;
const SERVER_PID = /"tmux_server_pid":([0-9]{1,9})[,}]/;

/**
 * What the hook records from its environment: only a well-formed pane id and an absolute socket
 * path. Both keys are always there (undefined drops out of the JSON), so a payload's own
 * `tmux_pane` never passes for the hook's.
 */
export function placeFromEnv(env: NodeJS.ProcessEnv): {
  tmux_pane: string | undefined;
  tmux_socket: string | undefined;
} {
  const pane = env.TMUX_PANE && /^%[0-9]{1,9}$/.test(env.TMUX_PANE) ? env.TMUX_PANE : undefined;
  const socket = env.TMUX?.split(',')[0];
  return { tmux_pane: pane, tmux_socket: pane && socket?.startsWith('/') ? socket : undefined };
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
      const pane = PANE.exec(line)?.[1];
      if (!pane) return true;
      const socket = SOCKET.exec(line)?.[1];
      const serverPid = SERVER_PID.exec(line)?.[1];
      place = {
        pane,
        ...(socket ? { socket: JSON.parse(`"${socket}"`) as string } : {}),
        ...(serverPid ? { serverPid: Number(serverPid) } : {}),
      };
      return false;
    });
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  return place;
}
