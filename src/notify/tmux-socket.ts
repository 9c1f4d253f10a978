/**
 * Whether a tmux client may be started against a recorded server socket (`tmux -S <path>`). A
 * tmux client obeys whatever answers on the socket (a fake server can make it run any program as
 * the user), so the socket must be the user's own: a socket owned by the user, in a directory
 * owned by the user that others cannot enter (tmux's own rule for its default socket directory)
 * and the group cannot write (so no one else can put another socket under the name), reached
 * through no symbolic link at either step.
 */
import { lstatSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** `gone`: the socket or its directory is simply not there (the server ended): nothing to warn about. */
export type SocketVerdict = { ok: true } | { ok: false; why: string; gone?: true };

/** Bits of a directory's mode that let someone else use or change what is in it. */
const FOREIGN_DIR_BITS = 0o027;

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

const modeText = (stats: Stats) => (stats.mode & 0o7777).toString(8).padStart(4, '0');

export function checkTmuxSocket(socket: string): SocketVerdict {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid === undefined) return { ok: false, why: 'its owner cannot be checked here' };
  if (!socket.startsWith('/') || resolve(socket) !== socket)
    return { ok: false, why: 'it is not a plain absolute path' };
  const dir = dirname(socket);
  const dirStats = lstatOrUndefined(dir);
  if (!dirStats) return { ok: false, why: `its directory ${dir} is missing`, gone: true };
  if (!dirStats.isDirectory()) return { ok: false, why: `its directory ${dir} is not a directory (a symbolic link?)` };
  if (dirStats.uid !== uid)
    return { ok: false, why: `its directory ${dir} belongs to uid ${dirStats.uid}, not you (${uid})` };
  if (dirStats.mode & FOREIGN_DIR_BITS)
    return {
      ok: false,
      why: `its directory ${dir} is mode ${modeText(dirStats)}: open to others (tmux makes it 0700)`,
    };
  const stats = lstatOrUndefined(socket);
  if (!stats) return { ok: false, why: 'it is missing', gone: true };
  if (!stats.isSocket()) return { ok: false, why: 'it is not a socket' };
  if (stats.uid !== uid) return { ok: false, why: `it belongs to uid ${stats.uid}, not you (${uid})` };
  return { ok: true };
}
