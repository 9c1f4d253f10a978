/**
 * The internal event: what every host translator (src/hosts/) makes of its host's hook payload, and
 * what the journal, the reducer, the pet, plugins and the displays read. Its shape is Claude
 * Code's (the reference host), written down here so an adapter knows what it must provide:
 * - `session_id`, `hook_event_name` (one of HOOK_EVENT_NAMES for anything the reducer acts on;
 *   other names are kept in the journal and only count as activity), `host`;
 * - tool events: `tool_name` as the host names the tool (the user sees it), `tool_input`,
 *   `tool_use_id` when the host has one (without it no call is shown as running), and
 *   `tool_role` when the tool is not one of Claude Code's own (TOOL_ROLES below);
 * - a finished call: PostToolUse, or PostToolUseFailure with `error` (a shell command that exited
 *   non-zero is a failure, `exit_code` set; `error` starts "Exit code N"); the files it wrote in
 *   `files_touched` when `tool_input.file_path` does not name them;
 * - UserPromptSubmit's `new_turn: true` when the host's prompt always starts a new turn (it queues
 *   none): a turn still open then ended without a Stop;
 * - `event_time` (ms, the host's clock) from a host whose hooks run in parallel and can be
 *   journaled out of order (Cline): the reducer takes a turn start older than the last turn end as
 *   a late start of a turn already ended;
 * - Notification's `notification_type` (`permission_prompt`, `idle_prompt`, ...), subagents'
 *   `agent_id`/`agent_type`, SessionEnd's `reason`, Stop/Interrupt ending the turn.
 * Zod-free: adapters build it on the ingest path.
 */
import type { JournalEvent } from './hook-event.js';

/** What a tool does, for what the buddy makes of it (failures, files touched, subagents). */
export const TOOL_ROLES = ['shell', 'edit', 'write', 'subagent', 'other'] as const;
export type ToolRole = (typeof TOOL_ROLES)[number];

/** Claude Code's tools, by name: the role of a tool whose event carries no `tool_role`. */
const CLAUDE_TOOL_ROLES: Readonly<Record<string, ToolRole>> = {
  Bash: 'shell',
  Edit: 'edit',
  MultiEdit: 'edit',
  NotebookEdit: 'edit',
  Write: 'write',
  Task: 'subagent',
  Agent: 'subagent',
};

export type InternalEvent = Omit<JournalEvent, 'ts'> & {
  session_id: string;
  hook_event_name: string;
  /** Set by the adapter of the host that sent it. */
  host: string;
  tool_role?: ToolRole;
  new_turn?: boolean;
};

/** The role of the event's tool: its `tool_role`, else Claude Code's name for it; undefined without a tool. */
export function toolRoleOf(event: { tool_name?: unknown; tool_role?: unknown }): ToolRole | undefined {
  if ((TOOL_ROLES as readonly unknown[]).includes(event.tool_role)) return event.tool_role as ToolRole;
  if (typeof event.tool_name !== 'string' || !event.tool_name) return undefined;
  return Object.hasOwn(CLAUDE_TOOL_ROLES, event.tool_name) ? CLAUDE_TOOL_ROLES[event.tool_name] : 'other';
}
