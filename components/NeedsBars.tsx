/** The pet's needs as small bars, and the XP still needed for the next level. */
import React from 'react';
import { Box, Text } from 'ink';
import { useTheme } from './theme.js';

export interface NeedsBarsProps {
  /** 0..100; a high hunger is bad. Drawn as "fed" (100 − hunger), so feeding fills its bar as the others fill. */
  hunger: number;
  energy: number;
  happiness: number;
  xp: number;
  xpToNext: number;
  level: number;
  width: number;
}

const LABEL = 10;

export function bar(value: number, cells: number): string {
  const clamped = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  const filled = Math.round((clamped / 100) * cells);
  return '█'.repeat(filled) + '░'.repeat(Math.max(0, cells - filled));
}

function Row({ label, value, color, width }: { label: string; value: number; color?: string; width: number }) {
  const cells = Math.max(3, Math.min(20, width - LABEL - 5));
  return (
    <Text wrap="truncate-end">
      {label.padEnd(LABEL)}
      <Text color={color}>{bar(value, cells)}</Text>
      {` ${String(Math.round(Math.max(0, Math.min(100, value)))).padStart(3)}`}
    </Text>
  );
}

/** Memoised: the pane redraws on every tick, the needs change far less often. */
export const NeedsBars = React.memo(function NeedsBars({
  hunger,
  energy,
  happiness,
  xp,
  xpToNext,
  level,
  width,
}: NeedsBarsProps) {
  const { pick } = useTheme();
  const need = (value: number, badHigh = false) => {
    const good = badHigh ? 100 - value : value;
    return pick(good >= 60 ? 'green' : good >= 30 ? 'yellow' : 'red');
  };
  const total = xp + xpToNext;
  const progress = total > 0 ? (xp / total) * 100 : 0;
  const xpSuffix = ` ${xpToNext} to Lv ${level + 1}`;
  return (
    <Box flexDirection="column" width={width}>
      <Row label="fed" value={100 - hunger} color={need(hunger, true)} width={width} />
      <Row label="energy" value={energy} color={need(energy)} width={width} />
      <Row label="happiness" value={happiness} color={need(happiness)} width={width} />
      <Text wrap="truncate-end">
        {'xp'.padEnd(LABEL)}
        <Text color={pick('magenta')}>{bar(progress, Math.max(3, Math.min(20, width - LABEL - xpSuffix.length)))}</Text>
        {xpSuffix}
      </Text>
    </Box>
  );
});
