/**
 * The pane's useShallow (components/use-shallow.ts) answers as zustand's `shallow` does, on the
 * kinds of values the pane's selectors return, without its Maps.
 */
import { describe, expect, it } from 'vitest';
import { shallow } from 'zustand/vanilla/shallow';
import { shallowEqual } from '../../components/use-shallow.js';

const shared = { x: 1 };
const pairs: Array<[unknown, unknown]> = [
  [undefined, undefined],
  [undefined, { a: 1 }],
  [{ a: 1 }, undefined],
  [null, null],
  [1, 1],
  [1, 2],
  [Number.NaN, Number.NaN],
  ['a', 'a'],
  [{}, {}],
  [
    { a: 1, b: 'x' },
    { a: 1, b: 'x' },
  ],
  [
    { a: 1, b: 'x' },
    { b: 'x', a: 1 },
  ],
  [{ a: 1 }, { a: 1, b: undefined }],
  [{ a: 1, b: undefined }, { a: 1 }],
  [
    { a: 1, c: undefined },
    { a: 1, b: undefined },
  ],
  [{ a: shared }, { a: shared }],
  [{ a: { x: 1 } }, { a: { x: 1 } }],
  [{ a: 0 }, { a: -0 }],
  [[], []],
  [
    [0, 1, 2],
    [0, 1, 2],
  ],
  [
    [0, 1, 2],
    [0, 1, 3],
  ],
  [
    [0, 1],
    [0, 1, 2],
  ],
  [[shared], [shared]],
  [[{ x: 1 }], [{ x: 1 }]],
  [[1], { 0: 1 }],
  [{ 0: 1 }, [1]],
];

describe("the pane's shallow comparison", () => {
  it.each(pairs.map((pair, i) => [i, ...pair]))('case %i: as zustand answers', (_, a, b) => {
    expect(shallowEqual(a, b)).toBe(shallow(a, b));
  });
});
