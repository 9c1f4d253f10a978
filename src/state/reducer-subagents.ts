/**
 * The reducer's subagent events. A SubagentStop may arrive before its start (separate hook
 * processes), and a subagent whose stop never comes ages out.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { LIMITS, type SessionState } from './session-state.js';
import type { Draft } from './reducer-draft.js';

export function applySubagentStart(draft: Draft, event: JournalEvent, ts: number): void {
  const { state } = draft;
  const id = typeof event.agent_id === 'string' ? event.agent_id : undefined;
  if (!id || draft.seen.has(`SubagentStop:${id}`)) return;
  state.subagents[id] = { agentId: id, agentType: String(event.agent_type ?? 'agent'), startedAt: ts };
  state.subagentsStartedTotal += 1;
}

export function applySubagentStop({ state }: Draft, event: JournalEvent): void {
  if (typeof event.agent_id === 'string') delete state.subagents[event.agent_id];
}

export function ageOutSubagents(state: SessionState, now: number): void {
  for (const id in state.subagents) {
    if (now - state.subagents[id].startedAt > LIMITS.subagentMaxAgeMs) delete state.subagents[id];
  }
}
