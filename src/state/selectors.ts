/**
 * Read-only views of a SessionState at a given time. Time is an argument, never a global
 * clock, so the statusline, the TUI and the tests agree on what "now" is.
 */
import { LIMITS, type SessionState } from './session-state.js';

/** Subagents of a session, typed as the session carries them (raw, or SafeText in the pane's store). */
type SubagentOf<S extends SessionState> = S['subagents'][string];
type RunningToolOf<S extends SessionState> = S['toolsRunning'][string];

export function activeSubagents<S extends SessionState>(state: S, now: number): Array<SubagentOf<S>> {
  if (state.endedAt !== undefined) return [];
  return (Object.values(state.subagents) as Array<SubagentOf<S>>)
    .filter((agent) => now - agent.startedAt <= LIMITS.subagentMaxAgeMs)
    .sort((a, b) => a.startedAt - b.startedAt);
}

export interface SubagentGroup<Text extends string = string> {
  agentType: Text;
  count: number;
  /** The longest time any agent of this type has been running. */
  longestMs: number;
}

/** Active subagents grouped by type, in order of first start. */
export function subagentGroups<S extends SessionState>(
  state: S,
  now: number,
): Array<SubagentGroup<SubagentOf<S>['agentType']>> {
  const groups = new Map<string, SubagentGroup<SubagentOf<S>['agentType']>>();
  for (const agent of activeSubagents(state, now)) {
    const group = groups.get(agent.agentType) ?? { agentType: agent.agentType, count: 0, longestMs: 0 };
    group.count += 1;
    group.longestMs = Math.max(group.longestMs, Math.max(0, now - agent.startedAt));
    groups.set(agent.agentType, group);
  }
  return [...groups.values()];
}

export function runningTools<S extends SessionState>(state: S): Array<RunningToolOf<S>> {
  return (Object.values(state.toolsRunning) as Array<RunningToolOf<S>>).sort((a, b) => a.startedAt - b.startedAt);
}

/** The tool running now: the most recently started one. */
export function currentTool<S extends SessionState>(state: S): RunningToolOf<S> | undefined {
  const running = runningTools(state);
  return running[running.length - 1];
}

export function lastFailure<S extends SessionState>(state: S): S['failures'][number] | undefined {
  return state.failures[state.failures.length - 1];
}

/** A failure stays news for this long, or for as long as its turn runs. */
export const FAILURE_FRESH_MS = 5 * 60_000;

/**
 * The session's last failure while it is news ("just failed"): of this turn, or of the last 5
 * minutes, and not fixed since (its tool ran green after it); interrupts are no failure.
 */
export function freshFailure<S extends SessionState>(state: S, now: number): S['failures'][number] | undefined {
  const failure = lastFailure(state);
  if (!failure || failure.isInterrupt || failure.fixedAt !== undefined) return undefined;
  const thisTurn = state.turnStartedAt !== undefined && failure.at >= state.turnStartedAt;
  return thisTurn || now - failure.at < FAILURE_FRESH_MS ? failure : undefined;
}

export type SessionActivity = 'working' | 'thinking' | 'waiting' | 'idle' | 'ended';

/**
 * What a session is doing now: ended, waiting for the user's answer (the same rule as the bubble,
 * the mood and the statusline: idling at the prompt is idle), a tool running, a prompt pending, or idle.
 */
export function sessionActivity(state: SessionState): SessionActivity {
  if (state.endedAt !== undefined) return 'ended';
  if (awaitsAnswer(state)) return 'waiting';
  if (Object.keys(state.toolsRunning).length > 0) return 'working';
  if (state.pendingPrompts > 0) return 'thinking';
  return 'idle';
}

/** Claude asked the user something (a tool to approve, a question): the buddy looks alert. Idle at the prompt is not. */
export function awaitsAnswer(state: SessionState): boolean {
  return state.endedAt === undefined && state.waiting !== undefined && state.waiting.reason !== 'idle';
}

export function isProcessingPrompt(state: SessionState): boolean {
  return state.pendingPrompts > 0 && state.endedAt === undefined;
}

/** Events per minute for the last `minutes` minutes, oldest first (for the sparkline). */
export function activityPerMinute(
  state: SessionState,
  now: number,
  minutes: number = LIMITS.activityMinutes,
): number[] {
  const nowMinute = Math.floor(now / 60_000);
  const counts = new Array<number>(minutes).fill(0);
  for (const [minute, count] of state.activity) {
    const slot = minutes - 1 - (nowMinute - minute);
    if (slot >= 0 && slot < minutes) counts[slot] += count;
  }
  return counts;
}

/** "3s", "4m12s", "1h05m": compact elapsed time for narrow displays. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
