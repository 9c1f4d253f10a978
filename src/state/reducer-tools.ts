/**
 * The reducer's tool-call events: Pre/PostToolUse and PostToolUseFailure. Either end of a call
 * may arrive first (hooks run as separate processes), so a call is counted once and timed from
 * whichever end knows.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { writtenFiles } from '../protocol/written-files.js';
import { LIMITS, type SessionState } from './session-state.js';
import { toolDetail } from './tool-detail.js';
import { remember, type Draft } from './reducer-draft.js';

function recordDuration(state: SessionState, tool: string, ms: number): void {
  const previous = state.toolDurations[tool];
  state.toolDurations[tool] = previous
    ? { count: previous.count + 1, totalMs: previous.totalMs + ms, maxMs: Math.max(previous.maxMs, ms) }
    : { count: 1, totalMs: ms, maxMs: ms };
}

/**
 * Counts a tool call once, whichever of its Pre or Post event arrives first. A call with no id
 * (hosts without call ids) counts at its start, and the next end of that tool's name is its own;
 * an end with no open start (its start never journaled, or folded before a cut) counts itself.
 */
function countToolOnce(draft: Draft, event: JournalEvent, tool: string, end: boolean): void {
  const { state } = draft;
  const id = event.tool_use_id;
  if (typeof id === 'string' && id) {
    if (!remember(draft, `count:${id}`)) return;
  } else if (end) {
    if (closeUnendedStart(state, tool)) return;
  } else state.unendedToolStarts[tool] = (state.unendedToolStarts[tool] ?? 0) + 1;
  state.toolsThisTurn[tool] = (state.toolsThisTurn[tool] ?? 0) + 1;
  state.toolRunsTotal += 1;
}

/** Takes one open start of `tool` without an id; false when none is open. */
function closeUnendedStart(state: SessionState, tool: string): boolean {
  const open = state.unendedToolStarts[tool];
  if (!open) return false;
  if (open > 1) state.unendedToolStarts[tool] = open - 1;
  else delete state.unendedToolStarts[tool];
  return true;
}

function finishTool(draft: Draft, event: JournalEvent, tool: string): void {
  const { state } = draft;
  const id = event.tool_use_id;
  const running = typeof id === 'string' ? state.toolsRunning[id] : undefined;
  if (running) delete state.toolsRunning[id as string];
  else if (typeof id === 'string' && id) remember(draft, `done:${id}`);
  const ms =
    typeof event.duration_ms === 'number' ? event.duration_ms : running ? event.ts - running.startedAt : undefined;
  if (ms !== undefined && ms >= 0) recordDuration(state, tool, ms);
  countToolOnce(draft, event, tool, true);
}

export function applyPreToolUse(draft: Draft, event: JournalEvent, ts: number, tool: string | undefined): void {
  if (!tool) return;
  const { state } = draft;
  const id = typeof event.tool_use_id === 'string' ? event.tool_use_id : undefined;
  // A PostToolUse that arrived first already finished this call.
  if (id && !draft.seen.has(`done:${id}`)) {
    state.toolsRunning[id] = {
      toolUseId: id,
      tool,
      startedAt: ts,
      agentId: typeof event.agent_id === 'string' ? event.agent_id : undefined,
      detail: toolDetail(event.tool_input),
    };
  }
  countToolOnce(draft, event, tool, false);
}

export function applyPostToolUse(draft: Draft, event: JournalEvent, ts: number, tool: string | undefined): void {
  if (!tool) return;
  finishTool(draft, event, tool);
  for (const path of writtenFiles(event)) touchFile(draft.state, path);
  markFixed(draft.state, tool, ts);
}

/** The tool's last failure, when this success came after it, is fixed (a new object: entries are shared between states). */
function markFixed(state: SessionState, tool: string, ts: number): void {
  for (let i = state.failures.length - 1; i >= 0; i--) {
    const failure = state.failures[i]!;
    if (failure.tool !== tool) continue;
    if (failure.fixedAt === undefined && failure.at <= ts) state.failures[i] = { ...failure, fixedAt: ts };
    return;
  }
}

export function applyPostToolUseFailure(draft: Draft, event: JournalEvent, ts: number, tool: string | undefined): void {
  if (!tool) return;
  const { state } = draft;
  finishTool(draft, event, tool);
  state.toolFailuresTotal += 1;
  pushFailure(state, {
    tool,
    error: typeof event.error === 'string' ? event.error : 'failed',
    at: ts,
    toolUseId: typeof event.tool_use_id === 'string' ? event.tool_use_id : undefined,
    detail: toolDetail(event.tool_input),
    isInterrupt: event.is_interrupt === true ? true : undefined,
  });
}

/** Keeps the last LIMITS.failures failures (a tool's, or a turn's own: StopFailure). */
export function pushFailure(state: SessionState, failure: SessionState['failures'][number]): void {
  state.failures.push(failure);
  if (state.failures.length > LIMITS.failures) state.failures.shift();
}

function touchFile(state: SessionState, path: string): void {
  const at = state.filesTouched.indexOf(path);
  if (at >= 0) state.filesTouched.splice(at, 1);
  state.filesTouched.push(path);
  if (state.filesTouched.length > LIMITS.filesTouched) state.filesTouched.shift();
}
