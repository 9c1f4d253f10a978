/**
 * A picture pet's frame: the lines of the sprite index its animation shows now. The animation
 * follows the mood (src/species/picture-states.ts) and restarts when the mood changes; the lines
 * were built once per size (colour codes and blocks, or kitty placeholders), so a frame only
 * picks them; Ink still reads every character of them at each frame (docs/species.md).
 */
import { memo, useRef } from 'react';
import { Text } from 'ink';
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
  return <PictureFrame lines={lines} fits={picture.cells.width <= width} />;
}

/**
 * The lines as one text when they fit the box (they were built at its width, one column a cell):
 * one node for Ink to lay out and measure instead of one a line. A picture wider than the box
 * (never made so by the pane, but a size can lag a resize) has each line cut to the box.
 * Memoised: while the sprite index stays, the frame is the same array and React skips it.
 */
const PictureFrame = memo(function PictureFrame({ lines, fits }: { lines: string[]; fits: boolean }) {
  if (fits) return <Text>{lines.join('\n')}</Text>;
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
