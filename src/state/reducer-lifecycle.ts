/**
 * The reducer's session and turn events: a session starting, resuming and ending, a turn opening
 * on a prompt and closing on Stop (or its failure, or an interrupt), and compactions.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { LIMITS, type SessionState } from './session-state.js';
import { keyedRecord } from './keyed-record.js';
import type { Draft } from './reducer-draft.js';
import { pushFailure } from './reducer-tools.js';
import { toolDetail } from './tool-detail.js';

function closeTurn(state: SessionState, ts: number): void {
  state.pendingPrompts = 0;
  state.toolsRunning = keyedRecord();
  state.unendedToolStarts = keyedRecord();
  if (state.turnStartedAt !== undefined) state.lastTurnMs = Math.max(0, ts - state.turnStartedAt);
  state.turnStartedAt = undefined;
  state.turnStartHostTime = undefined;
}

/** The host's own time of the event (internal-event.ts `event_time`), when it sent one. */
function hostTimeOf(event: JournalEvent): number | undefined {
  return typeof event.event_time === 'number' && Number.isFinite(event.event_time) ? event.event_time : undefined;
}

/**
 * A turn start the host says came before the last turn end applied: the start of a turn already
 * ended, journaled late (Cline's detached hooks, claimed by two drains in the wrong order).
 */
function isLateStart(state: SessionState, hostTime: number | undefined): boolean {
  return hostTime !== undefined && state.lastTurnEndHostTime !== undefined && hostTime < state.lastTurnEndHostTime;
}

export function applySessionStart({ state }: Draft, event: JournalEvent): void {
  if (state.endedAt !== undefined && event.source !== undefined) {
    // A resumed or compacted session lives again.
    state.endedAt = undefined;
    state.endReason = undefined;
  }
}

export function applyUserPromptSubmit({ state }: Draft, event: JournalEvent, ts: number): void {
  const hostTime = hostTimeOf(event);
  if (isLateStart(state, hostTime)) {
    // Its turn was, and its end already closed it: counted, but it opens nothing.
    state.turnCount += 1;
    state.promptCount += 1;
    return;
  }
  // A host whose prompt always starts a new turn (internal-event.ts `new_turn`): a turn still
  // open ended without a Stop (Esc on a permission prompt, an API error fire none there).
  if (event.new_turn === true && state.pendingPrompts > 0) closeTurn(state, ts);
  if (state.pendingPrompts === 0) {
    state.toolsThisTurn = keyedRecord();
    state.turnStartedAt = ts;
    state.turnCount += 1;
  }
  state.pendingPrompts += 1;
  state.promptCount += 1;
  if (hostTime !== undefined) state.turnStartHostTime ??= hostTime;
}

/** Stop, StopFailure and Interrupt (Codex: the user interrupted the turn; no Stop follows). */
export function applyStop({ state }: Draft, event: JournalEvent, ts: number): void {
  if (event.hook_event_name === 'StopFailure') {
    state.toolFailuresTotal += 1;
    // The failed turn is the host's own (an API error): named after it, Claude Code by default;
    // or a tool's that the host reports only at the turn's end (Droid): named after the tool.
    const tool = typeof event.tool_name === 'string' && event.tool_name ? event.tool_name : undefined;
    pushFailure(state, {
      tool: tool ?? (typeof event.host === 'string' && event.host !== 'claude' ? event.host : 'Claude'),
      error: String(event.error ?? 'stop failure'),
      at: ts,
      ...(tool ? { detail: toolDetail(event.tool_input) } : {}),
    });
  }
  const hostTime = hostTimeOf(event);
  // The late end of an earlier turn (a start with `new_turn` closed it): the open turn is newer.
  if (hostTime !== undefined && state.turnStartHostTime !== undefined && hostTime < state.turnStartHostTime) return;
  if (hostTime !== undefined) state.lastTurnEndHostTime = Math.max(state.lastTurnEndHostTime ?? hostTime, hostTime);
  closeTurn(state, ts);
}

/** PreCompact and PostCompact. */
export function applyCompact({ state }: Draft, event: JournalEvent, ts: number): void {
  const pre = event.hook_event_name === 'PreCompact';
  state.compactions.push({ trigger: String(event.trigger ?? 'auto'), phase: pre ? 'pre' : 'post', at: ts });
  if (state.compactions.length > LIMITS.compactions) state.compactions.shift();
  if (pre) state.compactionCount += 1;
}

export function applySessionEnd({ state }: Draft, event: JournalEvent, ts: number): void {
  state.endedAt = ts;
  state.endReason = typeof event.reason === 'string' ? event.reason : 'other';
  state.subagents = keyedRecord();
  closeTurn(state, ts);
}
