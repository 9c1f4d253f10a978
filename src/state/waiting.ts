/**
 * When Claude waits for the user, and when it stops waiting: the reducer's rules for
 * `SessionState.waiting`. What Claude Code 2.1.332 really sends (recorded in
 * test/fixtures/waiting-session.jsonl): PreToolUse, then PermissionRequest (no tool_use_id),
 * ~6 s later Notification `permission_prompt`; after approval PostToolUse, PostToolBatch, Stop;
 * about a minute after Stop, Notification `idle_prompt`. Nothing is sent when the user answers:
 * with buddy-tui's mod loaded, its ASK_ANSWERED record says so (the mod sees the call start).
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { remember, type Draft } from './reducer-draft.js';
import type { SessionState, WaitingForUser } from './session-state.js';
import { toolDetail } from './tool-detail.js';

/**
 * buddy-tui's own journal record, never a host's event (`buddy-tui mod-state --answered`): the
 * user answered the ask of the call `tool_use_id` of `tool_name` (the mod saw it start at
 * `tool.run`, or the turn end after a refusal). The dot keeps it apart from any hook event name.
 */
export const ASK_ANSWERED = 'buddy-tui.AskAnswered';
const answeredKey = (id: string) => `answered:${id}`;

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

/**
 * True when every running call (of `tool`, of the event's agent; any with no tool) was answered:
 * an ask about them is stale (a record drained ahead of its PermissionRequest, a late reminder).
 * False with none running: nothing tells then.
 */
function allAnswered(draft: Draft, event: JournalEvent, tool?: string): boolean {
  let running = 0;
  for (const id in draft.state.toolsRunning) {
    const call = draft.state.toolsRunning[id];
    if ((tool && call.tool !== tool) || call.agentId !== agentOf(event)) continue;
    running += 1;
    if (!draft.seen.has(answeredKey(id))) return false;
  }
  return running > 0;
}

function onNotification(draft: Draft, event: JournalEvent, ts: number): void {
  const { state } = draft;
  const type = event.notification_type;
  const message = text(event.message);
  if (type === 'permission_prompt') {
    // The reminder of an ask already seen keeps it; a late one (the call already ran, or was answered) is stale.
    if (state.waiting?.reason === 'permission' || allAnswered(draft, event)) return;
    if (Object.keys(state.toolsRunning).length > 0) state.waiting = waitFor('permission', ts, undefined, message);
  } else if (type === 'idle_prompt') {
    // It comes about a minute after Stop; a prompt submitted meanwhile makes it stale.
    if (state.pendingPrompts === 0 && state.endedAt === undefined)
      state.waiting = waitFor('idle', ts, undefined, message);
  } else if (typeof type === 'string' && QUESTION_NOTIFICATIONS.has(type)) {
    state.waiting = waitFor('question', ts, undefined, message);
  }
}

/**
 * The mod's ASK_ANSWERED record: the permission ask of that tool (or of an unnamed one) ends, and
 * the call is remembered as answered. Not the host's activity: nothing else of the state changes.
 */
export function applyAnswered(draft: Draft, event: JournalEvent, tool: string | undefined): void {
  const id = typeof event.tool_use_id === 'string' ? event.tool_use_id : undefined;
  if (id) remember(draft, answeredKey(id));
  const waiting = draft.state.waiting;
  if (waiting?.reason === 'permission' && (!waiting.tool || !tool || waiting.tool === tool))
    draft.state.waiting = undefined;
}

/** Applies the waiting rules of one event; the reducer calls it after its own bookkeeping. */
export function applyWaiting(draft: Draft, event: JournalEvent, ts: number, tool: string | undefined): void {
  const { state } = draft;
  const waiting = state.waiting;
  switch (event.hook_event_name) {
    case 'PermissionRequest':
      if (!allAnswered(draft, event, tool))
        state.waiting = waitFor('permission', ts, tool, toolDetail(event.tool_input));
      return;
    case 'Notification':
      onNotification(draft, event, ts);
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
