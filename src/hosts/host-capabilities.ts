/**
 * What each host can report at all: the registry docs/hosts.md's table is generated from
 * (scripts/gen-host-docs.ts; test/hosts/capability-table.test.ts keeps them equal), and what the
 * pane and `status` read so they never invent what a host cannot say: a host without subagent
 * events shows "—" in the overview's subagent column and `"agents": null` in `status --json`.
 * Zod-free: the hook, the statusline and the pane all may read it.
 */
import { parseHostId, type HostId } from './host-id.js';

export interface HostCapabilities {
  /** Subagent start and stop, with an id. */
  subagents: boolean;
  /** The session waits for the user's approval (a permission prompt is on screen): in every mode, or only in the host's TUI. */
  waitingForApproval: 'yes' | 'interactive-only';
  /** A shell command's exit code (and so a command that failed): as a field, from the host's transcript, or read from the output text. */
  exitCodes: 'field' | 'transcript' | 'text';
  /** An id per tool call: a running call can be shown until its end. */
  toolCallIds: boolean;
  /** How a turn's end is known: always an event, or an event that is missing on a cancelled permission prompt and/or an API error. */
  turnEnd: 'event' | 'missing-on-cancel' | 'missing-on-error' | 'missing-on-cancel-and-error';
  /** A session end event, in the modes the host has. */
  sessionEnd: 'always' | 'interactive-only' | 'never';
}

/** One host's row of the table: the values, and a few words on how each is known (the table's cells). */
export interface HostCapabilityRow {
  capabilities: HostCapabilities;
  label: string;
  how: Record<keyof HostCapabilities, string>;
}

export const HOST_CAPABILITIES: Record<HostId, HostCapabilityRow> = {
  claude: {
    label: 'Claude Code',
    capabilities: {
      subagents: true,
      waitingForApproval: 'yes',
      exitCodes: 'field',
      toolCallIds: true,
      turnEnd: 'event',
      sessionEnd: 'always',
    },
    how: {
      subagents: 'SubagentStart/Stop',
      waitingForApproval: 'PermissionRequest, Notification',
      exitCodes: 'PostToolUseFailure',
      toolCallIds: '`tool_use_id`',
      turnEnd: 'Stop / StopFailure',
      sessionEnd: 'SessionEnd',
    },
  },
  codex: {
    label: 'Codex',
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
  },
  copilot: {
    label: 'Copilot CLI',
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
      toolCallIds: 'tools count when they end',
      turnEnd: 'Stop; an API error: ErrorOccurred (as StopFailure); **Esc on a permission prompt: no event**',
      sessionEnd: 'SessionEnd (`complete`, `error`, `user_exit`)',
    },
  },
  gemini: {
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
      toolCallIds: 'tools count when they end',
      turnEnd: 'AfterAgent; **Esc and API errors: no event** (the next prompt closes the turn)',
      sessionEnd: 'SessionEnd (three times on `/quit`; once is enough)',
    },
  },
  qwen: {
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
  },
};

/** What `host` can report; an unknown host (a journal line from a newer buddy-tui) is taken as Claude Code. */
export function hostCapabilities(host: string | undefined): HostCapabilities {
  return HOST_CAPABILITIES[parseHostId(host) ?? 'claude'].capabilities;
}
