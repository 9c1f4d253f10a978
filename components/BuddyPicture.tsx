/**
 * A picture pet's frame: the lines of the sprite index its animation shows now. The animation
 * follows the mood (src/species/picture-states.ts) and restarts when the mood changes; the lines
 * were built once per size (colour codes and blocks, or kitty placeholders), so a frame costs
 * what a text frame costs.
 */
import { useRef } from 'react';
import { Text } from 'ink';
import { GREETING, animationFor, spriteIndexAt } from '../src/species/picture-states.js';
import type { PictureView } from '../src/species/picture-view.js';

/** The moods a greeting may play over: a pet that has something to say says it instead. */
const CALM = new Set(['idle', 'happy']);

export function PictureLines({ picture, mood, now }: { picture: PictureView; mood: string; now: number }) {
  const name = animationFor(picture.animations, now < picture.greetUntil && CALM.has(mood) ? GREETING : mood);
  const started = useRef({ name, at: now });
  if (started.current.name !== name || now < started.current.at) started.current = { name, at: now };
  const index = spriteIndexAt(picture.animations, name, now - started.current.at);
  const lines = picture.lines[index] ?? picture.lines[picture.animations.idle?.frames[0] ?? 0] ?? [];
  return (
    <>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line}
        </Text>
      ))}
    </>
  );
}
