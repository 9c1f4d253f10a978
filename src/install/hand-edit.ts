/**
 * What to add by hand when install must not edit a file itself (comments or trailing commas,
 * a read-only or immutable file): buddy-tui's hook groups and statusLine as plain JSON, exactly
 * the entries install would have written, computed from the file read with its comments ignored.
 */
import { claudeHookEvents, isBuddyGroup } from './buddy-entries.js';
import { addBuddy, type AddOptions } from './merge-settings.js';
import { parseSettings, stripJsonc, type JsonObject } from './settings-json.js';

/** How to merge the JSON by hand; printed with it. */
export const HAND_EDIT_HOW =
  'add each group under "hooks" to the end of that event\'s list (create the event, or "hooks", when missing; ' +
  'replace a group tagged "buddy-tui-managed" instead of adding a second one; take such a group off any event not listed), ' +
  'and set "statusLine" to the one given';

/** The entries to add as a JSON object, or undefined when even the comment-free text does not parse. */
export function handEditEntries(file: string, text: string, opts: AddOptions): JsonObject | undefined {
  let settings: JsonObject;
  try {
    settings = parseSettings(file, stripJsonc(text));
  } catch {
    return undefined;
  }
  const next = addBuddy(settings, opts).settings;
  const entries: JsonObject = {};
  if (!opts.statuslineOnly) {
    const hooks = next.hooks as Record<string, unknown[]>;
    const events = opts.events ?? claudeHookEvents();
    entries.hooks = Object.fromEntries(events.map((event) => [event, hooks[event].filter(isBuddyGroup)]));
  }
  entries.statusLine = next.statusLine;
  return entries;
}
