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
import type { HostCapabilities } from './host-capabilities.js';
import type { HostId } from './host-id.js';

/** A hook payload as a host sent it: any JSON object (the adapter decides whether it is an event). */
export type HostPayload = Record<string, unknown>;

/** A payload already known to carry Claude Code's two identifying fields. */
export type HostEvent = HostPayload & { session_id: string; hook_event_name: string };

export interface HostAdapter {
  readonly id: HostId;
  /** What the host reports at all; the pane and `status` show nothing it cannot. */
  readonly capabilities: HostCapabilities;
  /** The payload as the internal event, `host` set; undefined when it is no event of this host. */
  normalize(payload: HostPayload): InternalEvent | undefined;
}

/** True when the payload has a string `session_id` and `hook_event_name` (Claude Code's shape). */
export function isEventShaped(payload: HostPayload): payload is HostEvent {
  return typeof payload.session_id === 'string' && typeof payload.hook_event_name === 'string';
}

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
