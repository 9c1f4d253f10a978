/**
 * The host seam: one translator per host turns that host's hook payload into the one internal
 * event (src/protocol/internal-event.ts) and stamps `host` on it. Everything after the journal is
 * host-blind. Translators run on the ingest path (the hook and the inbox drain), so they stay
 * zod-free and quick; the only file one may read is the host's own transcript of the session,
 * bounded (codex-rollout.ts).
 */
import type { InternalEvent } from '../protocol/internal-event.js';
import { withoutStampedFields } from '../protocol/stamped-fields.js';
import { claudeTranslator } from './claude.js';
import { codexTranslator } from './codex.js';
import { copilotTranslator } from './copilot.js';
import { geminiTranslator } from './gemini.js';
import { qwenTranslator } from './qwen.js';
import type { HostTranslator, HostPayload } from './translator-contract.js';
import type { HostId } from './host-id.js';

export { isEventShaped, type HostTranslator, type HostEvent, type HostPayload } from './translator-contract.js';

const TRANSLATORS: Record<HostId, HostTranslator> = {
  claude: claudeTranslator,
  codex: codexTranslator,
  copilot: copilotTranslator,
  gemini: geminiTranslator,
  qwen: qwenTranslator,
};

export function hostTranslator(host: HostId): HostTranslator {
  return TRANSLATORS[host];
}

/**
 * Any parsed JSON as the host's internal event; undefined for a non-object or no event of the host.
 * The fields buddy-tui stamps itself (ts, inbox, the tmux place) are dropped from what the host
 * sent, so a payload's own never pass for buddy-tui's.
 */
export function normalizeHostEvent(host: HostId, payload: unknown): InternalEvent | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const event = hostTranslator(host).normalize(withoutStampedFields(payload as HostPayload));
  return event && withoutStampedFields(event);
}
