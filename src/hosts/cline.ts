/**
 * Cline CLI (3.0.65) as a host: one executable file per event in `$CLINE_DIR/hooks/` (default
 * ~/.cline/hooks), each a small sh script that runs the spool (src/install/hook-folder.ts). Its
 * payloads are its own shape, camelCase with a few snake_case keys, named by `hookName`
 * (../shared/cline-3.0.65/RECIPE.md). What this translator makes of them:
 * - the session is `sessionContext.rootSessionId` (the id `cline --id` resumes), else `taskId`;
 * - `agent_start` (TaskStart) opens a turn (UserPromptSubmit, `new_turn`; Cline never sends the
 *   prompt's text, and UserPromptSubmit never fires), `agent_end` closes it (Stop), `agent_error`
 *   fails it (StopFailure); with `parent_agent_id` set they are a subagent's start and stop;
 * - `tool_call` / `tool_result` are Pre/PostToolUse, paired on the model's call id. A command that
 *   exited non-zero is only text (`Command exited with code N`) inside `tool_result.output[]`,
 *   while `postToolUse.success` stays true: it becomes PostToolUseFailure with `exit_code`. A
 *   failed edit (`output.success: false`) and a refused or denied call are failures too;
 * - `session_shutdown` comes after an Esc or a hook's `{"cancel":true}`, with no TaskComplete
 *   for that turn and no end of the session: it ends the turn (Interrupt).
 * Lifecycle hooks are started detached and land out of order: `eventTime` gives the payload's
 * `timestamp`, by which the drain orders Cline's files (inbox-order.ts); each event carries it as
 * `event_time`, by which the reducer knows a turn's start journaled after its end (a drain ran
 * between the two claims) for a late one.
 */
import type { HostTranslator, HostPayload } from './translator-contract.js';
import type { HostWithHookFolder } from './host-spec.js';
import type { InternalEvent, ToolRole } from '../protocol/internal-event.js';

const TOOL_ROLES: Readonly<Record<string, ToolRole>> = {
  run_commands: 'shell',
  editor: 'edit',
  spawn_agent: 'subagent',
};

const EXIT_TEXT = /Command exited with code (-?\d+)/;

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const record = (value: unknown): HostPayload | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as HostPayload) : undefined;

function sessionOf(payload: HostPayload): string | undefined {
  return str(record(payload.sessionContext)?.rootSessionId) ?? str(payload.taskId);
}

/** The fields every event of a session carries: where, which task, the subagent it comes from. */
function base(payload: HostPayload, session: string, name: string): HostPayload {
  const parent = str(payload.parent_agent_id);
  const cwd = str(record(payload.workspaceInfo)?.rootPath);
  return {
    session_id: session,
    hook_event_name: name,
    cline_event: payload.hookName,
    cline_task_id: payload.taskId,
    ...(cwd ? { cwd } : {}),
    // Every payload names its own agent; only a subagent's is one in the internal sense.
    ...(parent ? { agent_id: str(payload.agent_id), parent_agent_id: parent } : {}),
  };
}

function lifecycle(payload: HostPayload, session: string): HostPayload | undefined {
  const child = str(payload.parent_agent_id) !== undefined;
  switch (payload.hookName) {
    case 'agent_start':
      return child
        ? { ...base(payload, session, 'SubagentStart'), agent_type: 'subagent' }
        : { ...base(payload, session, 'UserPromptSubmit'), new_turn: true };
    case 'agent_end':
      return base(payload, session, child ? 'SubagentStop' : 'Stop');
    case 'agent_error': {
      const error = str(record(payload.error)?.message) ?? 'model error';
      return child ? base(payload, session, 'SubagentStop') : { ...base(payload, session, 'StopFailure'), error };
    }
    case 'agent_abort':
    case 'session_shutdown':
      return child ? base(payload, session, 'SubagentStop') : base(payload, session, 'Interrupt');
    default:
      return undefined;
  }
}

/** The call's input as the pane shows it: a shell call's commands joined as one `command`. */
function toolInput(name: string, input: unknown): HostPayload {
  const given = record(input) ?? {};
  const commands = Array.isArray(given.commands) ? given.commands.filter((c) => typeof c === 'string') : [];
  if (name === 'run_commands' && commands.length) return { ...given, command: commands.join('\n') };
  return given;
}

interface Outcome {
  error?: string;
  exitCode?: number;
}

/** What went wrong in one of the tool's results (`{error, success:false, result}`), if anything. */
function resultOutcome(entry: HostPayload | undefined): Outcome | undefined {
  if (!entry || (entry.success !== false && entry.error === undefined)) return undefined;
  const error = str(entry.error) ?? 'failed';
  const code = EXIT_TEXT.exec(error)?.[1];
  if (code === undefined) return { error };
  const exitCode = Number(code);
  const output = (str(entry.result) ?? '')
    .replace(EXIT_TEXT, '')
    .replace(/^\[\]\s*/, '')
    .trim();
  return { exitCode, error: output ? `Exit code ${exitCode}\n${output}` : `Exit code ${exitCode}` };
}

/** The call's outcome: the first failed command or edit, or the call itself refused. */
function toolOutcome(payload: HostPayload, result: HostPayload): Outcome {
  const output = result.output;
  const entries = Array.isArray(output) ? output.map(record) : [record(output)];
  for (const entry of entries) {
    const failed = resultOutcome(entry);
    if (failed) return failed;
  }
  if (record(payload.postToolUse)?.success === false) return { error: 'the tool call was refused' };
  return {};
}

function toolEvent(payload: HostPayload, session: string): HostPayload | undefined {
  const after = payload.hookName === 'tool_result';
  const call = record(after ? payload.tool_result : payload.tool_call);
  const name = str(call?.name);
  if (!call || !name) return undefined;
  const input = toolInput(name, call.input);
  const event: HostPayload = {
    ...base(payload, session, after ? 'PostToolUse' : 'PreToolUse'),
    tool_name: name,
    tool_input: input,
    tool_role: TOOL_ROLES[name] ?? 'other',
    ...(str(call.id) ? { tool_use_id: call.id } : {}),
  };
  if (!after) return event;
  const outcome = toolOutcome(payload, call);
  const done: HostPayload = { ...event, tool_response: call.output };
  if (typeof call.durationMs === 'number') done.duration_ms = call.durationMs;
  if (outcome.error !== undefined)
    return { ...done, hook_event_name: 'PostToolUseFailure', error: outcome.error, exit_code: outcome.exitCode };
  const path = str(input.path);
  if (name === 'editor' && path) done.files_touched = [path];
  return name === 'run_commands' ? { ...done, exit_code: 0 } : done;
}

/** The payload's `timestamp` (ISO) in ms; undefined when it has none that parses. */
function clineEventTime(payload: HostPayload): number | undefined {
  const at = typeof payload.timestamp === 'string' ? Date.parse(payload.timestamp) : Number.NaN;
  return Number.isFinite(at) ? at : undefined;
}

export const clineSpec: HostWithHookFolder = {
  id: 'cline',
  label: 'Cline',
  fullLabel: 'Cline CLI',
  capabilities: {
    subagents: true,
    waitingForApproval: 'no',
    exitCodes: 'text',
    toolCallIds: true,
    turnEnd: 'event',
    sessionEnd: 'never',
  },
  how: {
    subagents: 'TaskStart/TaskComplete with `parent_agent_id`',
    waitingForApproval: 'no event while its approval dialog waits (PreToolUse fires before it)',
    exitCodes: "`Command exited with code N` in the tool's output",
    toolCallIds: '`tool_call.id`',
    turnEnd: 'TaskComplete; an API error: TaskError (as StopFailure); Esc: SessionShutdown (as Interrupt)',
    sessionEnd: 'none on `/exit` or at the end of `cline "<prompt>"`; SessionShutdown follows only an abort',
  },
  normalize(payload): InternalEvent | undefined {
    const session = sessionOf(payload);
    if (!session || typeof payload.hookName !== 'string') return undefined;
    const event =
      payload.hookName === 'tool_call' || payload.hookName === 'tool_result'
        ? toolEvent(payload, session)
        : lifecycle(payload, session);
    if (!event) return undefined;
    // The reducer's order of a turn's start and end, where two drains journaled them crossed.
    const at = clineEventTime(payload);
    return { ...event, ...(at === undefined ? {} : { event_time: at }), host: 'cline' } as InternalEvent;
  },
  eventTime: clineEventTime,
  hookFolder: {
    short: 'Cline',
    folder: { flag: 'cline-dir', env: 'CLINE_DIR', names: 'folder', name: '.cline' },
    dir: 'hooks',
    events: ['TaskStart', 'TaskComplete', 'TaskError', 'TaskCancel', 'PreToolUse', 'PostToolUse', 'SessionShutdown'],
    versionFloor: '3.0.65',
    helpWhere: [
      'one executable file per event in',
      '$CLINE_DIR/hooks/ (default ~/.cline/hooks; --cline-dir <dir> for another config folder)',
    ],
    uninstallHelp: "removes buddy-tui's hook files from $CLINE_DIR/hooks/ (never a file of yours).",
    afterInstall: 'Cline runs started from now on feed the buddy (the files are read at each run; no trust step).',
  },
};

export const clineTranslator: HostTranslator = clineSpec;
