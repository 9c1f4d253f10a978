/**
 * What buddy-tui's Pi extension writes to the inbox for one Pi event (../shared/pi-0.73.1/RECIPE.md):
 * Pi's event as Pi names its fields, cut down to what the translator (pi.ts) reads, plus the
 * session's id, transcript and folder, which Pi gives only through the handler's `ctx`. The
 * extension runs inside Pi and awaits nothing, so this is plain, bounded and import-free: the
 * extension's bundle holds it whole, and the translator reads the shared captures the same way.
 */

/** The Pi events buddy-tui journals; the rest (per-chunk `message_update`, whole-conversation `context`, ...) never leave Pi. */
export const PI_EVENTS = [
  'session_start',
  'before_agent_start',
  'tool_execution_start',
  'tool_execution_end',
  'agent_end',
  'session_before_compact',
  'session_compact',
  'session_shutdown',
] as const;
export type PiEventName = (typeof PI_EVENTS)[number];

/** What the handler's `ctx` tells of the session. */
export interface PiSessionContext {
  session_id?: string;
  session_file?: string;
  cwd?: string;
}

/** A string is kept to this many characters, head and tail (a command's exit code is its output's last line). */
const TEXT_LIMIT = 4000;
const HALF = TEXT_LIMIT / 2;
const LIST_LIMIT = 20;
const DEPTH_LIMIT = 4;

function boundedText(text: string): string {
  return text.length <= TEXT_LIMIT ? text : `${text.slice(0, HALF)}\n…\n${text.slice(-HALF)}`;
}

/** Any JSON-ish value with strings, lists and nesting bounded; functions and the like dropped. */
export function boundedValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return boundedText(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object' || depth >= DEPTH_LIMIT) return undefined;
  if (Array.isArray(value)) return value.slice(0, LIST_LIMIT).map((item) => boundedValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, LIST_LIMIT)) {
    const kept = boundedValue((value as Record<string, unknown>)[key], depth + 1);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/** A tool's arguments without what a file write carries (the file's whole text). */
function toolArgs(args: unknown): unknown {
  if (typeof args !== 'object' || args === null) return {};
  const { content: _content, edits: _edits, ...rest } = args as Record<string, unknown>;
  return boundedValue(rest);
}

/** The last message of a run: how it stopped (`stop`, `error`, `aborted`) and why. */
function lastMessage(messages: unknown): Record<string, unknown>[] {
  const last = Array.isArray(messages) ? messages.at(-1) : undefined;
  if (typeof last !== 'object' || last === null) return [];
  const { role, stopReason, errorMessage } = last as Record<string, unknown>;
  return [boundedValue({ role, stopReason, errorMessage }) as Record<string, unknown>];
}

/** The fields of `event` the translator reads, bounded. */
function eventFields(name: PiEventName, event: Record<string, unknown>): Record<string, unknown> {
  switch (name) {
    case 'session_start':
    case 'session_shutdown':
      return { reason: event.reason };
    case 'before_agent_start':
      // The prompt as the run starts (skills and templates expanded); never the system prompt.
      return { prompt: event.prompt };
    case 'tool_execution_start':
      return { toolCallId: event.toolCallId, toolName: event.toolName, args: toolArgs(event.args) };
    case 'tool_execution_end': {
      const result = event.result as { content?: unknown } | undefined;
      return {
        toolCallId: event.toolCallId,
        toolName: event.toolName,
        isError: event.isError === true,
        result: { content: boundedValue(result?.content) },
      };
    }
    case 'agent_end':
      return { messages: lastMessage(event.messages) };
    case 'session_before_compact':
    case 'session_compact':
      return {};
  }
}

/** The inbox payload of one Pi event: its `type`, its fields, the session; never throws on odd input. */
export function piPayload(name: PiEventName, event: unknown, session: PiSessionContext): Record<string, unknown> {
  const fields = typeof event === 'object' && event !== null ? eventFields(name, event as Record<string, unknown>) : {};
  return { type: name, ...(boundedValue(fields) as Record<string, unknown>), ...session };
}

/** Calls whose start was seen and whose end was not, at most: a lost end must not grow the map forever. */
const OPEN_CALLS_LIMIT = 256;

/**
 * The payloads of one Pi process, in order: piPayload, and each tool_execution_end given its
 * call's `args` from the start (Pi's end event has none, and a finished write or edit names its
 * file only there).
 */
export function createPiPayloads(): (
  name: PiEventName,
  event: unknown,
  session: PiSessionContext,
) => Record<string, unknown> {
  const openCalls = new Map<string, unknown>();
  return (name, event, session) => {
    const payload = piPayload(name, event, session);
    const id = typeof payload.toolCallId === 'string' ? payload.toolCallId : undefined;
    if (id && name === 'tool_execution_start') {
      if (openCalls.size >= OPEN_CALLS_LIMIT) openCalls.delete(openCalls.keys().next().value as string);
      openCalls.set(id, payload.args);
    } else if (id && name === 'tool_execution_end' && openCalls.has(id)) {
      payload.args = openCalls.get(id);
      openCalls.delete(id);
    }
    return payload;
  };
}
