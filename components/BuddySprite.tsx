/**
 * The buddy: the species frames for its mood, animated by `tick` (idle sequence and blink from
 * the species), with its name, level and rarity underneath. In a tiny pane: the one-line face.
 */
import { Box, Text } from 'ink';
import type { SafeText, SpriteView } from '../src/tui/store/index.js';
import { truncate } from '../src/display/exact-width.js';
import { PictureLines } from './BuddyPicture.js';
import { useTheme } from './theme.js';

/** Species art, made safe where the species was loaded (src/tui/species-view.ts): the store's sprite less its names. */
export type SpriteFrames = Omit<SpriteView, 'speciesId' | 'speciesName'>;

export interface BuddySpriteProps {
  sprite: SpriteFrames;
  mood: string;
  tick: number;
  mode: 'sprite' | 'face';
  width: number;
  name?: SafeText;
  level?: number;
  rarity?: SafeText;
  /** Drawn dim and still, e.g. the empty-state buddy. */
  asleep?: boolean;
  /** The store's clock: a picture pet's animations follow it (default: 500 ms a tick). */
  now?: number;
}

const RARITY_COLOR: Record<string, string> = {
  common: 'white',
  uncommon: 'green',
  rare: 'blue',
  epic: 'magenta',
  legendary: 'yellow',
};

/** The frame to draw at `tick`: the idle sequence cycles, a blink shows for one tick now and then. */
export function frameAt(sprite: SpriteFrames, mood: string, tick: number): SafeText[] {
  const frames = sprite.frames[mood] ?? sprite.frames.idle ?? Object.values(sprite.frames)[0] ?? [];
  if (frames.length === 0) return [];
  const { blink } = sprite;
  if (blink && blink.everyTicks > 1 && tick % blink.everyTicks === blink.everyTicks - 1) return blink.lines;
  const sequence = mood === 'idle' && sprite.idleSequence?.length ? sprite.idleSequence : frames.map((_, i) => i);
  return frames[sequence[tick % sequence.length] % frames.length] ?? frames[0];
}

export function faceFor(sprite: SpriteFrames, mood: string): string {
  return sprite.faces[mood] ?? sprite.faces.idle ?? '(•‿•)';
}

export function BuddySprite({ sprite, mood, tick, mode, width, name, level, rarity, asleep, now }: BuddySpriteProps) {
  const { pick } = useTheme();
  const label = [name || undefined, level !== undefined ? `Lv ${level}` : undefined, sprite.stageName, rarity]
    .filter(Boolean)
    .join(' · ');
  const rarityColor = pick(RARITY_COLOR[rarity ?? ''] ?? 'white');
  if (mode === 'face') {
    const face = faceFor(sprite, mood);
    return (
      <Box width={width}>
        <Text wrap="truncate-end" dimColor={asleep}>
          <Text color={pick(sprite.color ?? 'cyan')} bold>
            {face}
          </Text>
          {label ? <Text color={rarityColor}> {truncate(label, Math.max(0, width - face.length - 1))}</Text> : null}
        </Text>
      </Box>
    );
  }
  const lines = frameAt(sprite, asleep ? ('sleep' in sprite.frames ? 'sleep' : 'idle') : mood, asleep ? 0 : tick);
  return (
    <Box flexDirection="column" width={width}>
      {sprite.picture ? (
        <PictureLines
          picture={sprite.picture}
          mood={asleep ? 'sleep' : mood}
          now={asleep ? 0 : (now ?? tick * 500)}
          width={width}
        />
      ) : (
        lines.map((line, i) => (
          <Text key={i} color={pick(sprite.color ?? 'cyan')} dimColor={asleep} wrap="truncate-end">
            {line || ' '}
          </Text>
        ))
      )}
      {label ? (
        <Text color={rarityColor} wrap="truncate-end">
          {label}
        </Text>
      ) : null}
    </Box>
  );
}
