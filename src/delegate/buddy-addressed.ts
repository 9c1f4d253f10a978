/**
 * "The buddy is addressed": the user's prompt names it (its pet name, its species, or "buddy")
 * as a whole word. Such a prompt may bypass a plugin's delegate cooldown once.
 */
import type { JournalEvent } from '../protocol/hook-event.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function isBuddyAddressed(event: JournalEvent, names: readonly (string | undefined)[]): boolean {
  if (event.hook_event_name !== 'UserPromptSubmit' || typeof event.prompt !== 'string') return false;
  const words = names.map((name) => name?.trim()).filter((name): name is string => !!name && name.length >= 2);
  if (words.length === 0) return false;
  // Unicode-aware word edges, so "Pebble," and "@pebble" match but "pebbles" does not.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])@?(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, 'iu');
  return pattern.test(event.prompt.slice(0, 10_000));
}
