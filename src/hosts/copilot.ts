/**
 * GitHub Copilot CLI (1.0.102) as a host, with buddy-tui's hooks under PascalCase keys
 * (copilotSpec, below): Copilot then sends Claude-shaped snake_case payloads, with
 * Claude's tool names (bash -> Bash, create -> Write, edit -> Edit, task -> Agent) but Copilot's
 * argument keys and no `tool_use_id` (../shared/copilot-1.0.102/RECIPE.md). What differs, and
 * what this translator makes up for:
 * - A shell command that exited non-zero is still a PostToolUse ("success"): the exit code is only
 *   text at the end of `tool_result.text_result_for_llm`, `<shellId: N completed with exit code
 *   M>`. A non-zero one becomes Claude's PostToolUseFailure ("Exit code M\n<output>").
 * - Write and Edit name their file in `tool_input.path`: it goes to `files_touched`.
 * - SubagentStart is half camelCase (`sessionId`, no `hook_event_name`): recognised by its keys.
 * - A child agent's own prompt and Stop come with `session_id` = the child's id: they go to the
 *   parent's session (`parent_agent_id`) as SubagentPrompt / SubagentTurnEnd, which the reducer
 *   only counts as activity (Claude Code has SubagentStop for that, and Copilot sends it too).
 * - ErrorOccurred (an API error; no Stop follows) ends the turn as Claude's StopFailure.
 * - The TUI's Notification `permission_prompt` becomes a PermissionRequest (the session waits).
 * Esc on a permission prompt fires no hook at all: the turn is closed by the next event of the
 * session or the mood's stale-session time-out (docs/hosts.md).
 */
import { isEventShaped, type HostTranslator, type HostPayload } from './translator-contract.js';
import type { HostWithHookFile } from './host-spec.js';
import type { InternalEvent } from '../protocol/internal-event.js';

const EXIT_MARK = 'completed with exit code ';
const SHELL_ID = '<shellId:';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The payload with `session_id` and `hook_event_name`, whichever key style Copilot used for it. */
function identified(payload: HostPayload): HostPayload | undefined {
  if (isEventShaped(payload)) return payload;
  const session = str(payload.session_id) ?? str(payload.sessionId);
  if (!session) return undefined;
  // SubagentStart: camelCase ids, snake_case agent fields, no event name.
  if (str(payload.agent_id) && 'agentName' in payload) {
    return {
      ...payload,
      session_id: session,
      hook_event_name: 'SubagentStart',
      transcript_path: payload.transcriptPath,
    };
  }
  // PermissionRequest keeps its camelCase shape (buddy-tui does not register it; a hand-added one is recognised).
  if (payload.hookName === 'permissionRequest') {
    return {
      ...payload,
      session_id: session,
      hook_event_name: 'PermissionRequest',
      tool_name: payload.toolName,
      tool_input: payload.toolInput,
    };
  }
  return undefined;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * The M of `completed with exit code M>` closing the text (trailing whitespace aside) and where
 * that mark starts; undefined when the text does not end so. Scanned back from the end by hand:
 * the output before it can be megabytes, and the backtracking patterns that read it (`\s+$`,
 * `<shellId:[^>]*$`) were retried from every character of a run and took minutes (issue 44).
 */
function exitMark(text: string): { exitCode: number; at: number } | undefined {
  const close = text.trimEnd().length - 1;
  if (close < 0 || text.charCodeAt(close) !== 62) return undefined;
  let start = close;
  while (start > 0 && isDigit(text.charCodeAt(start - 1))) start -= 1;
  if (start === close) return undefined;
  if (text.charCodeAt(start - 1) === 45) start -= 1;
  const at = start - EXIT_MARK.length;
  return at >= 0 && text.startsWith(EXIT_MARK, at) ? { exitCode: Number(text.slice(start, close)), at } : undefined;
}

/** The output before the mark: without the mark's own `<shellId: N ` (no `>` after it) and trailing whitespace. */
function outputBefore(text: string, at: number): string {
  const head = text.slice(0, at);
  const open = head.indexOf(SHELL_ID, head.lastIndexOf('>') + 1);
  return (open >= 0 ? head.slice(0, open) : head).trimEnd();
}

/** A finished shell call whose text says it exited non-zero, in Claude Code's failure shape. */
function shellOutcome(event: HostPayload): HostPayload {
  const result = event.tool_result as { text_result_for_llm?: unknown } | undefined;
  const text = typeof result?.text_result_for_llm === 'string' ? result.text_result_for_llm : '';
  const mark = exitMark(text);
  if (!mark) return event;
  const { exitCode } = mark;
  if (exitCode === 0) return { ...event, exit_code: 0 };
  const output = outputBefore(text, mark.at);
  return {
    ...event,
    hook_event_name: 'PostToolUseFailure',
    exit_code: exitCode,
    error: output ? `Exit code ${exitCode}\n${output}` : `Exit code ${exitCode}`,
    is_interrupt: false,
  };
}

function normalizeTool(event: HostPayload): HostPayload {
  const out: HostPayload = { ...event };
  if (out.tool_result !== undefined && out.tool_response === undefined) out.tool_response = out.tool_result;
  const path = str((out.tool_input as { path?: unknown } | undefined)?.path);
  if ((out.tool_name === 'Write' || out.tool_name === 'Edit') && path && event.hook_event_name === 'PostToolUse')
    out.files_touched = [path];
  return out.tool_name === 'Bash' && event.hook_event_name === 'PostToolUse' ? shellOutcome(out) : out;
}

/** A child agent's own event, moved to the parent's session. */
function childEvent(event: HostPayload & { session_id: string; hook_event_name: string }): HostPayload {
  const parent = str(event.parent_agent_id);
  if (!parent || event.session_id !== event.agent_id || parent === event.session_id) return event;
  const renamed =
    event.hook_event_name === 'UserPromptSubmit'
      ? 'SubagentPrompt'
      : event.hook_event_name === 'Stop'
        ? 'SubagentTurnEnd'
        : event.hook_event_name;
  return { ...event, session_id: parent, hook_event_name: renamed };
}

function errorText(error: unknown): string {
  const message = typeof error === 'string' ? error : str((error as { message?: unknown } | null)?.message);
  return message ?? 'model error';
}

/**
 * The TUI's permission prompt (Notification `permission_prompt`, ~0.2 s after preToolUse, before
 * postToolUse) as Claude's PermissionRequest: with no call ids, no call is known to be running
 * for a Notification to wait on. "Run command: ..." names the shell.
 */
function permissionAsked(event: HostPayload): HostPayload {
  const message = typeof event.message === 'string' ? event.message : '';
  const command = /^Run command: ([\s\S]*)$/.exec(message)?.[1];
  return {
    ...event,
    hook_event_name: 'PermissionRequest',
    ...(command !== undefined ? { tool_name: 'Bash', tool_input: { command } } : {}),
  };
}

/**
 * Where buddy-tui's hooks go: its own file, `$COPILOT_HOME/hooks/buddy-tui.json` (default
 * ~/.copilot), which Copilot loads without folder trust (repo hooks in .github/hooks/ load only in
 * a trusted folder). PascalCase event keys, so Copilot sends Claude-shaped payloads. Traps
 * (../shared/copilot-1.0.102):
 * - `"matcher": ""` matches nothing and `"*"` stops SubagentStart: the groups have no matcher;
 * - preToolUse and permissionRequest fail closed (a non-zero exit or, for permissionRequest, any
 *   stdout denies the tool): the command is silent and always exits 0, and PermissionRequest is
 *   not registered at all (it fires even under --allow-all, so it does not mean the user is
 *   asked; the TUI's Notification `permission_prompt` does);
 * - hooks are synchronous: the spool costs one bash, one subshell and `cat`;
 * - a hooks file is read only with `version: 1`; `timeoutSec` before Copilot kills a hook.
 */
export const copilotSpec: HostWithHookFile = {
  id: 'copilot',
  label: 'Copilot CLI',
  fullLabel: 'GitHub Copilot CLI',
  capabilities: {
    subagents: true,
    waitingForApproval: 'interactive-only',
    exitCodes: 'text',
    toolCallIds: false,
    turnEnd: 'missing-on-cancel',
    sessionEnd: 'always',
  },
  how: {
    subagents: "SubagentStart/Stop; a child's own prompt and Stop are kept as activity",
    waitingForApproval: 'Notification `permission_prompt`',
    exitCodes: '`completed with exit code N`',
    toolCallIds: 'a start and the next end of its tool are one call',
    turnEnd: 'Stop; an API error: ErrorOccurred (as StopFailure); **Esc on a permission prompt: no event**',
    sessionEnd: 'SessionEnd (`complete`, `error`, `user_exit`)',
  },
  normalize(payload): InternalEvent | undefined {
    const found = identified(payload);
    if (!found || !isEventShaped(found)) return undefined;
    let event: HostPayload = childEvent(found);
    if (event.hook_event_name === 'Notification' && event.notification_type === 'permission_prompt')
      event = permissionAsked(event);
    else if (event.hook_event_name === 'ErrorOccurred')
      event = { ...event, hook_event_name: 'StopFailure', error: errorText(event.error), copilot_error: event.error };
    else if (typeof event.tool_name === 'string') event = normalizeTool(event);
    return { ...event, host: 'copilot' } as InternalEvent;
  },
  hookFile: {
    short: 'Copilot',
    folder: { flag: 'copilot-home', env: 'COPILOT_HOME', names: 'folder', name: '.copilot' },
    file: 'hooks/buddy-tui.json',
    required: { version: 1 },
    events: [
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUse',
      'PostToolUseFailure',
      'Notification',
      'SubagentStart',
      'SubagentStop',
      'PreCompact',
      'Stop',
      'ErrorOccurred',
      'SessionEnd',
    ],
    entry: { commandKey: 'bash', timeoutKey: 'timeoutSec', timeout: 5 },
    gates: [
      { kind: 'switch-on', file: 'settings.json', key: 'disableAllHooks' },
      { kind: 'repo-hook-files', dir: '.github/hooks' },
    ],
    helpWhere: [
      'in their own file,',
      '$COPILOT_HOME/hooks/buddy-tui.json (default ~/.copilot; --copilot-home <dir> for another)',
    ],
    uninstallHelp: "removes $COPILOT_HOME/hooks/buddy-tui.json (or buddy-tui's entries, if you added your own).",
    afterInstall: 'Copilot sessions started from now on feed the buddy (user-level hooks need no folder trust).',
    allEventsNote: '',
    wiredNote: ' (user-level: no folder trust needed)',
  },
  cli: { binary: 'copilot', delegate: { adapter: 'copilot', setting: 'copilotPath' } },
};

export const copilotTranslator: HostTranslator = copilotSpec;
