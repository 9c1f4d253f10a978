/**
 * What buddy-tui's OpenCode (and Kilo) plugin writes for each plugin hook call and bus event it is
 * handed (../shared/opencode-1.18.33/RECIPE.md §4-§7): a small record in OpenCode's own names, which
 * the host's translator (src/hosts/opencode.ts) turns into the internal event when the drain reads
 * it. The plugin keeps what only the running process knows and a record alone cannot say:
 * - a child session's parent (`session.created` with `info.parentID`): the child's events go to the
 *   parent's session with `child_session_id` (subagents), every one of its own bus events after that;
 * - the call a permission request is about (`permission.replied` names only the request);
 * - the root sessions it wrote, which the process-wide `dispose` ends (it names no session).
 * Everything else is dropped here (streamed deltas, `session.updated`, and never `chat.params` or
 * `chat.headers`, which carry the provider's API key). Strings are cut and objects bounded, so a
 * record stays small whatever a tool printed. Never throws on any payload shape.
 */

/** One record for the inbox: the root session, OpenCode's event name, and its few fields. */
export type OpenCodeRecord = Record<string, unknown> & { session_id: string; hook_event_name: string };

/** What the plugin remembers of its process's sessions (bounded: old entries are dropped). */
export interface OpenCodeMemory {
  /** Child session id -> its root session id. */
  parents: Map<string, string>;
  /** Root sessions this process wrote, for `dispose`. */
  roots: Set<string>;
  /** Permission request id -> the call it asked about. */
  asks: Map<string, { callId?: string; permission?: string }>;
  /** Tool calls already reported failed (a part update may repeat). */
  failed: Set<string>;
}

const MAX_REMEMBERED = 512;
const MAX_TEXT = 8 * 1024;
const MAX_KEYS = 32;

export function emptyOpenCodeMemory(): OpenCodeMemory {
  return { parents: new Map(), roots: new Set(), asks: new Map(), failed: new Set() };
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The value with strings cut to MAX_TEXT, at most MAX_KEYS keys or items a level and 4 levels deep. */
export function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= 4 || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((item) => bounded(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, MAX_KEYS))
    out[key] = bounded((value as Record<string, unknown>)[key], depth + 1);
  return out;
}

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

/** The record's session part: the root session, and the child's own id when it came from a child. */
function placed(memory: OpenCodeMemory, sessionId: unknown): Record<string, string> | undefined {
  const id = str(sessionId);
  if (!id) return undefined;
  const root = memory.parents.get(id);
  if (root) return { session_id: root, child_session_id: id };
  if (memory.roots.size >= MAX_REMEMBERED && !memory.roots.has(id)) memory.roots.clear();
  memory.roots.add(id);
  return { session_id: id };
}

function record(memory: OpenCodeMemory, name: string, sessionId: unknown, fields: Record<string, unknown>) {
  const where = placed(memory, sessionId);
  return where ? [{ ...where, hook_event_name: name, ...fields } as OpenCodeRecord] : [];
}

function sessionCreated(memory: OpenCodeMemory, info: Record<string, unknown>): OpenCodeRecord[] {
  const id = str(info.id);
  const parent = str(info.parentID);
  if (id && parent) remember(memory.parents, id, memory.parents.get(parent) ?? parent);
  return record(memory, 'session.created', id, {
    cwd: str(info.directory),
    agent: str(info.agent),
    title: bounded(str(info.title)),
  });
}

/** A tool part that ended in an error (no `tool.execute.after` fires for it), reported once. */
function toolPart(memory: OpenCodeMemory, part: Record<string, unknown>): OpenCodeRecord[] {
  const state = obj(part.state);
  const callId = str(part.callID);
  if (part.type !== 'tool' || state.status !== 'error' || !callId || memory.failed.has(callId)) return [];
  if (memory.failed.size >= MAX_REMEMBERED) memory.failed.clear();
  memory.failed.add(callId);
  return record(memory, 'tool.failed', part.sessionID, {
    tool: str(part.tool),
    call_id: callId,
    args: bounded(state.input),
    error: bounded(str(state.error) ?? 'tool error'),
  });
}

function permissionAsked(memory: OpenCodeMemory, props: Record<string, unknown>): OpenCodeRecord[] {
  const tool = obj(props.tool);
  const id = str(props.id);
  const ask = { callId: str(tool.callID), permission: str(props.permission) };
  if (id) remember(memory.asks, id, ask);
  return record(memory, 'permission.asked', props.sessionID, {
    permission: ask.permission,
    call_id: ask.callId,
    request_id: id,
    patterns: bounded(props.patterns),
    command: bounded(str(obj(props.metadata).command)),
  });
}

function permissionReplied(memory: OpenCodeMemory, props: Record<string, unknown>): OpenCodeRecord[] {
  const id = str(props.requestID);
  const ask = (id && memory.asks.get(id)) || {};
  if (id) memory.asks.delete(id);
  return record(memory, 'permission.replied', props.sessionID, {
    reply: str(props.reply),
    request_id: id,
    call_id: ask.callId,
    permission: ask.permission,
  });
}

/** A bus event's records (`event.type`, `event.properties`). */
export function busEventRecords(memory: OpenCodeMemory, event: unknown): OpenCodeRecord[] {
  const { type } = obj(event);
  const props = obj(obj(event).properties);
  switch (type) {
    case 'session.created':
      return sessionCreated(memory, obj(props.info));
    case 'message.part.updated':
      return toolPart(memory, obj(props.part));
    case 'permission.asked':
      return permissionAsked(memory, props);
    case 'permission.replied':
      return permissionReplied(memory, props);
    case 'session.error': {
      const error = obj(props.error);
      const message = str(obj(error.data).message) ?? str(error.message) ?? str(error.name) ?? 'model error';
      return record(memory, 'session.error', props.sessionID, { error: bounded(message), error_name: str(error.name) });
    }
    case 'message.updated': {
      const info = obj(props.info);
      const name = str(obj(info.error).name);
      return name === 'MessageAbortedError' ? record(memory, 'message.aborted', info.sessionID, {}) : [];
    }
    case 'session.idle':
    case 'session.compacted':
      return record(memory, type, props.sessionID, {});
    default:
      return [];
  }
}

/** The prompt's text: its text parts, joined. */
function promptText(parts: unknown): string {
  if (!Array.isArray(parts)) return '';
  return parts
    .map((part) => (obj(part).type === 'text' ? (str(obj(part).text) ?? '') : ''))
    .filter(Boolean)
    .join('\n');
}

/** A named plugin hook's records (`input`, `output`); `chat.params` and `chat.headers` are never among them. */
export function hookRecords(memory: OpenCodeMemory, hook: string, input: unknown, output: unknown): OpenCodeRecord[] {
  const into = obj(input);
  const out = obj(output);
  switch (hook) {
    case 'chat.message': {
      const model = obj(into.model ?? obj(out.message).model);
      const modelName =
        str(model.providerID) && str(model.modelID) ? `${model.providerID}/${model.modelID}` : undefined;
      return record(memory, hook, into.sessionID, {
        prompt: bounded(promptText(out.parts)),
        agent: str(into.agent) ?? str(obj(out.message).agent),
        model: modelName,
      });
    }
    case 'tool.execute.before':
      return record(memory, hook, into.sessionID, {
        tool: str(into.tool),
        call_id: str(into.callID),
        args: bounded(out.args),
      });
    case 'tool.execute.after': {
      const metadata = obj(out.metadata);
      return record(memory, hook, into.sessionID, {
        tool: str(into.tool),
        call_id: str(into.callID),
        args: bounded(into.args),
        title: bounded(str(out.title)),
        output: bounded(str(out.output)),
        exit: typeof metadata.exit === 'number' ? metadata.exit : undefined,
        child_session: str(metadata.sessionId),
      });
    }
    case 'experimental.session.compacting':
      return record(memory, hook, into.sessionID, {});
    default:
      return [];
  }
}

/** `dispose` (the host process ends its plugins; no session named): the end of every root session written. */
export function disposeRecords(memory: OpenCodeMemory): OpenCodeRecord[] {
  const records = [...memory.roots].map((id) => ({ session_id: id, hook_event_name: 'dispose' }) as OpenCodeRecord);
  memory.roots.clear();
  return records;
}
