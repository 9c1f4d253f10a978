/** Claude Code is the reference host: its events are the internal shape already. */
import { isEventShaped, type HostAdapter } from './adapter-contract.js';

export const claudeAdapter: HostAdapter = {
  id: 'claude',
  capabilities: { subagents: true, waitingForApproval: true, exitCodes: true, toolCallIds: true, turnEnd: 'event', sessionEnd: 'always' },
  normalize: (payload) => (isEventShaped(payload) ? { ...payload, host: 'claude' } : undefined),
};
