/**
 * What a host translator is (host-translator.ts keeps the registry of them): each translator imports this
 * file, never the registry, so the registry importing every translator makes no cycle.
 */
import type { InternalEvent } from '../protocol/internal-event.js';
import type { HostCapabilities } from './host-spec.js';
import type { HostId } from './host-id.js';

/** A hook payload as a host sent it: any JSON object (the translator decides whether it is an event). */
export type HostPayload = Record<string, unknown>;

/** A payload already known to carry Claude Code's two identifying fields. */
export type HostEvent = HostPayload & { session_id: string; hook_event_name: string };

export interface HostTranslator {
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
