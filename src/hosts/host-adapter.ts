/**
 * The host seam: one adapter per host turns that host's hook payload into the one internal
 * event (src/protocol/internal-event.ts) and stamps `host` on it. Everything after the journal is
 * host-blind. Adapters run on the ingest path (the hook and the inbox drain), so they stay
 * zod-free and quick; the only file one may read is the host's own transcript of the session,
 * bounded (codex-rollout.ts).
 */
import type { InternalEvent } from '../protocol/internal-event.js';
import { claudeAdapter } from './claude.js';
import { codexAdapter } from './codex.js';
import { copilotAdapter } from './copilot.js';
import { geminiAdapter } from './gemini.js';
import { qwenAdapter } from './qwen.js';
import type { HostAdapter, HostPayload } from './adapter-contract.js';
import type { HostId } from './host-id.js';

export { isEventShaped, type HostAdapter, type HostEvent, type HostPayload } from './adapter-contract.js';

const ADAPTERS: Record<HostId, HostAdapter> = {
  claude: claudeAdapter,
  codex: codexAdapter,
  copilot: copilotAdapter,
  gemini: geminiAdapter,
  qwen: qwenAdapter,
};

export function hostAdapter(host: HostId): HostAdapter {
  return ADAPTERS[host];
}

/** Any parsed JSON as the host's internal event; undefined for a non-object or no event of the host. */
export function normalizeHostEvent(host: HostId, payload: unknown): InternalEvent | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  return hostAdapter(host).normalize(payload as HostPayload);
}
