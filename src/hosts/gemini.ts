/**
 * Gemini CLI (0.61.0) as a host. Its payloads are Claude-shaped (snake_case, `session_id`,
 * `hook_event_name`, `tool_name`/`tool_input`), under its own event and tool names, with no
 * `tool_use_id` (../shared/gemini-cli-0.61.0/RECIPE.md). buddy-tui registers only what the buddy
 * reads (geminiSpec, below): not the 4 model-level hooks per model call. This translator:
 * - names the events as Claude's: BeforeAgent -> UserPromptSubmit (`new_turn`: Gemini queues no
 *   prompt, and Esc on a permission prompt or an API error fires no AfterAgent, so the next prompt
 *   closes a turn left open), AfterAgent -> Stop, BeforeTool/AfterTool -> PreToolUse/PostToolUse,
 *   PreCompress -> PreCompact (a manual one; `auto` fires before every model call and is dropped),
 *   Notification `ToolPermission` -> PermissionRequest (the session waits for the user);
 * - gives Gemini's tools their roles (run_shell_command: shell, replace: edit, write_file: write,
 *   invoke_agent: subagent): their `tool_input.file_path` then counts as a file written;
 * - makes a failed call a PostToolUseFailure: a tool error (`tool_response.error`), or a shell
 *   command whose output says `Exit Code: N` (the only place Gemini says it; none when 0);
 * - keeps `tool_response` to its text: in the TUI `returnDisplay` is the rendered terminal grid.
 * The model-level events (BeforeModel, AfterModel, BeforeToolSelection) are no events of the buddy.
 */
import { isEventShaped, type HostTranslator, type HostPayload } from './translator-contract.js';
import type { HostWithHookFile } from './host-spec.js';
import type { InternalEvent, ToolRole } from '../protocol/internal-event.js';
import { reportedExitCode, reportedOutput } from './shell-report.js';

const EVENT_NAMES: Readonly<Record<string, string>> = {
  SessionStart: 'SessionStart',
  SessionEnd: 'SessionEnd',
  BeforeAgent: 'UserPromptSubmit',
  AfterAgent: 'Stop',
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  PreCompress: 'PreCompact',
  Notification: 'Notification',
};

const TOOL_ROLES: Readonly<Record<string, ToolRole>> = {
  run_shell_command: 'shell',
  replace: 'edit',
  write_file: 'write',
  invoke_agent: 'subagent',
};

function responseText(response: unknown): string {
  const content = (response as { llmContent?: unknown } | undefined)?.llmContent;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
  return '';
}

/** What a finished call reports: a tool error, or a shell command's non-zero exit code. */
function finishedTool(event: HostPayload, role: ToolRole): HostPayload {
  const response = event.tool_response as { error?: unknown; returnDisplay?: unknown } | undefined;
  const text = responseText(response);
  const out: HostPayload = {
    ...event,
    tool_response: { llmContent: text, ...(response?.error !== undefined ? { error: response.error } : {}) },
  };
  const toolError = response?.error;
  if (toolError !== undefined && toolError !== null && toolError !== '') {
    const message =
      typeof toolError === 'string'
        ? toolError
        : typeof (toolError as { message?: unknown }).message === 'string'
          ? (toolError as { message: string }).message
          : text;
    return { ...out, hook_event_name: 'PostToolUseFailure', error: message || 'tool error', is_interrupt: false };
  }
  if (role !== 'shell') return out;
  const exitCode = reportedExitCode(text);
  if (exitCode === undefined || exitCode === 0) return { ...out, exit_code: 0 };
  const shown = reportedOutput(text, ['\nExit Code:']);
  return {
    ...out,
    hook_event_name: 'PostToolUseFailure',
    exit_code: exitCode,
    error: shown ? `Exit code ${exitCode}\n${shown}` : `Exit code ${exitCode}`,
    is_interrupt: false,
  };
}

/**
 * Gemini's permission prompt (Notification `ToolPermission`, right after BeforeTool) as Claude's
 * PermissionRequest: with no call ids, no call is known to be running for a Notification to wait on.
 */
function permissionAsked(event: HostPayload): HostPayload {
  const details = event.details as { type?: unknown; command?: unknown } | undefined;
  const out: HostPayload = {
    ...event,
    hook_event_name: 'PermissionRequest',
    notification_type: 'permission_prompt',
    gemini_notification_type: 'ToolPermission',
  };
  if (details?.type === 'exec') {
    out.tool_name = 'run_shell_command';
    out.tool_role = 'shell';
    if (typeof details.command === 'string') out.tool_input = { command: details.command };
  }
  return out;
}

/**
 * Where buddy-tui's hooks go: Gemini CLI's user settings, `<home>/.gemini/settings.json` (home:
 * `$GEMINI_CLI_HOME`, else the user's), key `hooks`, Claude Code's nesting
 * (../shared/gemini-cli-0.61.0/RECIPE.md). Only the events the buddy reads: not BeforeModel,
 * AfterModel, BeforeToolSelection, nor PreCompress (it fires before every model call; a manual
 * /compress is all it would tell). Timeouts are MILLISECONDS there. `name` is what Gemini shows
 * ("Executing Hook: buddy-tui") and names in its warnings. Gemini runs hooks only in a trusted
 * folder (doctor says so); BeforeTool's exit 2 blocks the tool and any stdout is shown to the
 * user: the command is silent and exits 0.
 */
export const geminiSpec: HostWithHookFile = {
  id: 'gemini',
  label: 'Gemini CLI',
  capabilities: {
    subagents: false,
    waitingForApproval: 'interactive-only',
    exitCodes: 'text',
    toolCallIds: false,
    turnEnd: 'missing-on-cancel-and-error',
    sessionEnd: 'always',
  },
  how: {
    subagents: '`invoke_agent` is only a tool call',
    waitingForApproval: 'Notification `ToolPermission`',
    exitCodes: '`Exit Code: N`',
    toolCallIds: 'a start and the next end of its tool are one call',
    turnEnd: 'AfterAgent; **Esc and API errors: no event** (the next prompt closes the turn)',
    sessionEnd: 'SessionEnd (three times on `/quit`; once is enough)',
  },
  normalize(payload): InternalEvent | undefined {
    if (!isEventShaped(payload)) return undefined;
    const name = EVENT_NAMES[payload.hook_event_name];
    if (!name) return undefined;
    if (name === 'PreCompact' && payload.trigger !== 'manual') return undefined;
    let event: HostPayload = { ...payload, hook_event_name: name, gemini_event: payload.hook_event_name };
    if (name === 'UserPromptSubmit') event.new_turn = true;
    if (name === 'Notification' && payload.notification_type === 'ToolPermission') event = permissionAsked(event);
    const tool = typeof payload.tool_name === 'string' ? payload.tool_name : undefined;
    if (tool) {
      const role = TOOL_ROLES[tool] ?? 'other';
      event.tool_role = role;
      if (name === 'PostToolUse') event = finishedTool(event, role);
    }
    return { ...event, host: 'gemini' } as InternalEvent;
  },
  hookFile: {
    short: 'Gemini',
    folder: { flag: 'gemini-home', env: 'GEMINI_CLI_HOME', names: 'home', name: '.gemini' },
    file: 'settings.json',
    events: ['SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterTool', 'Notification', 'AfterAgent', 'SessionEnd'],
    entry: { name: 'buddy-tui', commandKey: 'command', timeoutKey: 'timeout', timeout: 5000 },
    gates: [{ kind: 'gemini-settings-and-trust' }],
    helpWhere: [
      'in <home>/.gemini/settings.json',
      '(home: $GEMINI_CLI_HOME or yours; --gemini-home <dir> for another)',
    ],
    uninstallHelp: "removes buddy-tui's hooks from <home>/.gemini/settings.json.",
    afterInstall:
      'Gemini runs hooks only in folders you trusted (headless: --skip-trust); new sessions feed the buddy.',
    allEventsNote: ' it needs',
    wiredNote: '',
  },
  cli: { binary: 'gemini', delegate: { adapter: 'gemini', setting: 'geminiPath' } },
};

export const geminiTranslator: HostTranslator = geminiSpec;
