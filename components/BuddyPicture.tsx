/**
 * A picture pet's frame: the lines of the sprite index its animation shows now. The animation
 * follows the mood (src/species/picture-states.ts) and restarts when the mood changes; the lines
 * were built once per size (colour codes and blocks, or kitty placeholders), so a frame only
 * picks them, and Ink turns a row back into text only when it changed (src/tui/ink/ink-rows.ts).
 */
import { memo, useCallback, useRef } from 'react';
import { Box, Text, Transform } from 'ink';
import { GREETING, animationFor, spriteIndexAt } from '../src/species/picture-states.js';
import type { PictureView } from '../src/species/picture-view.js';

/** The moods a greeting may play over: a pet that has something to say says it instead. */
const CALM = new Set(['idle', 'happy']);

export function PictureLines({
  picture,
  mood,
  now,
  width,
}: {
  picture: PictureView;
  mood: string;
  now: number;
  /** The box's width: a picture made for a wider box has each line cut to it. */
  width: number;
}) {
  const name = animationFor(picture.animations, now < picture.greetUntil && CALM.has(mood) ? GREETING : mood);
  const started = useRef({ name, at: now });
  if (started.current.name !== name || now < started.current.at) started.current = { name, at: now };
  const index = spriteIndexAt(picture.animations, name, now - started.current.at);
  const lines = picture.lines[index] ?? picture.lines[picture.animations.idle?.frames[0] ?? 0] ?? [];
  return <PictureFrame lines={lines} cellsWidth={picture.cells.width} fits={picture.cells.width <= width} />;
}

/**
 * The lines when they fit the box (they were built at its width, one column a cell): Ink lays out
 * and measures a plain block of spaces of the picture's size, and a transform puts the lines in
 * its place as it writes them. Ink measures a text's widest line at every frame, uncached, and
 * measuring the coloured lines themselves (a colour code or two a cell) was a third of a picture
 * frame's cost (docs/species.md). A picture wider than the box (never made so by the pane, but a
 * size can lag a resize) has each line cut to the box. Memoised: while the sprite index stays, the
 * frame is the same array and React skips it.
 */
const PictureFrame = memo(function PictureFrame({
  lines,
  cellsWidth,
  fits,
}: {
  lines: string[];
  cellsWidth: number;
  fits: boolean;
}) {
  const paint = useCallback((blank: string, index: number) => lines[index] ?? blank, [lines]);
  if (fits)
    return (
      <Box width={cellsWidth} height={lines.length}>
        <Transform transform={paint}>{placeholder(lines.length)}</Transform>
      </Box>
    );
  return (
    <>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line}
        </Text>
      ))}
    </>
  );
});

/** `height` lines of one space each (built only when the frame changes: PictureFrame is memoised). */
function placeholder(height: number): string {
  return Array.from({ length: height }, () => ' ').join('\n');
}
