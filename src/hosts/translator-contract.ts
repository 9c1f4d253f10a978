/**
 * What a host translator is (part of the host's spec, host-spec.ts): each host's file imports this
 * file, never the registry, so the registry importing every host makes no cycle.
 */
import type { HostSpec } from './host-spec.js';

/** A hook payload as a host sent it: any JSON object (the translator decides whether it is an event). */
export type HostPayload = Record<string, unknown>;

/** A payload already known to carry Claude Code's two identifying fields. */
export type HostEvent = HostPayload & { session_id: string; hook_event_name: string };

/** A host's id, what it reports at all (the pane and `status` show nothing it cannot) and `normalize`: its spec's. */
export type HostTranslator = Pick<HostSpec, 'id' | 'capabilities' | 'normalize'>;

/** True when the payload has a string `session_id` and `hook_event_name` (Claude Code's shape). */
export function isEventShaped(payload: HostPayload): payload is HostEvent {
  return typeof payload.session_id === 'string' && typeof payload.hook_event_name === 'string';
}
