/** No session yet: the idle buddy and the one command that connects Claude Code. */
import { Box, Text } from 'ink';
import type { SafeText } from '../src/tui/store/index.js';
import { BuddySprite, type SpriteFrames } from './BuddySprite.js';
import { useTheme } from './theme.js';

export interface EmptyStateProps {
  sprite: SpriteFrames;
  tick: number;
  width: number;
  mode: 'sprite' | 'face';
  name?: SafeText;
  /** The store's clock, for a picture pet's animation. */
  now?: number;
}

export const CONNECT_HINT = 'No Claude Code session yet: run `buddy-tui install`';

export function EmptyState({ sprite, tick, width, mode, name, now }: EmptyStateProps) {
  const { pick } = useTheme();
  return (
    <Box flexDirection="column" width={width}>
      <BuddySprite sprite={sprite} mood="idle" tick={tick} now={now} mode={mode} width={width} name={name} />
      <Text color={pick('yellow')} wrap="wrap">
        {CONNECT_HINT}
      </Text>
    </Box>
  );
}
