/**
 * A session's tmux place as the notifier may use it: its recorded socket must pass
 * checkTmuxSocket, or the place is dropped (no tmux client is started against it; the
 * notification still goes out as for a session outside tmux). A refused socket is reported to the
 * pane's log once per socket, and the last refusal is kept in `<state-root>/notify-refused.json`
 * for `buddy-tui doctor` (src/doctor/doctor-notify.ts), which says why.
 */
import { join } from 'node:path';
import { readSmallFile } from '../files/read-small-file.js';
import type { Reporter } from '../report/reporter.js';
import { atomicWriteFileSync } from '../state/atomic-write.js';
import type { TmuxPlace } from './notification.js';
import { readSessionPlace } from './session-place.js';
import { checkTmuxSocket } from './tmux-socket.js';

export const SOCKET_REFUSAL_FILE = 'notify-refused.json';

export interface SocketRefusal {
  /** ms since the epoch. */
  ts: number;
  socket: string;
  why: string;
}

/** The last refusal recorded in the state root; undefined when none (or the record is unreadable). */
export function readSocketRefusal(root: string): SocketRefusal | undefined {
  try {
    const record = JSON.parse(readSmallFile(join(root, SOCKET_REFUSAL_FILE), { maxBytes: 64 * 1024 })) as unknown;
    const { ts, socket, why } = (record ?? {}) as Partial<Record<keyof SocketRefusal, unknown>>;
    if (typeof ts !== 'number' || typeof socket !== 'string' || typeof why !== 'string') return undefined;
    return { ts, socket, why };
  } catch {
    return undefined;
  }
}

/** Reads a session's place, dropping one whose socket is not the user's own (reported once a socket). */
export function createPlaceReader(
  root: string,
  report: Reporter,
  clock: () => number = Date.now,
): (sessionId: string) => TmuxPlace | undefined {
  const refused = new Set<string>();
  const refuse = (socket: string, why: string) => {
    if (refused.has(socket)) return;
    refused.add(socket);
    const message = `tmux socket ${JSON.stringify(socket)} refused: ${why}; no tmux client was started against it`;
    report({ level: 'warning', where: 'notify tmux', message });
    try {
      atomicWriteFileSync(join(root, SOCKET_REFUSAL_FILE), JSON.stringify({ ts: clock(), socket, why }), 0o600, {
        durable: false,
      });
    } catch (error) {
      report({ level: 'warning', where: 'notify tmux', message: 'could not record the refusal for doctor', error });
    }
  };
  return (sessionId) => {
    const place = readSessionPlace(root, sessionId);
    if (!place?.socket) return place;
    const verdict = checkTmuxSocket(place.socket);
    if (verdict.ok) return place;
    if (!verdict.gone) refuse(place.socket, verdict.why);
    return undefined;
  };
}
