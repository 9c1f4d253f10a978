/**
 * The order of this turn's tools, the same in the pane and the statusline: most used first,
 * then by name in code-point order. Not `localeCompare`: it starts ICU's collator, which alone
 * costs the statusline ~20 ms of start-up, and its order depends on the machine's locale.
 */
import type { SessionState } from '../state/session-state.js';

/** Most used first; among equals, by name (code points). */
export function byUseThenName(a: readonly [string, number], b: readonly [string, number]): number {
  return b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

/** `[name, count]` pairs in display order (a sorted copy). */
export function toolsByUse<Name extends string>(counts: ReadonlyArray<readonly [Name, number]>): Array<[Name, number]> {
  return counts.map(([name, count]): [Name, number] => [name, count]).sort(byUseThenName);
}

/** The tools both displays list: this turn's, in display order; none once the session ended. */
export function toolsShown<Name extends string>(
  session: Pick<SessionState, 'endedAt'>,
  counts: ReadonlyArray<readonly [Name, number]>,
): Array<[Name, number]> {
  return session.endedAt !== undefined ? [] : toolsByUse(counts);
}
