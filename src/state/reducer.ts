/**
 * The one pure reducer: (state, event) => state. The statusline and the TUI both fold
 * journals with it, so they can never disagree.
 *
 * `reduceEvent` never mutates its input: a fold works on a private copy (reducer-draft.ts).
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { LIMITS, emptySessionState, type SessionState } from './session-state.js';
import { dedupeKey, draftOf, finish, remember, type Draft, type EventHandler } from './reducer-draft.js';
import {
  applyCompact,
  applySessionEnd,
  applySessionStart,
  applyStop,
  applyUserPromptSubmit,
} from './reducer-lifecycle.js';
import { applySubagentStart, applySubagentStop, ageOutSubagents } from './reducer-subagents.js';
import { applyPostToolUse, applyPostToolUseFailure, applyPreToolUse } from './reducer-tools.js';
import { ASK_ANSWERED, applyAnswered, applyWaiting } from './waiting.js';
import { BUDDY_ASKED } from '../protocol/buddy-asked.js';

export { toolDetail } from './tool-detail.js';

export function reduceEvent(state: SessionState, event: JournalEvent): SessionState {
  const draft = draftOf(state);
  applyEvent(draft, event);
  return finish(draft);
}

/** Folds many events; `state` is left untouched. */
export function foldEvents(
  state: SessionState | undefined,
  events: Iterable<JournalEvent>,
  sessionId = '',
): SessionState {
  let draft: Draft | undefined = state ? draftOf(state) : undefined;
  for (const event of events) {
    draft ??= draftOf(emptySessionState(event.session_id ?? sessionId));
    applyEvent(draft, event);
  }
  return draft ? finish(draft) : emptySessionState(sessionId);
}

function countActivity(state: SessionState, ts: number): void {
  const minute = Math.floor(ts / 60_000);
  const last = state.activity[state.activity.length - 1];
  if (last && last[0] === minute) last[1] += 1;
  else if (!last || minute > last[0]) state.activity.push([minute, 1]);
  else {
    // An event from an earlier minute (clock skew between hook processes): count it where it belongs.
    const bucket = state.activity.find((b) => b[0] === minute);
    if (bucket) bucket[1] += 1;
  }
  const oldest = minute - LIMITS.activityMinutes;
  while (state.activity.length && state.activity[0][0] <= oldest) state.activity.shift();
}

function modelName(model: JournalEvent['model']): string | undefined {
  if (typeof model === 'string') return model || undefined;
  if (model && typeof model === 'object') return model.display_name || model.id || undefined;
  return undefined;
}

function basename(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const at = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return at >= 0 ? trimmed.slice(at + 1) : trimmed;
}

/**
 * The events that do more than count as activity, by name; any other event (unknown or
 * uninteresting) only counts. A Map, since event names are outside data.
 */
const HANDLERS = new Map<string, EventHandler>([
  ['SessionStart', applySessionStart],
  ['UserPromptSubmit', applyUserPromptSubmit],
  ['Stop', applyStop],
  ['StopFailure', applyStop],
  ['Interrupt', applyStop],
  ['PreToolUse', applyPreToolUse],
  ['PostToolUse', applyPostToolUse],
  ['PostToolUseFailure', applyPostToolUseFailure],
  ['SubagentStart', applySubagentStart],
  ['SubagentStop', applySubagentStop],
  ['PreCompact', applyCompact],
  ['PostCompact', applyCompact],
  ['SessionEnd', applySessionEnd],
]);

/** The bookkeeping every event gets: counters, activity, and what it says about the session. */
function noteEvent(state: SessionState, event: JournalEvent, ts: number): void {
  state.eventCount += 1;
  state.lastEventName = event.hook_event_name;
  state.lastEventAt = Math.max(state.lastEventAt ?? ts, ts);
  state.startedAt ??= ts;
  countActivity(state, ts);
  if (typeof event.cwd === 'string' && event.cwd) {
    state.cwd ??= event.cwd;
    state.projectName ??= basename(event.cwd);
  }
  if (typeof event.host === 'string' && event.host) state.host = event.host;
  if (typeof event.transcript_path === 'string') state.transcriptPath = event.transcript_path;
  if (typeof event.permission_mode === 'string') state.permissionMode = event.permission_mode;
  const model = modelName(event.model);
  if (model) state.model = model;
  ageOutSubagents(state, ts);
}

/** Applies one event to a state this module owns. */
function applyEvent(draft: Draft, event: JournalEvent): void {
  const { state } = draft;
  const ts = typeof event.ts === 'number' ? event.ts : (state.lastEventAt ?? 0);
  const key = dedupeKey(event);
  if (key && !remember(draft, key)) return;
  const tool = typeof event.tool_name === 'string' && event.tool_name ? event.tool_name : undefined;
  // buddy-tui's own record, not the host's activity.
  if (event.hook_event_name === ASK_ANSWERED) return applyAnswered(draft, event, tool);
  // A question for the buddy (/buddy <question>): the voice answers it; Claude did nothing.
  if (event.hook_event_name === BUDDY_ASKED) return;
  noteEvent(state, event, ts);
  // Before the tool bookkeeping: the waiting rules look at the calls running before this event.
  applyWaiting(draft, event, ts, tool);
  HANDLERS.get(event.hook_event_name)?.(draft, event, ts, tool);
}
