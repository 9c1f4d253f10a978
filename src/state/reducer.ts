/**
 * The one pure reducer: (state, event) => state. The statusline and the TUI both fold
 * journals with it, so they can never disagree.
 *
 * `reduceEvent` never mutates its input: a fold works on a private copy (reducer-draft.ts).
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { LIMITS, emptySessionState, type SessionState } from './session-state.js';
import { keyedRecord } from './keyed-record.js';
import { dedupeKey, draftOf, finish, remember, type Draft } from './reducer-draft.js';
import { applyPostToolUse, applyPostToolUseFailure, applyPreToolUse, pushFailure } from './reducer-tools.js';
import { applyWaiting } from './waiting.js';

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

function closeTurn(state: SessionState, ts: number): void {
  state.pendingPrompts = 0;
  state.toolsRunning = keyedRecord();
  if (state.turnStartedAt !== undefined) state.lastTurnMs = Math.max(0, ts - state.turnStartedAt);
  state.turnStartedAt = undefined;
}

function ageOutSubagents(state: SessionState, now: number): void {
  for (const id in state.subagents) {
    if (now - state.subagents[id].startedAt > LIMITS.subagentMaxAgeMs) delete state.subagents[id];
  }
}

/** Applies one event to a state this module owns. */
function applyEvent(draft: Draft, event: JournalEvent): void {
  const { state } = draft;
  const name = event.hook_event_name;
  const ts = typeof event.ts === 'number' ? event.ts : (state.lastEventAt ?? 0);
  const key = dedupeKey(event);
  if (key && !remember(draft, key)) return;

  state.eventCount += 1;
  state.lastEventName = name;
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

  const tool = typeof event.tool_name === 'string' && event.tool_name ? event.tool_name : undefined;
  // Before the tool bookkeeping: the waiting rules look at the calls running before this event.
  applyWaiting(state, event, ts, tool);
  switch (name) {
    case 'SessionStart':
      if (state.endedAt !== undefined && event.source !== undefined) {
        // A resumed or compacted session lives again.
        state.endedAt = undefined;
        state.endReason = undefined;
      }
      break;
    case 'UserPromptSubmit':
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
      break;
    case 'Stop':
    case 'StopFailure':
    case 'Interrupt': // Codex: the user interrupted the turn; no Stop follows
      if (name === 'StopFailure') {
        state.toolFailuresTotal += 1;
        // The failed turn is the host's own (an API error): named after it, Claude Code by default.
        pushFailure(state, {
          tool: typeof event.host === 'string' && event.host !== 'claude' ? event.host : 'Claude',
          error: String(event.error ?? 'stop failure'),
          at: ts,
        });
      }
      closeTurn(state, ts);
      break;
    case 'PreToolUse':
      applyPreToolUse(draft, event, ts, tool);
      break;
    case 'PostToolUse':
      applyPostToolUse(draft, event, ts, tool);
      break;
    case 'PostToolUseFailure':
      applyPostToolUseFailure(draft, event, ts, tool);
      break;
    case 'SubagentStart': {
      const id = typeof event.agent_id === 'string' ? event.agent_id : undefined;
      if (!id || draft.seen.has(`SubagentStop:${id}`)) break;
      state.subagents[id] = { agentId: id, agentType: String(event.agent_type ?? 'agent'), startedAt: ts };
      state.subagentsStartedTotal += 1;
      break;
    }
    case 'SubagentStop':
      if (typeof event.agent_id === 'string') delete state.subagents[event.agent_id];
      break;
    case 'PreCompact':
    case 'PostCompact':
      state.compactions.push({
        trigger: String(event.trigger ?? 'auto'),
        phase: name === 'PreCompact' ? 'pre' : 'post',
        at: ts,
      });
      if (state.compactions.length > LIMITS.compactions) state.compactions.shift();
      if (name === 'PreCompact') state.compactionCount += 1;
      break;
    case 'SessionEnd':
      state.endedAt = ts;
      state.endReason = typeof event.reason === 'string' ? event.reason : 'other';
      state.subagents = keyedRecord();
      closeTurn(state, ts);
      break;
    default:
      // Unknown or uninteresting events only count as activity.
      break;
  }
}
