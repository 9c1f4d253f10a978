/**
 * The translator of OpenCode and Kilo (its fork, same plugin API and payloads): the records
 * buddy-tui's plugin writes (src/ingest/host-plugin/opencode-records.ts, OpenCode's names) as the
 * internal event (../shared/opencode-1.18.33/RECIPE.md §7):
 * - `session.created` of a root session: SessionStart; of a child session (`child_session_id`, the
 *   plugin placed it in its root's session): SubagentStart, and its `session.idle` SubagentStop;
 *   the child's own prompt is SubagentPrompt (activity) and its tools carry `agent_id`;
 * - `chat.message`: UserPromptSubmit; `session.idle` of the root: Stop; `session.error`:
 *   StopFailure (the idle that follows closes nothing more); an aborted message: Interrupt;
 * - `tool.execute.before/after`: PreToolUse/PostToolUse, `callID` as `tool_use_id`; a bash that
 *   exited non-zero (`metadata.exit`, a number) is PostToolUseFailure with `exit_code`; a tool error
 *   (no after-hook fires) comes as the plugin's `tool.failed`: PostToolUseFailure;
 * - `permission.asked`: PermissionRequest; its reply: buddy-tui's ASK_ANSWERED record (once,
 *   always: the wait ends at the answer, not when the tool ends) or PermissionDenied (reject);
 * - compaction: PreCompact and PostCompact; `dispose` (process-wide, written for each root
 *   session the process wrote): SessionEnd with no reason (`other`): it does not say why.
 */
import type { InternalEvent, ToolRole } from '../protocol/internal-event.js';
import type { HostPayload } from './translator-contract.js';

/** buddy-tui's own "the user answered the ask" record (ASK_ANSWERED of src/state/waiting.ts, which hosts/ may not import). */
export const ASK_ANSWERED_EVENT = 'buddy-tui.AskAnswered';

const TOOL_ROLES: Readonly<Record<string, ToolRole>> = {
  bash: 'shell',
  edit: 'edit',
  multiedit: 'edit',
  patch: 'edit',
  apply_patch: 'edit',
  write: 'write',
  task: 'subagent',
};

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The tool fields every tool event has: name, input, call id, role, and the child agent it ran in. */
function toolFields(record: HostPayload): HostPayload {
  const tool = str(record.tool) ?? 'tool';
  return {
    tool_name: tool,
    tool_input: obj(record.args),
    tool_use_id: str(record.call_id),
    tool_role: TOOL_ROLES[tool] ?? 'other',
  };
}

function toolEnded(record: HostPayload): HostPayload {
  const fields = toolFields(record);
  const output = str(record.output) ?? '';
  const exit = typeof record.exit === 'number' && Number.isInteger(record.exit) ? record.exit : undefined;
  const response = { output, title: str(record.title) };
  if (exit !== undefined && exit !== 0 && fields.tool_role === 'shell') {
    const error = output.trimEnd() ? `Exit code ${exit}\n${output.trimEnd()}` : `Exit code ${exit}`;
    return { ...fields, hook_event_name: 'PostToolUseFailure', exit_code: exit, error, tool_response: response };
  }
  const path = str(obj(record.args).filePath);
  const touched =
    path && (fields.tool_role === 'edit' || fields.tool_role === 'write') ? { files_touched: [path] } : {};
  return {
    ...fields,
    hook_event_name: 'PostToolUse',
    tool_response: response,
    ...(exit === 0 ? { exit_code: 0 } : {}),
    ...touched,
  };
}

function permissionFields(record: HostPayload): HostPayload {
  const command = str(record.command);
  const patterns = Array.isArray(record.patterns) ? record.patterns.filter((p) => typeof p === 'string') : [];
  return {
    tool_name: str(record.permission) ?? 'tool',
    tool_use_id: str(record.call_id),
    tool_input: command ? { command } : patterns.length ? { patterns } : {},
  };
}

/** A root session's record as the internal event's name and fields; undefined: no event of the buddy. */
function rootEvent(record: HostPayload): HostPayload | undefined {
  switch (record.hook_event_name) {
    case 'session.created':
      return { hook_event_name: 'SessionStart', source: 'startup', cwd: str(record.cwd) };
    case 'chat.message':
      return { hook_event_name: 'UserPromptSubmit', prompt: str(record.prompt) ?? '', model: str(record.model) };
    case 'session.idle':
      return { hook_event_name: 'Stop' };
    case 'session.error':
      return { hook_event_name: 'StopFailure', error: str(record.error) ?? 'model error' };
    case 'message.aborted':
      return { hook_event_name: 'Interrupt' };
    case 'dispose':
      // It says nothing of why (the user quit, or `run` was done): no reason is honest.
      return { hook_event_name: 'SessionEnd', reason: 'other' };
    default:
      return sharedEvent(record);
  }
}

/** A child session's record: the subagent's start, stop and activity in its root's session. */
function childEvent(record: HostPayload, child: string): HostPayload | undefined {
  const agent = { agent_id: child };
  switch (record.hook_event_name) {
    case 'session.created':
      return { hook_event_name: 'SubagentStart', ...agent, agent_type: str(record.agent) ?? 'subagent' };
    case 'session.idle':
      return { hook_event_name: 'SubagentStop', ...agent };
    case 'chat.message':
      return { hook_event_name: 'SubagentPrompt', ...agent, prompt: str(record.prompt) ?? '' };
    case 'session.error': // its session.idle follows: the subagent stops
    case 'message.aborted':
    case 'dispose':
      return undefined;
    default: {
      const event = sharedEvent(record);
      return event && { ...event, ...agent };
    }
  }
}

/** The records that mean the same in a root or a child session: tools, permissions, compaction. */
function sharedEvent(record: HostPayload): HostPayload | undefined {
  switch (record.hook_event_name) {
    case 'tool.execute.before':
      return { hook_event_name: 'PreToolUse', ...toolFields(record) };
    case 'tool.execute.after':
      return toolEnded(record);
    case 'tool.failed':
      return { hook_event_name: 'PostToolUseFailure', ...toolFields(record), error: str(record.error) ?? 'tool error' };
    case 'permission.asked':
      return { hook_event_name: 'PermissionRequest', ...permissionFields(record) };
    case 'permission.replied': {
      const name = record.reply === 'reject' ? 'PermissionDenied' : ASK_ANSWERED_EVENT;
      return { hook_event_name: name, ...permissionFields(record), reply: str(record.reply) };
    }
    case 'experimental.session.compacting':
      return { hook_event_name: 'PreCompact', trigger: 'auto' };
    case 'session.compacted':
      return { hook_event_name: 'PostCompact', trigger: 'auto' };
    default:
      return undefined;
  }
}

/** The plugin's record as `host`'s internal event; undefined for anything else. */
export function openCodeEvent(host: 'opencode' | 'kilo', record: HostPayload): InternalEvent | undefined {
  const session = str(record.session_id);
  if (!session || typeof record.hook_event_name !== 'string') return undefined;
  const child = str(record.child_session_id);
  const event = child && child !== session ? childEvent(record, child) : rootEvent(record);
  if (!event) return undefined;
  const defined = Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined));
  return { ...defined, session_id: session, host, opencode_event: record.hook_event_name } as unknown as InternalEvent;
}
