/**
 * OpenAI Codex CLI (0.169.0) as a host. Its hook payloads already carry Claude Code's field
 * names (plus `turn_id` and `model`), the shell tool is `Bash` with `tool_input.command`, and
 * subagent events keep the parent's `session_id` with `agent_id`/`agent_type`, as Claude's do.
 * What differs, and what this translator makes up for:
 * - `tool_response` is the bare output, with no exit code: a command that exited non-zero is
 *   still a PostToolUse. The exit code is recovered from the rollout (codex-rollout.ts) and a
 *   non-zero one turns the event into Claude's PostToolUseFailure ("Exit code N\n<output>").
 * - Edits are `apply_patch` with the whole patch as `tool_input.command`: the tool keeps its
 *   name (the one the user sees in Codex) and the patched files go to `files_touched`.
 * Tool names stay as Codex says them (`apply_patch`, `spawn_agent`, ...).
 */
import { isAbsolute, join } from 'node:path';
import { isPatchText, patchPaths } from '../protocol/patch-files.js';
import { isEventShaped, type HostTranslator, type HostEvent } from './translator-contract.js';
import { readCallOutcome, type CallOutcome } from './codex-rollout.js';
import type { HostSpec } from './host-spec.js';

/** The patch's paths as absolute ones: Codex resolves a relative path against the turn's cwd. */
function touchedByPatch(patch: string, cwd: unknown): string[] {
  return patchPaths(patch).map((path) =>
    isAbsolute(path) || typeof cwd !== 'string' || !cwd ? path : join(cwd, path),
  );
}

/** The outcome of the call this PostToolUse reports, when the rollout says it. */
function outcomeOf(event: HostEvent): CallOutcome | undefined {
  const { transcript_path: path, tool_use_id: id } = event;
  return typeof path === 'string' && typeof id === 'string' ? readCallOutcome(path, id) : undefined;
}

/** The text without the newlines it ends with: by hand, as `/\n+$/` is retried from every newline of a run (issue 44). */
function withoutFinalNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end -= 1;
  return text.slice(0, end);
}

/** A finished call the rollout says exited non-zero, in Claude Code's failure shape. */
function asFailure(event: HostEvent, exitCode: number): HostEvent {
  const { tool_response: output, ...rest } = event;
  const text = typeof output === 'string' ? withoutFinalNewlines(output) : '';
  return {
    ...rest,
    hook_event_name: 'PostToolUseFailure',
    error: text ? `Exit code ${exitCode}\n${text}` : `Exit code ${exitCode}`,
    is_interrupt: false,
  };
}

function normalizePostToolUse(event: HostEvent): HostEvent {
  const out: HostEvent = { ...event };
  const patch =
    event.tool_name === 'apply_patch' ? (event.tool_input as { command?: unknown } | undefined)?.command : undefined;
  if (isPatchText(patch)) out.files_touched = touchedByPatch(patch, event.cwd);
  const outcome = outcomeOf(event);
  if (outcome?.durationMs !== undefined && typeof out.duration_ms !== 'number') out.duration_ms = outcome.durationMs;
  if (outcome?.exitCode === undefined) return out;
  out.exit_code = outcome.exitCode;
  return outcome.exitCode === 0 ? out : asFailure(out, outcome.exitCode);
}

/** Its installer is its own (src/cli/host-codex.ts): hooks.json and config.toml's trust. */
export const codexSpec: HostSpec = {
  id: 'codex',
  label: 'Codex',
  // Codex 0.169.0: PermissionRequest, SubagentStart/Stop, Stop and Interrupt; exit codes from the rollout.
  capabilities: {
    subagents: true,
    waitingForApproval: 'yes',
    exitCodes: 'transcript',
    toolCallIds: true,
    turnEnd: 'event',
    sessionEnd: 'always',
  },
  how: {
    subagents: 'SubagentStart/Stop',
    waitingForApproval: 'PermissionRequest',
    exitCodes: "from the session's rollout",
    toolCallIds: '`tool_use_id`',
    turnEnd: 'Stop, Interrupt',
    sessionEnd: "SessionEnd (late in the TUI's daemon mode)",
  },
  normalize(payload) {
    if (!isEventShaped(payload)) return undefined;
    const event = payload.hook_event_name === 'PostToolUse' ? normalizePostToolUse(payload) : { ...payload };
    return { ...event, host: 'codex' };
  },
  cli: { binary: 'codex', delegate: { adapter: 'codex', setting: 'codexPath' } },
};

export const codexTranslator: HostTranslator = codexSpec;
