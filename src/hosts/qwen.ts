/**
 * Qwen Code (0.24.4) as a host. Its payloads are Claude Code's own shape (snake_case, Claude's
 * event names, `tool_use_id`, `prompt_id`, `permission_mode`), with Qwen's tool names
 * (../shared/qwen-code-0.24.4/RECIPE.md). What this translator makes up for:
 * - UserPromptSubmit fires again before every tool-result continuation, with `prompt: ""`: that
 *   is no new turn, it becomes PromptContinuation (activity only). A real prompt is `new_turn`
 *   (Qwen fires it when the model call starts, so a turn still open ended without a Stop: an API
 *   error in -p fires nothing after the prompt);
 * - Qwen's tools get their roles (run_shell_command: shell, edit: edit, write_file: write,
 *   agent: subagent);
 * - a shell command's failure is PostToolUseFailure with the whole run as `error` text
 *   ("Command: ...\nOutput: ...\nExit Code: 3\n..."): `exit_code` from it and Claude's
 *   "Exit code N\n<output>" as the error; a success's `Exit Code: 0` gives `exit_code: 0`;
 * - Esc on a permission prompt fires no Stop, but PostToolBatch with a `cancelled` call: that
 *   batch becomes Interrupt (the turn ends); any other PostToolBatch is no event of the buddy.
 */
import { isEventShaped, type HostTranslator, type HostPayload } from './translator-contract.js';
import type { HostWithHookFile } from './host-spec.js';
import type { InternalEvent, ToolRole } from '../protocol/internal-event.js';
import { reportedExitCode, reportedOutput } from './shell-report.js';

const TOOL_ROLES: Readonly<Record<string, ToolRole>> = {
  run_shell_command: 'shell',
  edit: 'edit',
  write_file: 'write',
  agent: 'subagent',
};

/** What ends the output in Qwen's report: its stderr or its exit code. */
const OUTPUT_ENDS = ['\nError:', '\nExit Code:'];

function finishedShell(event: HostPayload): HostPayload {
  if (event.hook_event_name === 'PostToolUseFailure' && typeof event.error === 'string') {
    const exitCode = reportedExitCode(event.error);
    if (exitCode === undefined) return event;
    const output = reportedOutput(event.error, OUTPUT_ENDS);
    return {
      ...event,
      exit_code: exitCode,
      qwen_error: event.error,
      error: output ? `Exit code ${exitCode}\n${output}` : `Exit code ${exitCode}`,
    };
  }
  const content = (event.tool_response as { llmContent?: unknown } | undefined)?.llmContent;
  const exitCode = typeof content === 'string' ? reportedExitCode(content) : undefined;
  return exitCode === 0 && event.hook_event_name === 'PostToolUse' ? { ...event, exit_code: 0 } : event;
}

function cancelledBatch(event: HostPayload): boolean {
  const calls = Array.isArray(event.tool_calls) ? event.tool_calls : [];
  return calls.some((call) => (call as { status?: unknown } | null)?.status === 'cancelled');
}

/**
 * Where buddy-tui's hooks go: Qwen Code's user settings, `<home>/.qwen/settings.json`, key `hooks`,
 * Claude Code's nesting exactly (../shared/qwen-code-0.24.4/RECIPE.md): timeouts in seconds. Qwen
 * injects a hook's stdout into the conversation (on every continuation for UserPromptSubmit) and
 * blocks a prompt on exit 2: the command is silent and exits 0. PostToolBatch is registered for
 * one thing: Esc on a permission prompt fires no Stop, only a batch with a `cancelled` call. Qwen
 * rewrites its settings.json (it adds "$version" and UI keys): uninstall then takes out
 * buddy-tui's entries and keeps Qwen's own changes, instead of restoring the bytes from before.
 */
export const qwenSpec: HostWithHookFile = {
  id: 'qwen',
  label: 'Qwen Code',
  capabilities: {
    subagents: true,
    waitingForApproval: 'interactive-only',
    exitCodes: 'text',
    toolCallIds: true,
    turnEnd: 'missing-on-error',
    sessionEnd: 'interactive-only',
  },
  how: {
    subagents: 'SubagentStart/Stop',
    waitingForApproval: 'PermissionRequest (before PreToolUse)',
    exitCodes: "the failure's text `Exit Code: N`",
    toolCallIds: '`tool_use_id`',
    turnEnd:
      'Stop; Esc: a `cancelled` PostToolBatch (taken as Interrupt); **an API error in `-p`: no event** (the next prompt closes the turn)',
    sessionEnd: '**none in `-p`** (the session goes idle after Stop)',
  },
  normalize(payload): InternalEvent | undefined {
    if (!isEventShaped(payload)) return undefined;
    let event: HostPayload = { ...payload };
    switch (payload.hook_event_name) {
      case 'UserPromptSubmit':
        event =
          payload.prompt === '' ? { ...event, hook_event_name: 'PromptContinuation' } : { ...event, new_turn: true };
        break;
      case 'PostToolBatch':
        if (!cancelledBatch(payload)) return undefined;
        event = { ...event, hook_event_name: 'Interrupt', qwen_event: 'PostToolBatch' };
        break;
      default:
        break;
    }
    const tool = typeof payload.tool_name === 'string' ? payload.tool_name : undefined;
    if (tool && event.hook_event_name !== 'Interrupt') {
      const role = TOOL_ROLES[tool] ?? 'other';
      event.tool_role = role;
      if (role === 'shell') event = finishedShell(event);
    }
    return { ...event, host: 'qwen' } as InternalEvent;
  },
  hookFile: {
    short: 'Qwen',
    folder: { flag: 'qwen-home', names: 'home', name: '.qwen' },
    file: 'settings.json',
    events: [
      'SessionStart',
      'UserPromptSubmit',
      'PermissionRequest',
      'PreToolUse',
      'PostToolUse',
      'PostToolUseFailure',
      'PostToolBatch',
      'Notification',
      'SubagentStart',
      'SubagentStop',
      'PreCompact',
      'Stop',
      'StopFailure',
      'SessionEnd',
    ],
    entry: { commandKey: 'command', timeoutKey: 'timeout', timeout: 5 },
    gates: [
      { kind: 'host-rewrites-file', note: 'it adds "$version" and UI keys' },
      { kind: 'switch-on', file: 'settings.json', key: 'disableAllHooks' },
    ],
    helpWhere: ['in <home>/.qwen/settings.json', '(--qwen-home <dir> for another home)'],
    uninstallHelp:
      "removes buddy-tui's hooks from <home>/.qwen/settings.json (keeping what Qwen itself changed there).",
    afterInstall:
      'Qwen Code sessions started from now on feed the buddy (Qwen rewrites this file; doctor checks the hooks are still there).',
    allEventsNote: ' it needs',
    wiredNote: '',
  },
  cli: { binary: 'qwen', delegate: { adapter: 'qwen', setting: 'qwenPath' } },
};

export const qwenTranslator: HostTranslator = qwenSpec;
