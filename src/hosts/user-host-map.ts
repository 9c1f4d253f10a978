/**
 * Hosts buddy-tui has no translator for: `generic` (any tool that sends Claude Code's payload
 * shape), or a name the user gives in config.json's `hosts`, with a map of that agent's event and
 * field names onto Claude Code's (docs/hosts.md, "Any other agent"). The map is data only: it
 * renames keys and event names, and never names a path, a command or a socket. Zod-free: the hook
 * and the drain check a map by hand (the config's zod schema says the same for doctor and editors).
 */
import { HOOK_EVENT_NAMES } from '../protocol/hook-event-names.js';
import { STAMPED_FIELDS } from '../protocol/stamped-fields.js';
import { GENERIC_HOST, HOST_IDS, USER_HOST_ID } from './host-id.js';
/** A key of a host's payload, or of the internal event, that a map may name. */
export const MAP_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
/** An internal event field a map may write: snake_case, never one buddy-tui stamps itself. */
export const MAP_TARGET_FIELD = /^[a-z][a-z0-9_]{0,63}$/;
export const MAX_MAP_ENTRIES = 64;
export const MAX_LABEL_CHARS = 40;

export interface UserHostMap {
  /** What the pane and `status` call the host; the id when absent. */
  label?: string;
  /** The host's event name -> Claude Code's (HOOK_EVENT_NAMES). */
  events: Record<string, string>;
  /** The host's payload key -> the internal event's. */
  fields: Record<string, string>;
}

export interface MapProblem {
  /** Where in config.json, key by key (`['hosts', 'qoder', 'events', 'beforeTool']`). */
  at: string[];
  message: string;
}

/** `hosts.qoder.events.beforeTool`, or `hosts["a.b"]` for a key that is no identifier (as config errors write paths). */
export function mapProblemPath(at: readonly string[]): string {
  return at
    .map((key, i) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${i ? '.' : ''}${key}` : `[${JSON.stringify(key)}]`))
    .join('');
}

const EVENT_NAMES: ReadonlySet<string> = new Set(HOOK_EVENT_NAMES);
const BUILT_IN_IDS: ReadonlySet<string> = new Set(HOST_IDS);
const FORBIDDEN_TARGETS: ReadonlySet<string> = new Set([...STAMPED_FIELDS, 'host']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why `id` cannot name a user's host; undefined when it can. */
export function userHostIdProblem(id: string): string | undefined {
  if (BUILT_IN_IDS.has(id)) return `"${id}" is a built-in host (its own translator runs): pick another name`;
  if (id === GENERIC_HOST) return `"${GENERIC_HOST}" is reserved for Claude-shaped payloads with no map`;
  if (!USER_HOST_ID.test(id)) return 'a host id is 2 to 12 of a-z, 0-9 and -, starting with a letter';
  return undefined;
}

/** Why `to` cannot be what `events[from]` or `fields[from]` names; undefined when it can. */
function entryProblem(kind: 'events' | 'fields', from: string, to: unknown): string | undefined {
  if (!MAP_KEY.test(from)) return 'a name of 1 to 64 letters, digits, _ . or -';
  if (typeof to !== 'string') return 'expected a string';
  if (kind === 'events') return EVENT_NAMES.has(to) ? undefined : `"${to}" is no event of buddy-tui's (docs/hosts.md)`;
  if (FORBIDDEN_TARGETS.has(to)) return `"${to}" is buddy-tui's own field, never taken from a payload`;
  return MAP_TARGET_FIELD.test(to) ? undefined : 'a snake_case field name (a-z, 0-9, _)';
}

function checkEntries(
  kind: 'events' | 'fields',
  value: unknown,
  at: string[],
  problems: MapProblem[],
): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (value === undefined) return out;
  if (!isObject(value)) return (problems.push({ at, message: 'expected an object of names' }), out);
  const entries = Object.entries(value);
  if (entries.length > MAX_MAP_ENTRIES) problems.push({ at, message: `more than ${MAX_MAP_ENTRIES} names` });
  for (const [from, to] of entries.slice(0, MAX_MAP_ENTRIES)) {
    const problem = entryProblem(kind, from, to);
    if (problem) problems.push({ at: [...at, from], message: problem });
    else out[from] = to as string;
  }
  return out;
}

/**
 * One `hosts.<id>` entry checked by hand: the map of what is right in it (a wrong entry is left
 * out and named, the rest still applies), or undefined when the entry cannot be a host at all.
 */
export function checkUserHostMap(id: string, value: unknown, problems: MapProblem[]): UserHostMap | undefined {
  const at = ['hosts', id];
  const idProblem = userHostIdProblem(id);
  if (idProblem) return void problems.push({ at, message: idProblem });
  if (!isObject(value)) return void problems.push({ at, message: 'expected an object' });
  for (const key of Object.keys(value)) {
    if (key !== 'label' && key !== 'events' && key !== 'fields')
      problems.push({ at: [...at, key], message: 'unknown key' });
  }
  const label = value.label;
  const labelOk = typeof label === 'string' && label.length > 0 && label.length <= MAX_LABEL_CHARS;
  if (label !== undefined && !labelOk)
    problems.push({ at: [...at, 'label'], message: `a name of 1 to ${MAX_LABEL_CHARS} characters` });
  return {
    ...(labelOk ? { label } : {}),
    events: checkEntries('events', value.events, [...at, 'events'], problems),
    fields: checkEntries('fields', value.fields, [...at, 'fields'], problems),
  };
}

/** Every usable map of config.json's `hosts` value, and what is wrong in it. */
export function checkUserHostMaps(value: unknown): { maps: Map<string, UserHostMap>; problems: MapProblem[] } {
  const maps = new Map<string, UserHostMap>();
  const problems: MapProblem[] = [];
  if (value === undefined) return { maps, problems };
  if (!isObject(value)) return { maps, problems: [{ at: ['hosts'], message: 'expected an object of host ids' }] };
  for (const [id, entry] of Object.entries(value)) {
    const map = checkUserHostMap(id, entry, problems);
    if (map) maps.set(id, map);
  }
  return { maps, problems };
}

/** The payload with the map's field and event names put in Claude Code's (the rest as sent). */
export function applyUserHostMap(payload: Record<string, unknown>, map: UserHostMap): Record<string, unknown> {
  const out: Record<string, unknown> = { ...payload };
  const renamed = Object.entries(map.fields).filter(([from]) => Object.hasOwn(payload, from));
  // All sources out first, then the targets in: `a -> b` beside `b -> c` moves both.
  for (const [from] of renamed) delete out[from];
  for (const [from, to] of renamed) out[to] = payload[from];
  const name = out.hook_event_name;
  if (typeof name === 'string' && Object.hasOwn(map.events, name)) out.hook_event_name = map.events[name];
  return out;
}
