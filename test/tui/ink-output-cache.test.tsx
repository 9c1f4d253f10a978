/**
 * The pane's patch to Ink (src/tui/ink-output-cache.ts) applies to the pinned Ink, and frames drawn
 * with the shared caches are the frames Ink draws without them.
 */
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { shareInkOutputCaches } from '../../src/tui/ink-output-cache.js';

function Screen({ tick }: { tick: number }) {
  return (
    <Box flexDirection="column" width={30} height={4} overflowY="hidden">
      <Text color="cyan">{tick % 2 ? '(o_o)' : '(-_-)'} 漢字 · café</Text>
      <Text wrap="truncate-end">a line far longer than the thirty cells of this box</Text>
      <Text dimColor>tick {tick}</Text>
    </Box>
  );
}

describe('Ink caches shared across frames', () => {
  it('applies to the pinned Ink and draws the same frames', () => {
    const frames = (count: number) => {
      const app = render(<Screen tick={0} />);
      const seen = [app.lastFrame()];
      for (let tick = 1; tick < count; tick += 1) {
        app.rerender(<Screen tick={tick} />);
        seen.push(app.lastFrame());
      }
      app.unmount();
      return seen;
    };
    const before = frames(4);
    expect(shareInkOutputCaches()).toBe(true);
    expect(frames(4)).toEqual(before);
    expect(before[1]).toContain('(o_o) 漢字 · café');
    expect(before[3]).toContain('tick 3');
  });
});
