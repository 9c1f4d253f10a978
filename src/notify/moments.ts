/**
 * The moments worth a notification, found by comparing each session with how it was at the last
 * look: a wait for the user starts (once per wait: its `since` names the episode; and once per turn,
 * since each approval of a turn is a wait of its own, unless `waitingRepeatMs` have passed since the
 * last ping), a turn that ran longer than the threshold ends, the Nth failure in a row. The first look at a session only
 * learns it, since what happened before the pane started is history, not news; but a wait that
 * began after the tracker's first look is news even when its session is new (its first events can
 * come in one drain, so the session is first seen already waiting).
 */
import { awaitsAnswer } from '../state/selectors.js';
import type { SessionState } from '../state/session-state.js';
import { waitingWhat } from '../state/waiting-text.js';
import { sanitizeText } from '../text/sanitize.js';
import type { MomentKind, Notification } from './notification.js';

/** A wait first seen this long after it began (the pane started late) is old news: no notification. */
export const STALE_WAIT_MS = 5 * 60_000;

/** An event's time is its spool file's mtime (the file system's clock): this much before the first look still counts as after it. */
const CLOCK_SLACK_MS = 2_000;

export interface MomentSettings {
  waiting: boolean;
  /** A later wait of the same turn pings again only this long after the last ping; 0: every wait. */
  waitingRepeatMs: number;
  longTurn: boolean;
  longTurnMs: number;
  failures: boolean;
  failuresInARow: number;
}

interface Seen {
  waitSince?: number;
  turnStartedAt?: number;
  /** The last "needs you" ping: when, and the turn it was in. */
  pingedAt?: number;
  pingedTurn?: number;
  /** Tool calls that ended without failing, and failures (tool calls and turns), at the last look. */
  succeeded: number;
  failed: number;
  streak: number;
  streakTold: boolean;
}

const HOST_NAMES: Record<string, string> = { claude: 'Claude', codex: 'Codex' };

function agentName(state: SessionState): string {
  return HOST_NAMES[state.host ?? 'claude'] ?? sanitizeText(state.host, { maxLength: 20 });
}

const succeededOf = (state: SessionState) =>
  state.toolRunsTotal - Object.keys(state.toolsRunning).length - state.toolFailuresTotal;

function notification(kind: MomentKind, state: SessionState, title: string, body: string, at: number): Notification {
  const project = state.projectName ? sanitizeText(state.projectName, { maxLength: 60 }) : undefined;
  return {
    kind,
    title: sanitizeText(project ? `${title} (${project})` : title, { maxLength: 120 }),
    body: sanitizeText(body, { maxLength: 200 }),
    sessionId: sanitizeText(state.sessionId, { maxLength: 128 }),
    host: sanitizeText(state.host ?? 'claude', { maxLength: 40 }),
    ...(project ? { project } : {}),
    at,
  };
}

function formatSeconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** The user heard of this turn already, and not long enough ago to be told again. */
function pingedThisTurn(seen: Seen, turn: number | undefined, now: number, repeatMs: number): boolean {
  return (
    turn !== undefined && seen.pingedTurn === turn && seen.pingedAt !== undefined && now - seen.pingedAt < repeatMs
  );
}

export interface MomentTracker {
  /** The moments since the last look, for the sessions given (a session not given is forgotten). */
  check(sessions: Record<string, SessionState>, now: number, settings: MomentSettings): Notification[];
  /**
   * A "needs you" ping that did not go out (the user was looking at the pane, muted, quiet hours):
   * it does not count as the turn's ping, so the turn's next wait may still ring.
   */
  unsent(notification: Notification): void;
}

/**
 * `startedAt`: when the pane or runner started; a wait that began after it is news even when its
 * session is first seen much later (its spooled events drained late, as under load). Without it,
 * the first look's time.
 */
export function createMomentTracker(startedAt?: number): MomentTracker {
  const seen = new Map<string, Seen>();
  let firstLookAt = startedAt;
  return {
    check(sessions, now, settings) {
      firstLookAt ??= now;
      const newSince = firstLookAt - CLOCK_SLACK_MS;
      const found: Notification[] = [];
      for (const id of [...seen.keys()]) if (!(id in sessions)) seen.delete(id);
      for (const id of Object.keys(sessions)) {
        const state = sessions[id];
        const waiting = awaitsAnswer(state) ? state.waiting : undefined;
        const succeeded = succeededOf(state);
        const previous = seen.get(id);
        const next: Seen = {
          waitSince: waiting?.since,
          turnStartedAt: state.turnStartedAt,
          succeeded,
          failed: state.toolFailuresTotal,
          streak: 0,
          streakTold: false,
          pingedAt: previous?.pingedAt,
          pingedTurn: previous?.pingedTurn,
        };
        seen.set(id, next);
        // A session first seen already waiting: news only if the wait began after the first look.
        const waitIsNew = previous ? previous.waitSince !== waiting?.since : (waiting?.since ?? 0) >= newSince;
        if (
          waiting &&
          waitIsNew &&
          settings.waiting &&
          now - waiting.since <= STALE_WAIT_MS &&
          !pingedThisTurn(next, state.turnStartedAt, now, settings.waitingRepeatMs)
        ) {
          next.pingedAt = now;
          next.pingedTurn = state.turnStartedAt;
          found.push(notification('waiting', state, `${agentName(state)} needs you`, waitingWhat(waiting), now));
        }
        if (!previous) continue;
        const turnEnded = previous.turnStartedAt !== undefined && state.turnStartedAt !== previous.turnStartedAt;
        if (
          turnEnded &&
          state.turnStartedAt === undefined &&
          settings.longTurn &&
          (state.lastTurnMs ?? 0) >= settings.longTurnMs
        ) {
          found.push(
            notification(
              'long-turn',
              state,
              `${agentName(state)} is done`,
              `a turn of ${formatSeconds(state.lastTurnMs ?? 0)} ended`,
              now,
            ),
          );
        }
        const newFailures = Math.max(0, state.toolFailuresTotal - previous.failed);
        const successSince = succeeded > previous.succeeded;
        next.streak = successSince ? 0 : previous.streak + newFailures;
        next.streakTold = successSince ? false : previous.streakTold;
        if (settings.failures && !next.streakTold && next.streak >= settings.failuresInARow) {
          next.streakTold = true;
          found.push(
            notification(
              'failures',
              state,
              `${agentName(state)} keeps failing`,
              `${next.streak} failures in a row`,
              now,
            ),
          );
        }
      }
      return found;
    },
    unsent(notification) {
      const session = notification.sessionId === undefined ? undefined : seen.get(notification.sessionId);
      if (notification.kind !== 'waiting' || session?.pingedAt !== notification.at) return;
      session.pingedAt = undefined;
      session.pingedTurn = undefined;
    },
  };
}
