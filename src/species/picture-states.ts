/**
 * Which of a picture pet's animations a mood plays, and which frame of it shows at a time.
 * The mapping is documented in docs/species.md. A mood plays the first animation of its list
 * the pet has, else idle. Frames follow the clock (fps), not the pane's tick, so a pet keeps its
 * speed whatever the tick; a non-looping animation hands over to its fallback when it ends.
 */
import type { Mood } from './sprite-state.js';
import type { PictureAnimation } from './picture-manifest.js';

/** The animation a greeting plays (the pane's start, a pet). */
export const GREETING = 'greeting';

export const MOOD_ANIMATIONS: Readonly<Record<Mood | typeof GREETING, readonly string[]>> = {
  idle: ['idle'],
  sleep: ['sleeping', 'sleep', 'idle'],
  working: ['running'],
  thinking: ['running'],
  alert: ['waiting'],
  error: ['failed'],
  celebrate: ['review', 'jumping'],
  happy: ['idle'],
  sad: ['idle'],
  hungry: ['idle'],
  greeting: ['waving', 'wave'],
};

/** The animation a mood plays on this pet. */
export function animationFor(animations: Readonly<Record<string, PictureAnimation>>, mood: string): string {
  const wanted = MOOD_ANIMATIONS[mood as Mood] ?? ['idle'];
  return wanted.find((name) => animations[name]) ?? 'idle';
}

/** How long one play of an animation takes. */
export const playMs = (animation: PictureAnimation) => (animation.frames.length * 1000) / animation.fps;

/**
 * The sprite index shown `elapsedMs` after `name` started: looping animations cycle; one that
 * does not loop plays once, then its fallback plays (and so on, a few hops at most; a chain that
 * ends in a non-looping animation holds its last frame).
 */
export function spriteIndexAt(
  animations: Readonly<Record<string, PictureAnimation>>,
  name: string,
  elapsedMs: number,
): number {
  let animation = animations[name] ?? animations.idle;
  let elapsed = Math.max(0, elapsedMs);
  for (let hop = 0; hop < 8; hop += 1) {
    const step = Math.floor((elapsed * animation.fps) / 1000);
    if (animation.loop) return animation.frames[step % animation.frames.length];
    if (step < animation.frames.length) return animation.frames[step];
    const next = animations[animation.fallback];
    if (!next || next === animation) break;
    elapsed -= playMs(animation);
    animation = next;
  }
  return animation.frames[animation.frames.length - 1];
}

/** Every sprite index some animation uses: the frames to decode. */
export function usedIndices(animations: Readonly<Record<string, PictureAnimation>>): number[] {
  return [...new Set(Object.values(animations).flatMap((animation) => animation.frames))].sort((a, b) => a - b);
}
