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

/** Where the JSON string that opens at `start` closes (its last quote); -1 when the text ends first. */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 0x5c) at += 1;
    else if (code === 0x22) return at;
  }
  return -1;
}

function stringOf(literal: string): string | undefined {
  try {
    const value = JSON.parse(literal) as unknown;
    return typeof value === 'string' ? value.slice(0, 512) : undefined;
  } catch {
    return undefined;
  }
}

/** A key's colon, and the quote of a string value after it. */
const STRING_VALUE = /\s*:\s*"/y;

/**
 * The first string value of each wanted key at the top level of raw JSON text, which may be only
 * the head of an object; one pass. A key of the same name nested at any depth (in a tool's input)
 * is passed over.
 */
export function topLevelStrings(text: string, keys: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  let depth = 0;
  for (let at = 0; at < text.length && found.size < keys.length; at += 1) {
    const char = text[at];
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
    if (char !== '"') continue;
    const end = stringEnd(text, at);
    if (end < 0) break;
    const key = depth === 1 ? stringOf(text.slice(at, end + 1)) : undefined;
    STRING_VALUE.lastIndex = end + 1;
    if (key === undefined || !keys.includes(key) || found.has(key) || !STRING_VALUE.test(text)) {
      at = end;
      continue;
    }
    const valueEnd = stringEnd(text, STRING_VALUE.lastIndex - 1);
    if (valueEnd < 0) break;
    const value = stringOf(text.slice(STRING_VALUE.lastIndex - 1, valueEnd + 1));
    if (value !== undefined) found.set(key, value);
    at = valueEnd;
  }
  return found;
}

const HEAD_FIELDS = ['session_id', 'hook_event_name', 'cwd', 'transcript_path', 'tool_name', 'prompt_id'];
const TAIL_FIELDS = ['tool_use_id', 'agent_id', 'agent_type'];

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
  // From the head only the payload's own (top-level) fields: `cwd` and `transcript_path` become places.
  const fromHead = topLevelStrings(head, [...HEAD_FIELDS, ...TAIL_FIELDS]);
  for (const key of HEAD_FIELDS) {
    const value = fromHead.get(key);
    if (value !== undefined) marker[key] = value;
  }
  for (const key of TAIL_FIELDS) {
    const value = stringField(tail, key, true) ?? fromHead.get(key);
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
