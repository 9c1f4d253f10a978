/** Sessions of one project told apart (the tabs, the overview): by the start of their session ids. */
import { toSafeText, type SafeText } from '../text/safe-text.js';

const TAG_MIN = 4;

/**
 * Tabs of the same label and host (five Claude Code sessions in one project) told apart by the
 * start of their session ids: the shortest, from 4 characters, that differs within the group. A
 * label seen once has no tag, nor one whose host badge tells it apart already.
 */
export function sessionTags(
  sessions: ReadonlyArray<{ sessionId: string; label: string; host?: string }>,
): Map<string, SafeText> {
  const groups = new Map<string, string[]>();
  for (const { sessionId, label, host } of sessions) {
    const key = `${label}\u0000${host ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), sessionId]);
  }
  const tags = new Map<string, SafeText>();
  for (const ids of groups.values()) {
    if (ids.length < 2) continue;
    const longest = Math.max(...ids.map((id) => id.length));
    let length = TAG_MIN;
    while (length < longest && new Set(ids.map((id) => id.slice(0, length))).size < ids.length) length++;
    for (const id of ids) tags.set(id, toSafeText(`#${id.slice(0, length)}`, { maxLength: 40 }));
  }
  return tags;
}
