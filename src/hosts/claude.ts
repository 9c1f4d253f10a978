/** Claude Code is the reference host: its events are the internal shape already. */
import type { HostAdapter } from './host-adapter.js';

export const claudeAdapter: HostAdapter = {
  id: 'claude',
  normalize: (payload) => ({ ...payload, host: 'claude' }),
};
