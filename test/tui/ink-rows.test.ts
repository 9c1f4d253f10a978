/**
 * The pane's row cache (src/tui/ink/ink-rows.ts) rebuilds Ink 6.8's `Output.get()`: for every kind of
 * write the pane makes, and for random ones, its frame is the frame Ink's own `get` returns, on the
 * first frame and on every frame after it that reuses rows.
 */
import { describe, expect, it } from 'vitest';
import Output from '../../node_modules/ink/build/output.js';
import { type InkOperation, type InkOutputCaches, RowTexts, clipsHorizontally } from '../../src/tui/ink/ink-rows.js';

type Write = [x: number, y: number, text: string, transformers?: Array<(line: string, index: number) => string>];
type Clip = Parameters<Output['clip']>[0];
type Step = Write | { clip: Partial<Clip> } | 'unclip';

const red = (text: string) => `\u001B[31m${text}\u001B[39m`;
const bold = (text: string) => `\u001B[1m${text}\u001B[22m`;
const onBlue = (text: string) => `\u001B[44m${text}\u001B[49m`;

function outputOf(width: number, height: number, steps: Step[]) {
  const output = new Output({ width, height });
  for (const step of steps) {
    if (step === 'unclip') output.unclip();
    else if ('clip' in step) output.clip({ x1: undefined, x2: undefined, y1: undefined, y2: undefined, ...step.clip });
    else output.write(step[0], step[1], step[2], { transformers: step[3] ?? [] });
  }
  return output;
}

/** What ink-output-cache.ts reads of an Output (private in Ink's types). */
function inside(output: Output) {
  return output as unknown as {
    operations: InkOperation[];
    caches: InkOutputCaches & { styledChars: Map<string, unknown> };
  };
}

/** A row cache and Ink's caches kept across frames, as the pane keeps them (ink-output-cache.ts). */
function rowCache(maxRows: number) {
  return { rows: new RowTexts(maxRows), caches: inside(new Output({ width: 1, height: 1 })).caches, hits: 0 };
}

/** Ink's frame and the row cache's, from the same operations. */
function bothFrames(cache: ReturnType<typeof rowCache>, width: number, height: number, steps: Step[]) {
  const ink = outputOf(width, height, steps).get();
  const ours = inside(outputOf(width, height, steps));
  const before = cache.caches.styledChars.size;
  const frame = cache.rows.frame(ours.operations, width, height, cache.caches);
  if (cache.caches.styledChars.size === before) cache.hits += 1;
  return { ink, ours: frame };
}

const cases: Record<string, [width: number, height: number, steps: Step[]]> = {
  colours: [
    30,
    3,
    [
      [0, 0, `${red('(o_o)')} ${bold('buddy')}`],
      [2, 1, onBlue('  ') + red(bold('x'))],
    ],
  ],
  'wide characters': [
    20,
    2,
    [
      [0, 0, '漢字 · café'],
      [1, 1, `🐱${red('猫')}!`],
    ],
  ],
  'a vertical clip': [20, 4, [{ clip: { y1: 1, y2: 3 } }, [0, 0, 'a\nb\nc\nd\ne'], 'unclip', [5, 3, 'after']]],
  'a write above the top': [
    20,
    3,
    [
      [0, -1, 'hidden\nalso hidden'],
      [0, 2, 'shown'],
    ],
  ],
  'lines below the bottom': [20, 2, [[0, 1, 'last row\nbeyond\nbeyond']]],
  'overlapping writes': [
    20,
    2,
    [
      [0, 0, red('xxxxxxxxxx')],
      [3, 0, bold('ab')],
      [4, 0, '漢'],
    ],
  ],
  transformers: [20, 2, [[1, 0, 'one\ntwo', [(line, index) => `${index}:${red(line)}`]]]],
  'text beyond the width': [8, 1, [[4, 0, 'overflowing the row']]],
  'a write left of the edge': [8, 1, [[-2, 0, 'abcdef']]],
  'trailing spaces': [
    12,
    2,
    [
      [0, 0, 'end   '],
      [0, 1, onBlue('   ')],
    ],
  ],
};

describe('the row cache draws the frames Ink draws', () => {
  for (const [name, [width, height, steps]] of Object.entries(cases)) {
    it(`${name}, on the first frame and the same frame again`, () => {
      const cache = rowCache(100);
      const first = bothFrames(cache, width, height, steps);
      expect(first.ours).toEqual(first.ink);
      const again = bothFrames(cache, width, height, steps);
      expect(again.ours).toEqual(again.ink);
      expect(cache.hits).toBe(1);
    });
  }

  it('shows the text it was given (the frame is not empty)', () => {
    const { ours } = bothFrames(rowCache(100), 20, 2, cases['wide characters'][2]);
    expect(ours.output).toContain('漢字 · café');
    expect(ours.height).toBe(2);
  });

  it('matches Ink over random frames drawn one after another, with a small cache that starts over', () => {
    let seed = 42;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const pieces = ['a', 'bc', ' ', '漢', '🐱', 'é', red('r'), bold('b'), onBlue('u'), '\n'];
    const cache = rowCache(8);
    for (let frame = 0; frame < 300; frame += 1) {
      const steps: Step[] = [];
      for (let op = next(6); op >= 0; op -= 1) {
        if (next(8) === 0) steps.push({ clip: { y1: next(4), y2: next(6) + 1 } });
        const text = Array.from({ length: next(12) + 1 }, () => pieces[next(pieces.length)]).join('');
        steps.push([next(14) - 2, next(7) - 1, text]);
        if (next(5) === 0) steps.push('unclip');
      }
      const { ink, ours } = bothFrames(cache, 12, 5, steps);
      expect(ours, `frame ${frame}`).toEqual(ink);
    }
    expect(cache.hits).toBeGreaterThan(0);
  });

  it('leaves horizontal clips to Ink', () => {
    const clipped = outputOf(10, 1, [{ clip: { x1: 1, x2: 4 } }, [0, 0, 'abcdef'], 'unclip']);
    expect(clipsHorizontally(inside(clipped).operations)).toBe(true);
    const vertical = outputOf(10, 1, [{ clip: { y1: 0, y2: 1 } }, [0, 0, 'abcdef'], 'unclip']);
    expect(clipsHorizontally(inside(vertical).operations)).toBe(false);
  });
});
