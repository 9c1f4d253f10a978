/**
 * The Pi coding agent (0.73.1) as a host. Pi has no command hooks: buddy-tui's extension in
 * `~/.pi/agent/extensions/` (src/ingest/host-plugin/pi-extension.ts) runs inside Pi and appends
 * each event to the inbox as pi-events.ts shapes it: Pi's `type` and fields, plus `session_id`,
 * `session_file` and `cwd` from the handler's context (../shared/pi-0.73.1/RECIPE.md). This
 * translator names them as Claude's:
 * - session_start -> SessionStart; before_agent_start -> UserPromptSubmit: it fires once per run of
 *   the agent, each closed by agent_end (not `input`, which a message queued during a run and an
 *   input another extension answers itself fire too, with no run to end);
 *   session_before_compact / session_compact -> PreCompact / PostCompact, session_shutdown -> SessionEnd;
 * - tool_execution_start / _end (fired for every call; tool_call and tool_result skip a call whose
 *   arguments fail validation) -> PreToolUse / PostToolUse, with `toolCallId` as `tool_use_id`;
 * - a call with `isError` is PostToolUseFailure; a shell command's exit code is only text, the
 *   output's last line `Command exited with code N`: `exit_code` and "Exit code N\n<output>";
 * - agent_end ends the turn: the last message's `stopReason` says how (`error`: StopFailure with
 *   its `errorMessage`; `aborted`, Esc: Interrupt; else Stop).
 * Pi has no approvals and no subagents (every tool runs; an extension may add either): nothing
 * here can say "waiting for you" or count a child agent.
 */
import type { InternalEvent, ToolRole } from '../protocol/internal-event.js';
import type { HostSpec } from './host-spec.js';
import type { HostPayload, HostTranslator } from './translator-contract.js';

const TOOL_ROLES: Readonly<Record<string, ToolRole>> = { bash: 'shell', edit: 'edit', write: 'write' };

const EXIT_MARK = 'Command exited with code ';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The text parts of a tool result's `content`, joined. */
function resultText(event: HostPayload): string {
  const content = (event.result as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => str((part as { text?: unknown } | null)?.text) ?? '').join('');
}

/** N of a last line `Command exited with code N`, and the output before it; undefined when the text does not end so. */
function exitReport(text: string): { exitCode: number; output: string } | undefined {
  const trimmed = text.trimEnd();
  const at = trimmed.lastIndexOf(EXIT_MARK);
  if (at < 0 || (at > 0 && trimmed[at - 1] !== '\n')) return undefined;
  const digits = trimmed.slice(at + EXIT_MARK.length);
  if (!/^-?\d{1,6}$/.test(digits)) return undefined;
  return { exitCode: Number(digits), output: trimmed.slice(0, at).trimEnd() };
}

function toolEvent(payload: HostPayload, name: string): HostPayload {
  const tool = str(payload.toolName) ?? 'unknown';
  const args = payload.args;
  return {
    hook_event_name: name,
    tool_name: tool,
    tool_role: TOOL_ROLES[tool] ?? 'other',
    ...(typeof args === 'object' && args !== null && !Array.isArray(args) ? { tool_input: args } : {}),
    ...(str(payload.toolCallId) ? { tool_use_id: payload.toolCallId } : {}),
  };
}

/** A finished call: PostToolUse, or PostToolUseFailure with the exit code a shell's text gives. */
function toolEnd(payload: HostPayload): HostPayload {
  const event = toolEvent(payload, 'PostToolUse');
  const text = resultText(payload);
  if (payload.isError !== true) {
    const path = str((payload.args as { path?: unknown } | undefined)?.path);
    return path && (event.tool_role === 'edit' || event.tool_role === 'write')
      ? { ...event, files_touched: [path] }
      : event;
  }
  const report = event.tool_role === 'shell' ? exitReport(text) : undefined;
  const failure = { ...event, hook_event_name: 'PostToolUseFailure', is_interrupt: text === 'Command aborted' };
  if (!report) return { ...failure, error: text || 'tool error' };
  const { exitCode, output } = report;
  return {
    ...failure,
    exit_code: exitCode,
    error: output ? `Exit code ${exitCode}\n${output}` : `Exit code ${exitCode}`,
  };
}

/** agent_end as the turn's end, by the last message's `stopReason`. */
function turnEnd(payload: HostPayload): HostPayload {
  const messages = Array.isArray(payload.messages) ? payload.messages : [];
  const last = messages.at(-1) as { stopReason?: unknown; errorMessage?: unknown } | undefined;
  if (last?.stopReason === 'error')
    return { hook_event_name: 'StopFailure', error: str(last.errorMessage) ?? 'model error' };
  if (last?.stopReason === 'aborted') return { hook_event_name: 'Interrupt' };
  return { hook_event_name: 'Stop' };
}

/** Pi's event as the internal event's own fields; undefined for an event buddy-tui leaves out. */
function mapped(payload: HostPayload): HostPayload | undefined {
  switch (payload.type) {
    case 'session_start':
      return { hook_event_name: 'SessionStart', source: str(payload.reason) ?? 'startup' };
    case 'before_agent_start':
      return { hook_event_name: 'UserPromptSubmit', prompt: str(payload.prompt) ?? '' };
    case 'tool_execution_start':
      return toolEvent(payload, 'PreToolUse');
    case 'tool_execution_end':
      return toolEnd(payload);
    case 'agent_end':
      return turnEnd(payload);
    case 'session_before_compact':
      return { hook_event_name: 'PreCompact', trigger: 'auto' };
    case 'session_compact':
      return { hook_event_name: 'PostCompact' };
    case 'session_shutdown':
      return { hook_event_name: 'SessionEnd', reason: str(payload.reason) ?? 'other' };
    default:
      return undefined;
  }
}

export const piSpec: HostSpec = {
  id: 'pi',
  label: 'Pi',
  fullLabel: 'the Pi coding agent',
  capabilities: {
    subagents: false,
    waitingForApproval: 'no',
    exitCodes: 'text',
    toolCallIds: true,
    turnEnd: 'event',
    sessionEnd: 'always',
  },
  how: {
    subagents: 'Pi has none (an extension may add some; buddy-tui sees none)',
    waitingForApproval: 'Pi has no approvals: every tool runs (an extension may add a gate)',
    exitCodes: "the output's last line `Command exited with code N`",
    toolCallIds: '`toolCallId`',
    turnEnd: 'agent_end (`stopReason` `error`: StopFailure; `aborted`: Interrupt)',
    sessionEnd: 'session_shutdown (exit, `/new`, `/resume`, `/fork`)',
  },
  normalize(payload): InternalEvent | undefined {
    const session = str(payload.session_id);
    const event = session ? mapped(payload) : undefined;
    if (!event) return undefined;
    const where = {
      ...(str(payload.cwd) ? { cwd: payload.cwd } : {}),
      ...(str(payload.session_file) ? { transcript_path: payload.session_file } : {}),
    };
    return { ...event, ...where, session_id: session, pi_event: payload.type, host: 'pi' } as unknown as InternalEvent;
  },
  cli: { binary: 'pi', delegate: { adapter: 'pi', setting: 'piPath' } },
};

export const piTranslator: HostTranslator = piSpec;
