/**
 * Where a kept hook rule or handler stood in its file's array. parseHooks drops invalid entries
 * (and, in Claude Code settings, buddy-tui's own), which leaves gaps: a label must name the
 * real index (`hooks.Stop[1]`), not the position among the kept ones.
 */
const sourceIndexes = new WeakMap<object, number>();

export function setSourceIndex(value: object, index: number): void {
  sourceIndexes.set(value, index);
}

/** The index `value` had in the file it was parsed from, else `fallback` (rules built in code). */
export function sourceIndex(value: object, fallback: number): number {
  return sourceIndexes.get(value) ?? fallback;
}
