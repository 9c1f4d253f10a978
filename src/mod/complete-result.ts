/**
 * What the mod hands `buddy-tui mod-answer`: `$.model.complete`'s result, as JSON, made into the
 * bridge response the waiting session adapter takes (src/mod/mod-bridge.ts). Cut to size and
 * checked field by field: it comes from a process we do not run.
 */
import type { BridgeResponse } from './mod-bridge.js';

const MAX_TEXT_CHARS = 8000;

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/** `$.model.complete`'s result as a bridge response; its usage names are read in either spelling. */
export function responseFrom(id: string, input: unknown): BridgeResponse | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const result = input as {
    isAnswered?: unknown;
    text?: unknown;
    reason?: unknown;
    model?: unknown;
    usage?: Record<string, unknown>;
  };
  if (typeof result.isAnswered !== 'boolean') return undefined;
  const usage = result.usage && typeof result.usage === 'object' ? result.usage : {};
  return {
    v: 1,
    id,
    isAnswered: result.isAnswered,
    ...(typeof result.text === 'string' ? { text: result.text.slice(0, MAX_TEXT_CHARS) } : {}),
    ...(typeof result.reason === 'string' ? { reason: result.reason.slice(0, 200) } : {}),
    ...(typeof result.model === 'string' ? { model: result.model.slice(0, 80) } : {}),
    inputTokens: count(usage.inputTokens ?? usage.input_tokens),
    outputTokens: count(usage.outputTokens ?? usage.output_tokens),
  };
}
