/**
 * The private working copy a fold mutates, and its dedupe ring. `reduceEvent` never mutates its
 * input: a fold copies the state once (here) and applies events to that copy, which keeps a
 * 100k-event fold fast.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { LIMITS, type SessionState } from './session-state.js';
import { keyedRecord } from './keyed-record.js';

/**
 * The state plus a Set mirror of its `seen` ring, so dedupe checks cost O(1) instead of a scan
 * per event.
 */
export interface Draft {
  state: SessionState;
  seen: Set<string>;
  /** Keys in insertion order from `head` on; evicting from a Set's front is slow in V8. */
  order: string[];
  head: number;
}

export function draftOf(state: SessionState): Draft {
  const copy = copyState(state);
  return { state: copy, seen: new Set(copy.seen), order: copy.seen.slice(), head: 0 };
}

export function finish(draft: Draft): SessionState {
  draft.state.seen = draft.order.slice(draft.head);
  return draft.state;
}

/** A copy deep enough that applying events to it never touches the original; keyed records without a prototype. */
function copyState(state: SessionState): SessionState {
  return {
    ...state,
    toolsThisTurn: keyedRecord(state.toolsThisTurn),
    toolsRunning: keyedRecord(state.toolsRunning),
    unendedToolStarts: keyedRecord(state.unendedToolStarts),
    toolDurations: keyedRecord(state.toolDurations),
    failures: state.failures.slice(),
    subagents: keyedRecord(state.subagents),
    filesTouched: state.filesTouched.slice(),
    compactions: state.compactions.slice(),
    activity: state.activity.map((bucket) => [bucket[0], bucket[1]] as [number, number]),
    seen: state.seen,
  };
}

/** The dedupe key of an event that Claude Code may deliver twice (the same hook in two settings files). */
export function dedupeKey(event: JournalEvent): string | undefined {
  const name = event.hook_event_name;
  if (typeof event.tool_use_id === 'string' && event.tool_use_id) return `${name}:${event.tool_use_id}`;
  if ((name === 'SubagentStart' || name === 'SubagentStop') && typeof event.agent_id === 'string') {
    return `${name}:${event.agent_id}`;
  }
  if ((name === 'UserPromptSubmit' || name === 'Stop') && typeof event.prompt_id === 'string') {
    return `${name}:${event.prompt_id}`;
  }
  return undefined;
}

/** Records a key in the bounded ring; false when it was already there. */
export function remember(draft: Draft, key: string): boolean {
  if (draft.seen.has(key)) return false;
  draft.seen.add(key);
  draft.order.push(key);
  if (draft.seen.size > LIMITS.seen) {
    draft.seen.delete(draft.order[draft.head]);
    draft.head += 1;
    if (draft.head > 4 * LIMITS.seen) {
      draft.order = draft.order.slice(draft.head);
      draft.head = 0;
    }
  }
  return true;
}

/** What one kind of event does to the draft, after the bookkeeping every event gets. */
export type EventHandler = (draft: Draft, event: JournalEvent, ts: number, tool: string | undefined) => void;
