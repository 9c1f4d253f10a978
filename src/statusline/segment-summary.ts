/**
 * What `buddy-tui status --tmux` and `--format` say about every live session of every host, in
 * counts: how many work, how many wait for the user, how many just failed, plus the buddy's face
 * and the "focus" session (the one that wants the user most) whose host and project are named.
 * Zod-free and React-free: it runs in the light status-segment bundle.
 */
import { freshFailure, sessionActivity } from '../state/selectors.js';
import type { SessionState } from '../state/session-state.js';
import { DEFAULT_HOST } from '../hosts/host-id.js';
import { lookBuddy } from './buddy.js';

export interface SegmentSummary {
  face: string;
  /** Sessions with a tool running or a prompt being answered (working and thinking). */
  working: number;
  /** Sessions waiting for the user's answer (an approval, a question, a permission prompt). */
  waiting: number;
  /** Sessions whose last failure is of this turn or of the last 5 minutes (interrupts aside). */
  failed: number;
  /** Live sessions counted (ended ones are shown by the pane for a while, but not counted here). */
  live: number;
  /** The focus session's host and project: raw text from the journals (callers make it safe). */
  host: string;
  project: string;
}

/** Loudest first: waiting, then just failed, then working, then the latest event. */
function focusRank(state: SessionState, now: number): number {
  const activity = sessionActivity(state);
  if (activity === 'waiting') return 3;
  if (freshFailure(state, now)) return 2;
  return activity === 'working' || activity === 'thinking' ? 1 : 0;
}

function focusOf(live: SessionState[], now: number): SessionState | undefined {
  let focus: SessionState | undefined;
  for (const state of live) {
    if (!focus) focus = state;
    const rank = focusRank(state, now) - focusRank(focus, now);
    if (rank > 0 || (rank === 0 && (state.lastEventAt ?? 0) > (focus.lastEventAt ?? 0))) focus = state;
  }
  return focus;
}

export function summarizeSessions(
  sessions: readonly SessionState[],
  now: number,
  env: NodeJS.ProcessEnv,
): SegmentSummary {
  const live = sessions.filter((state) => state.endedAt === undefined);
  let working = 0;
  let waiting = 0;
  let failed = 0;
  for (const state of live) {
    const activity = sessionActivity(state);
    if (activity === 'waiting') waiting += 1;
    else if (activity === 'working' || activity === 'thinking') working += 1;
    if (freshFailure(state, now)) failed += 1;
  }
  const focus = focusOf(live, now);
  return {
    // The buddy looks the way the focus session makes it look (alert while one waits).
    face: lookBuddy(focus, now, env).face,
    working,
    waiting,
    failed,
    live: live.length,
    host: focus ? (focus.host ?? DEFAULT_HOST) : '',
    project: focus?.projectName ?? '',
  };
}
