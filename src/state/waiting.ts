/**
 * When Claude waits for the user, and when it stops waiting: the reducer's rules for
 * `SessionState.waiting`. What Claude Code 2.1.332 really sends (recorded in
 * test/fixtures/waiting-session.jsonl): PreToolUse, then PermissionRequest (no tool_use_id),
 * ~6 s later Notification `permission_prompt`; after approval PostToolUse, PostToolBatch, Stop;
 * about a minute after Stop, Notification `idle_prompt`.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import type { SessionState, WaitingForUser } from './session-state.js';
import { toolDetail } from './tool-detail.js';

/** Notification types that mean Claude asked the user something (not a tool approval). */
const QUESTION_NOTIFICATIONS = new Set(['agent_needs_input', 'elicitation', 'elicitation_dialog']);

const text = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 200) : undefined);
const agentOf = (event: JournalEvent) => (typeof event.agent_id === 'string' ? event.agent_id : undefined);

/** The running call a permission wait is about: the latest running call of that tool (PreToolUse came first). */
function askingCall(state: SessionState): SessionState['toolsRunning'][string] | undefined {
  let found: SessionState['toolsRunning'][string] | undefined;
  for (const id in state.toolsRunning) {
    const call = state.toolsRunning[id];
    if (call.tool === state.waiting?.tool && (!found || call.startedAt >= found.startedAt)) found = call;
  }
  return found;
}

function waitFor(reason: WaitingForUser['reason'], since: number, tool?: string, detail?: string): WaitingForUser {
  const waiting: WaitingForUser = { since, reason };
  if (tool) waiting.tool = tool;
  if (detail) waiting.detail = detail;
  return waiting;
}

function onNotification(state: SessionState, event: JournalEvent, ts: number): void {
  const type = event.notification_type;
  const message = text(event.message);
  if (type === 'permission_prompt') {
    // The reminder of an ask already seen keeps it; a late one (the call already ran) is stale.
    if (state.waiting?.reason === 'permission') return;
    if (Object.keys(state.toolsRunning).length > 0) state.waiting = waitFor('permission', ts, undefined, message);
  } else if (type === 'idle_prompt') {
    // It comes about a minute after Stop; a prompt submitted meanwhile makes it stale.
    if (state.pendingPrompts === 0 && state.endedAt === undefined)
      state.waiting = waitFor('idle', ts, undefined, message);
  } else if (typeof type === 'string' && QUESTION_NOTIFICATIONS.has(type)) {
    state.waiting = waitFor('question', ts, undefined, message);
  }
}

/** Applies the waiting rules of one event; the reducer calls it after its own bookkeeping. */
export function applyWaiting(state: SessionState, event: JournalEvent, ts: number, tool: string | undefined): void {
  const waiting = state.waiting;
  switch (event.hook_event_name) {
    case 'PermissionRequest':
      state.waiting = waitFor('permission', ts, tool, toolDetail(event.tool_input));
      return;
    case 'Notification':
      onNotification(state, event, ts);
      return;
    case 'UserPromptSubmit':
    case 'Stop':
    case 'StopFailure':
    case 'Interrupt':
    case 'SessionEnd':
      state.waiting = undefined;
      return;
    default:
      break;
  }
  if (!waiting) return;
  switch (event.hook_event_name) {
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PermissionDenied':
      // The asked-for call ran, failed or was denied; for a question or idle wait, any tool means Claude works again.
      if (waiting.reason !== 'permission' || !waiting.tool || waiting.tool === tool) state.waiting = undefined;
      return;
    case 'PreToolUse': {
      // PreToolUse of the asking call comes BEFORE PermissionRequest, so a later one is another call:
      // the ask was answered. Only the same agent's calls count (a subagent may work while the main agent waits).
      const asking = waiting.reason === 'permission' ? askingCall(state) : undefined;
      if (!asking || asking.agentId === agentOf(event)) state.waiting = undefined;
      return;
    }
    default:
      return;
  }
}
