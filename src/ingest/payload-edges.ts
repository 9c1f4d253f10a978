/**
 * Fields read from the raw text of a payload that cannot be parsed whole: one over the size cap
 * (the Node hook and the inbox drain journal it as a marker) or one still being written (the
 * drain holds back the rest of its session). Zod-free: both hot paths load it.
 */
/** Payloads beyond this are not parsed: they are journaled as a marker built from their edges. */
export const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

/** Bytes kept from each end of an oversize payload, to name its session and event. */
export const MARKER_EDGE_BYTES = 64 * 1024;

/** The first (head) or last (tail) top-level-looking `"key": "string"` in raw JSON text. */
export function stringField(text: string, key: string, last: boolean): string | undefined {
  const pattern = new RegExp(`"${key}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`, 'g');
  let found: string | undefined;
  for (const match of text.matchAll(pattern)) {
    found = match[1];
    if (!last) break;
  }
  if (found === undefined) return undefined;
  try {
    const value = JSON.parse(found) as unknown;
    return typeof value === 'string' ? value.slice(0, 512) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The event an oversize payload is journaled as: what names it (session, event, tool, ids, cwd),
 * found in its first and last 64 KiB (Claude Code sends the ids first and `tool_use_id` after
 * the tool's output), plus `truncated: true` and `payload_bytes`. Nothing of the payload's body.
 */
export function markerFromEdges(
  headBytes: Buffer,
  tailBytes: Buffer,
  totalBytes: number,
): Record<string, unknown> | undefined {
  const head = headBytes.toString('utf8');
  const tail = tailBytes.toString('utf8');
  const marker: Record<string, unknown> = {};
  for (const key of ['session_id', 'hook_event_name', 'cwd', 'transcript_path', 'tool_name', 'prompt_id']) {
    const value = stringField(head, key, false);
    if (value !== undefined) marker[key] = value;
  }
  for (const key of ['tool_use_id', 'agent_id', 'agent_type']) {
    const value = stringField(tail, key, true) ?? stringField(head, key, false);
    if (value !== undefined) marker[key] = value;
  }
  if (typeof marker.session_id !== 'string' || typeof marker.hook_event_name !== 'string') return undefined;
  return { ...marker, truncated: true, payload_bytes: totalBytes };
}

/**
 * The zod-free form of hookPayloadSchema (src/protocol/hook-event.ts), for the drain on the
 * statusline's path: an object with a string `session_id` and a string `hook_event_name`.
 * test/ingest/drain-inbox.test.ts holds the two to the same answers.
 */
export function isHookPayload(
  value: unknown,
): value is Record<string, unknown> & { session_id: string; hook_event_name: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = value as Record<string, unknown>;
  return typeof fields.session_id === 'string' && typeof fields.hook_event_name === 'string';
}
