/**
 * The host seam: one translator per host turns that host's hook payload into the one internal
 * event (src/protocol/internal-event.ts) and stamps `host` on it. Everything after the journal is
 * host-blind. Translators run on the ingest path (the hook and the inbox drain), so they stay
 * zod-free and quick; the only file one may read is the host's own transcript of the session,
 * bounded (codex-rollout.ts).
 */
import type { InternalEvent } from '../protocol/internal-event.js';
import { withoutStampedFields } from '../protocol/stamped-fields.js';
import { HOST_SPECS } from './host-capabilities.js';
import type { HostTranslator, HostPayload } from './translator-contract.js';
import { parseHostId, type FeedHost, type HostId } from './host-id.js';
import { userHostEvent } from './user-host.js';
import type { UserHostMap } from './user-host-map.js';

export { isEventShaped, type HostTranslator, type HostEvent, type HostPayload } from './translator-contract.js';

/** A host's translator: its spec (src/hosts/<id>.ts, in the registry of host-capabilities.ts). */
export function hostTranslator(host: HostId): HostTranslator {
  return HOST_SPECS[host];
}

/**
 * Any parsed JSON as the host's internal event; undefined for a non-object or no event of the host.
 * A host with no translator of its own (`generic`, a user's) goes through user-host.ts with the
 * user's map, when there is one. The fields buddy-tui stamps itself (ts, inbox, the tmux place) are
 * dropped from what the host sent and from what a map made of it, so a payload's own never pass
 * for buddy-tui's.
 */
export function normalizeHostEvent(host: FeedHost, payload: unknown, map?: UserHostMap): InternalEvent | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const sent = withoutStampedFields(payload as HostPayload);
  const builtIn = parseHostId(host);
  const event = builtIn ? hostTranslator(builtIn).normalize(sent) : userHostEvent(host, sent, map);
  return event && withoutStampedFields(event);
}
