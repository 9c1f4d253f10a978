/**
 * The `toast` channel: inside Claude Code, the buddy mod shows the notification with `$.ui.toast`.
 * The sender writes a toast request into the mod bridge (src/mod/mod-bridge.ts); the mod's next
 * look (`buddy-tui mod-state`, on its events and while it polls) claims it and shows it. A
 * notification about a session whose own Claude Code runs the mod goes to that one; any other
 * (a Codex session, a stage reached) to whichever mod looks first. A toast not claimed within
 * TOAST_TTL_MS is old news and dropped.
 */
import { randomBytes } from 'node:crypto';
import { ANY_SESSION, findLiveMod, writeBridgeToast } from '../mod/mod-bridge.js';
import { stateRootPath } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';
import type { NotifyChannel } from './notification.js';

export const TOAST_TTL_MS = 60_000;

export const toastChannel: NotifyChannel = {
  name: 'toast',
  available({ env }) {
    return findLiveMod(stateRootPath(env), ANY_SESSION, Date.now())
      ? { ok: true }
      : { ok: false, why: 'no interactive Claude Code with the buddy mod is running (the mod shows the toasts)' };
  },
  send(notification, context) {
    const root = context.root ?? stateRootPath(context.env);
    const now = Date.now();
    const own = notification.sessionId ? findLiveMod(root, notification.sessionId, now) : undefined;
    writeBridgeToast(root, {
      v: 1,
      id: `n${now.toString(36)}${randomBytes(3).toString('hex')}`,
      forSession: own && own.sessionId === notification.sessionId ? own.sessionId : ANY_SESSION,
      text: sanitizeText(`${notification.title}: ${notification.body}`, { maxLength: 200 }),
      createdAt: now,
      deadline: now + TOAST_TTL_MS,
    });
  },
};
