/** Events per minute over the last 30 minutes as one line of block characters. */
import React from 'react';
import { Box, Text } from 'ink';
import { useTheme } from './theme.js';

const BLOCKS = ' ▁▂▃▄▅▆▇█';

export function sparkline(counts: number[]): string {
  const max = Math.max(0, ...counts);
  if (max === 0) return counts.map(() => '·').join('');
  return counts.map((count) => (count === 0 ? '·' : BLOCKS[Math.max(1, Math.round((count / max) * 8))])).join('');
}

export interface SparklineProps {
  /** Oldest first, one per minute. */
  counts: number[];
  width: number;
}

const sameCounts = (a: SparklineProps, b: SparklineProps) =>
  a.width === b.width && a.counts.length === b.counts.length && a.counts.every((count, i) => count === b.counts[i]);

/** Memoised on the counts' values: they change once a minute at most when idle. */
export const Sparkline = React.memo(function Sparkline({ counts, width }: SparklineProps) {
  const { pick } = useTheme();
  const shown = counts.slice(-Math.max(1, width));
  const total = counts.reduce((sum, count) => sum + count, 0);
  const peak = Math.max(0, ...counts);
  return (
    <Box flexDirection="column" width={width}>
      <Text dimColor wrap="truncate-end">{`events/min, ${counts.length} min: ${total} total, peak ${peak}`}</Text>
      <Text color={pick('green')} wrap="truncate-end">
        {sparkline(shown)}
      </Text>
    </Box>
  );
}, sameCounts);
