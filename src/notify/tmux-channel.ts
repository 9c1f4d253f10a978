/**
 * The tmux channel, and the question the notifier asks tmux: is the session's pane the one the
 * user looks at? The session's pane and server come from its hook (TMUX_PANE and TMUX, recorded
 * on its journal lines: session-place.ts). display-message shows the notification in the status
 * line of the attached client; a BEL written to the session's pane sets its window's bell flag,
 * so the window list shows which window wants the user.
 */
import { execFile } from 'node:child_process';
import { openSync, writeSync, closeSync, constants } from 'node:fs';
import { sanitizeText } from '../text/sanitize.js';
import type { NotifyChannel, TmuxPlace } from './notification.js';
import { findOnPath } from './process-channels.js';
import { checkTmuxSocket } from './tmux-socket.js';

const TMUX_TIMEOUT_MS = 2_000;

/**
 * Runs `tmux [-S socket] args`; resolves with stdout, or undefined when tmux fails or is missing.
 * A socket that is not the user's own (tmux-socket.ts) gets no client at all: the notifier
 * refuses such a place and says why first; this is the last check, right before the start.
 */
export function runTmux(
  args: string[],
  place: Pick<TmuxPlace, 'socket'> | undefined,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  if (place?.socket && !checkTmuxSocket(place.socket).ok) return Promise.resolve(undefined);
  const socketArgs = place?.socket ? ['-S', place.socket] : [];
  return new Promise((resolve) => {
    execFile('tmux', [...socketArgs, ...args], { env, timeout: TMUX_TIMEOUT_MS, encoding: 'utf8' }, (error, stdout) =>
      resolve(error ? undefined : stdout),
    );
  });
}

/**
 * True when the pane is the active pane of the active window of a session some client is
 * attached to: the user is looking at it. Asked as
 * `tmux display -p -t <pane> '#{pane_active} #{window_active} #{session_attached} #{pid}'`.
 */
export async function paneInView(place: TmuxPlace, env: NodeJS.ProcessEnv): Promise<boolean> {
  const answer = await runTmux(
    ['display-message', '-p', '-t', place.pane, '#{pane_active} #{window_active} #{session_attached} #{pid}'],
    place,
    env,
  );
  const [paneActive, windowActive, attached, serverPid] = (answer ?? '').trim().split(' ');
  // A place with no socket (the sh spool's) is that pane only on the server with its pid.
  if (!place.socket && place.serverPid !== undefined && Number(serverPid) !== place.serverPid) return false;
  return paneActive === '1' && windowActive === '1' && Number(attached) > 0;
}

/** tmux reads a message as a format: `#` from outside text is doubled so it stays text. */
const tmuxMessage = (text: string) => sanitizeText(text, { maxLength: 200 }).replaceAll('#', '##');

/** A BEL on the pane's own terminal: tmux sets the bell flag of its window (monitor-bell, on by default). */
async function ringPane(place: TmuxPlace, env: NodeJS.ProcessEnv): Promise<void> {
  const tty = (await runTmux(['display-message', '-p', '-t', place.pane, '#{pane_tty}'], place, env))?.trim();
  if (!tty?.startsWith('/dev/')) return;
  let fd: number | undefined;
  try {
    fd = openSync(tty, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK);
    writeSync(fd, '\u0007');
  } catch {
    // Gone, or not ours: the message still shows.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export const tmuxChannel: NotifyChannel = {
  name: 'tmux',
  // The session's own tmux server (recorded by its hook) is reached even from a pane outside tmux.
  available: ({ env }) => (findOnPath('tmux', env) ? { ok: true } : { ok: false, why: 'tmux is not on PATH' }),
  async send(notification, context) {
    const place = context.place;
    if (!place && !context.env.TMUX) return;
    const target = place ? ['-t', place.pane] : [];
    await runTmux(
      [
        'display-message',
        ...target,
        `buddy-tui: ${tmuxMessage(notification.title)}: ${tmuxMessage(notification.body)}`,
      ],
      place,
      context.env,
    );
    if (place) await ringPane(place, context.env);
  },
};
