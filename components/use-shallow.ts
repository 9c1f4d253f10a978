/**
 * zustand's useShallow, to the same answers, with a comparison that makes no garbage: zustand's
 * `shallow` builds two Maps from Object.entries at each compare, and each of these selectors
 * compares at every store update (issue 50: a fifth of the bytes the pane allocated for its
 * frames and updates, after the row texts).
 */
import { useRef } from 'react';

/** Object.is of each own key's value (or of each element, for arrays), and the same keys. */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!Object.is(a[i], other[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    if (!Object.hasOwn(right, key) || !Object.is(left[key], right[key])) return false;
    keys += 1;
  }
  for (const key in right) if (Object.hasOwn(right, key)) keys -= 1;
  return keys === 0;
}

/** The selector's answer, or the last one while it is shallowly the same (so the component does not draw again). */
export function useShallow<State, Picked>(selector: (state: State) => Picked): (state: State) => Picked {
  const last = useRef<Picked>(undefined);
  return (state) => {
    const next = selector(state);
    if (shallowEqual(last.current, next)) return last.current as Picked;
    last.current = next;
    return next;
  };
}
