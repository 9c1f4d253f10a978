/** Claude Code is the reference host: its events are the internal shape already. */
import { isEventShaped, type HostTranslator } from './translator-contract.js';
import type { HostSpec } from './host-spec.js';

/** Its installer is its own (src/cli/host-claude.ts): settings.json, the statusLine and the mod. */
export const claudeSpec: HostSpec = {
  id: 'claude',
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
  normalize: (payload) => (isEventShaped(payload) ? { ...payload, host: 'claude' } : undefined),
  cli: { binary: 'claude', delegate: { adapter: 'claude-cli', setting: 'claudePath' } },
};

export const claudeTranslator: HostTranslator = claudeSpec;
