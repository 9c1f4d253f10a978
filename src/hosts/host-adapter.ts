/**
 * The host seam: one adapter per host turns that host's hook payload into the one internal
 * event and stamps `host` on it. Everything after the journal is host-blind.
 * Adapters run on the ingest path (the hook and the inbox drain), so they stay zod-free and quick;
 * the only file one may read is the host's own transcript of the session, bounded (codex-rollout.ts).
 */
import { claudeAdapter } from './claude.js';
import { codexAdapter } from './codex.js';
import type { HostId } from './host-id.js';

export type HostEvent = Record<string, unknown> & { session_id: string; hook_event_name: string };

export interface HostAdapter {
  readonly id: HostId;
  /** The payload (already checked for `session_id` and `hook_event_name`) as the internal event, `host` set. */
  normalize(payload: HostEvent): HostEvent;
}

const ADAPTERS: Record<HostId, HostAdapter> = {
  claude: claudeAdapter,
  codex: codexAdapter,
};

export function hostAdapter(host: HostId): HostAdapter {
  return ADAPTERS[host];
}

export function normalizeHostEvent(host: HostId, payload: HostEvent): HostEvent {
  return hostAdapter(host).normalize(payload);
}
