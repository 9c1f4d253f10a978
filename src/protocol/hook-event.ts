/**
 * What Claude Code sends to a hook on stdin, and what the journal stores.
 * Loose on purpose: Claude Code adds fields often, and the journal keeps them all.
 * Uses zod/mini because this module sits on the hook's hot path.
 */
import * as z from 'zod/mini';

export { HOOK_EVENT_NAMES, type HookEventName } from './hook-event-names.js';

/** Events whose `matcher` is a regex on the tool name. */
export const TOOL_EVENTS: ReadonlySet<string> = new Set([
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PermissionDenied',
]);

/** The light check the hook makes: the two fields it needs, everything else kept as is. */
export const hookPayloadSchema = z.looseObject({
  session_id: z.string(),
  hook_event_name: z.string(),
});

/** One journal line: the payload as received plus the receive time `ts` (ms since epoch). */
export interface JournalEvent {
  ts: number;
  session_id: string;
  hook_event_name: string;
  /** The agent host that sent it (src/hosts/); absent on lines from before hosts: Claude Code. */
  host?: string;
  transcript_path?: string;
  cwd?: string;
  permission_mode?: string;
  prompt_id?: string;
  prompt?: string;
  source?: string;
  reason?: string;
  trigger?: string;
  model?: string | { id?: string; display_name?: string };
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  tool_response?: unknown;
  tool_use_id?: string;
  duration_ms?: number;
  error?: string;
  is_interrupt?: boolean;
  agent_id?: string;
  agent_type?: string;
  last_assistant_message?: string;
  /** Files a finished tool call wrote, when its input does not say it in `file_path` (Codex's apply_patch). */
  files_touched?: string[];
  /** What the tool does, when its name is not one of Claude Code's (internal-event.ts). */
  tool_role?: string;
  /** A shell command's exit code, when the host told it apart from the output (Codex, from its rollout). */
  exit_code?: number;
  /** When the host says the event happened, in ms by its clock, for a host whose hooks race (internal-event.ts). */
  event_time?: number;
  [field: string]: unknown;
}
