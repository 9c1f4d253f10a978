/** Claude Code is the reference host: its events are the internal shape already. */
import { isEventShaped, type HostTranslator } from './translator-contract.js';
import { HOST_CAPABILITIES } from './host-capabilities.js';

export const claudeTranslator: HostTranslator = {
  id: 'claude',
  capabilities: HOST_CAPABILITIES.claude.capabilities,
  normalize: (payload) => (isEventShaped(payload) ? { ...payload, host: 'claude' } : undefined),
};
