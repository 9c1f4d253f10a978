/**
 * Opt-in (config `notify.waiting`, default off): tells the terminal once each time a session
 * starts waiting for the user's answer, with a bell or a desktop notification (OSC 9: iTerm2,
 * WezTerm, Windows Terminal, kitty, ghostty; OSC 777: rxvt-unicode, foot, VTE). The pane writes
 * it to its own terminal; inside tmux an OSC goes through tmux's passthrough (it needs
 * `set -g allow-passthrough on`), a bell through tmux's own bell handling.
 */
import { awaitsAnswer } from '../state/selectors.js';
import type { SessionState } from '../state/session-state.js';
import { waitingWhat } from '../state/waiting-text.js';
import { sanitizeText } from '../text/sanitize.js';

export const NOTIFY_MODES = ['off', 'bell', 'osc9', 'osc777'] as const;
export type NotifyMode = (typeof NOTIFY_MODES)[number];

/** A wait first seen this long after it began (the pane started late) is old news: no notification. */
export const STALE_WAIT_MS = 5 * 60_000;

const BEL = '\u0007';
const ESC = '\u001b';

/** One field of an OSC: no control characters (sanitizeText), and no `;` (OSC 777's separator). */
const field = (text: string, max: number) => sanitizeText(text, { maxLength: max }).replace(/;/g, ',');

/** The bytes for one notification; empty for `off`. Inside tmux an OSC is wrapped for passthrough. */
export function notifyBytes(mode: NotifyMode, title: string, body: string, inTmux: boolean): string {
  if (mode === 'bell') return BEL;
  if (mode === 'off') return '';
  const osc = mode === 'osc9' ? `${ESC}]9;${field(`${title}: ${body}`, 200)}${BEL}` : `${ESC}]777;notify;${field(title, 60)};${field(body, 200)}${BEL}`;
  return inTmux ? `${ESC}Ptmux;${osc.replaceAll(ESC, ESC + ESC)}${ESC}\\` : osc;
}

export interface WaitingNotifier {
  /** Looks at the sessions after an update; writes one notification per wait that started since the last look. */
  check(sessions: Record<string, SessionState>, now: number): void;
}

export function createWaitingNotifier(options: { write(bytes: string): void; mode(): NotifyMode; env: NodeJS.ProcessEnv }): WaitingNotifier {
  /** The `since` of the wait last seen per session: a new value is a new wait. */
  const seen = new Map<string, number>();
  return {
    check(sessions, now) {
      for (const id of Object.keys(sessions)) {
        const session = sessions[id];
        const waiting = awaitsAnswer(session) ? session.waiting : undefined;
        if (!waiting) {
          seen.delete(id);
          continue;
        }
        if (seen.get(id) === waiting.since) continue;
        seen.set(id, waiting.since);
        const mode = options.mode();
        if (mode === 'off' || now - waiting.since > STALE_WAIT_MS) continue;
        const title = `Claude needs you${session.projectName ? ` (${session.projectName})` : ''}`;
        options.write(notifyBytes(mode, title, waitingWhat(waiting), Boolean(options.env.TMUX)));
      }
    },
  };
}
