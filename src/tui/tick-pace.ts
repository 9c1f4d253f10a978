/**
 * How fast the pane ticks. While something is going on (a prompt being answered, a tool or
 * subagent running, a bubble or notice on screen, another session's change held for the tick)
 * the buddy animates on the steady 1 s tick: elapsed times change once a second, so a faster tick
 * drew two frames for one change of theirs (issue 50: 2 frames a second instead of 1 with 5
 * working sessions, with EARLY_TICK_MS). When everything is quiet it breathes slowly, one frame
 * every 4 s: each frame costs Ink a full layout and redraw, and an idle pane must stay well under
 * 1% of a core.
 */
import { isProcessingPrompt } from '../state/selectors.js';
import { visibleSessions, type BuddyState } from './store/index.js';

export const BUSY_TICK_MS = 1_000;
/** A change the pane draws at once this close to the tick brings the tick forward (pane-parts.ts). */
export const EARLY_TICK_MS = BUSY_TICK_MS / 2;
export const QUIET_TICK_MS = 4_000;

export function isBusy(
  state: Pick<BuddyState, 'sessions' | 'bubbles' | 'notice' | 'now'> & Partial<Pick<BuddyState, 'heldSessions'>>,
): boolean {
  if (state.bubbles.current || state.notice) return true;
  // A held change shows on the next tick: within a steady tick, not a slow breath.
  if (state.heldSessions && Object.keys(state.heldSessions).length > 0) return true;
  return visibleSessions(state.sessions, state.now).some(
    (session) =>
      isProcessingPrompt(session) ||
      Object.keys(session.toolsRunning).length > 0 ||
      Object.keys(session.subagents).length > 0,
  );
}

export function tickDelay(state: Parameters<typeof isBusy>[0]): number {
  return isBusy(state) ? BUSY_TICK_MS : QUIET_TICK_MS;
}
