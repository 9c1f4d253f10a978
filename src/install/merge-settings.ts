/**
 * Pure edits of a parsed settings object: add buddy-tui's entries, or take them out again.
 * Never mutates its input; keeps every key the user had, in its place.
 */
import {
  BUDDY_HOOK_EVENTS,
  chainedCommandOf,
  claudeHookEvents,
  hookGroup,
  installedStatuslineCommand,
  isBuddyGroup,
  isBuddyStatusLine,
  type BuddyCommands,
  type HookForm,
  type HookPath,
} from './buddy-entries.js';
import type { JsonObject } from './settings-json.js';

/** The smallest refresh interval buddy-tui will keep (seconds). */
export const MIN_REFRESH_INTERVAL_S = 2;
/**
 * The refreshInterval install sets on its fast-path statusLine (seconds): what the line shows (a
 * bubble, the face, "12s ago") is never older than this. A refresh there costs a shell and a few
 * builtins (~2 ms) while a buddy-tui process keeps the line, a Node start (~85 ms CPU) when none
 * does; a chained command runs Node and the user's command each time, so it gets none
 * (docs/statusline.md, "How fresh it is").
 */
export const STATUSLINE_REFRESH_S = 10;

export interface AddOptions {
  commands: BuddyCommands;
  statuslineOnly?: boolean;
  /** Exec form (no shell) or shell form for the hook handlers; default shell. */
  hookForm?: HookForm;
  /** The spool (sh into the inbox) or the Node hook; default the Node hook. */
  hookPath?: HookPath;
  /** The statusLine that was there before buddy-tui's, when an earlier install recorded it. */
  knownPrevious?: JsonObject;
  /** The events to register (default claudeHookEvents()); buddy-tui's groups on the others go. */
  events?: readonly string[];
}

export interface AddResult {
  settings: JsonObject;
  /** The user's own statusLine that buddy-tui's now chains to (restored by uninstall). */
  previousStatusLine?: JsonObject;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

export function addBuddy(input: JsonObject, opts: AddOptions): AddResult {
  const settings = clone(input);
  if (!opts.statuslineOnly) {
    const hooks = (settings.hooks ??= {}) as Record<string, unknown[]>;
    const events = new Set(opts.events ?? claudeHookEvents());
    for (const event of BUDDY_HOOK_EVENTS) {
      const groups = hooks[event] ?? [];
      if (!events.has(event)) {
        dropBuddyGroups(hooks, event);
        continue;
      }
      const group = hookGroup(opts.commands, opts.hookForm, opts.hookPath);
      const first = groups.findIndex(isBuddyGroup);
      // Replace in place so a re-install never reorders the user's entries.
      hooks[event] =
        first < 0 ? [...groups, group] : groups.flatMap((g, i) => (i === first ? [group] : isBuddyGroup(g) ? [] : [g]));
    }
  }

  const current = settings.statusLine as JsonObject | undefined;
  let previous: JsonObject | undefined;
  if (current && !isBuddyStatusLine(current, opts.commands.statusline)) previous = current;
  else if (current) {
    const chained = typeof current.command === 'string' ? chainedCommandOf(current.command) : undefined;
    previous = opts.knownPrevious ?? (chained ? { type: 'command', command: chained } : undefined);
  }
  const chain = typeof previous?.command === 'string' ? previous.command : undefined;
  const statusLine: JsonObject = {
    type: 'command',
    command: installedStatuslineCommand(opts.commands, chain),
    padding: typeof previous?.padding === 'number' ? previous.padding : 0,
  };
  // The user's own value first (on their statusLine, or set on buddy-tui's since), else ours where it pays.
  const ours = current && current !== previous ? current.refreshInterval : undefined;
  const kept = typeof previous?.refreshInterval === 'number' ? previous.refreshInterval : ours;
  const interval = typeof kept === 'number' ? kept : chain ? undefined : STATUSLINE_REFRESH_S;
  if (interval !== undefined) statusLine.refreshInterval = Math.max(MIN_REFRESH_INTERVAL_S, interval);
  settings.statusLine = statusLine;
  return { settings, previousStatusLine: previous ? clone(previous) : undefined };
}

export interface RemoveOptions {
  statuslineBase?: string;
  previousStatusLine?: JsonObject;
}

/** Takes buddy-tui's groups off one event (an earlier install's), and the event when nothing is left. */
function dropBuddyGroups(hooks: Record<string, unknown[]>, event: string): boolean {
  const groups = hooks[event];
  if (!Array.isArray(groups)) return false;
  const kept = groups.filter((g) => !isBuddyGroup(g));
  if (kept.length === groups.length) return false;
  if (kept.length === 0) delete hooks[event];
  else hooks[event] = kept;
  return true;
}

/** Takes out every tagged hook group and buddy-tui's statusLine, restoring the one it chained. */
export function removeBuddy(input: JsonObject, opts: RemoveOptions = {}): JsonObject {
  const settings = clone(input);
  const hooks = settings.hooks as Record<string, unknown[]> | undefined;
  if (hooks && typeof hooks === 'object') {
    let removedAny = false;
    for (const event of Object.keys(hooks)) removedAny = dropBuddyGroups(hooks, event) || removedAny;
    if (removedAny && Object.keys(hooks).length === 0) delete settings.hooks;
  }
  const current = settings.statusLine as JsonObject | undefined;
  if (current && isBuddyStatusLine(current, opts.statuslineBase)) {
    const chained = typeof current.command === 'string' ? chainedCommandOf(current.command) : undefined;
    const previous = opts.previousStatusLine ?? (chained ? { type: 'command', command: chained } : undefined);
    if (previous) settings.statusLine = clone(previous);
    else delete settings.statusLine;
  }
  return settings;
}

/** What of buddy-tui a settings object holds. */
export function buddyPresence(
  settings: JsonObject,
  statuslineBase?: string,
): { events: string[]; statusLine: boolean } {
  const hooks = (settings.hooks ?? {}) as Record<string, unknown>;
  const events = Object.entries(hooks)
    .filter(([, groups]) => Array.isArray(groups) && groups.some(isBuddyGroup))
    .map(([event]) => event);
  return { events, statusLine: isBuddyStatusLine(settings.statusLine, statuslineBase) };
}
