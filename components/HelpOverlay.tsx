/** The keys (from keymap.ts), who runs the plugins, and the delegate accounting when there is any. */
import React from 'react';
import { Box, Text } from 'ink';
import type { SafeRow } from '../src/tui/store/index.js';
import { KEYMAP } from './keymap.js';
import { useTheme } from './theme.js';

export interface HelpOverlayProps {
  width: number;
  maxLines: number;
  role: 'runner' | 'viewer';
  runnerPid?: number;
  muted: boolean;
  stats?: readonly SafeRow[];
  /** What became of the last reactions (the `r` overlay lists them), and the chattiness level. */
  reactions?: { shown: number; queued: number; dropped: number; droppedFromUser: number; chattiness: string };
}

/** The keys and what they do, one line per row of the keymap. */
export const KEY_HELP: ReadonlyArray<readonly [string, string]> = KEYMAP.map((row) => [row.label, row.help] as const);

/** Each key column as wide as its longest entry plus a gap of two: a key never runs into its text. */
const KEY_COLUMN = Math.max(...KEY_HELP.map(([keys]) => keys.length)) + 2;
const STAT_COLUMN_MIN = 18;

export function HelpOverlay({ width, maxLines, role, runnerPid, muted, stats, reactions }: HelpOverlayProps) {
  const { pick } = useTheme();
  const lines: Array<{ key: string; node: React.ReactElement }> = [
    {
      key: 'title',
      node: (
        <Text bold color={pick('cyan')}>
          keys
        </Text>
      ),
    },
    ...KEY_HELP.map(([keys, what]) => ({
      key: keys,
      node: (
        <Text wrap="truncate-end">
          <Text bold>{keys.padEnd(KEY_COLUMN)}</Text>
          {what}
        </Text>
      ),
    })),
    {
      key: 'role',
      node: (
        <Text wrap="truncate-end" dimColor>
          {role === 'runner' ? 'this pane runs the plugins' : `plugins run in pid ${runnerPid ?? '?'}`}
          {muted ? ' · muted' : ''}
        </Text>
      ),
    },
  ];
  if (reactions) {
    lines.push({
      key: 'reactions',
      node: (
        <Text wrap="truncate-end" dimColor>
          {`reactions: ${reactions.shown} shown · ${reactions.queued} waiting · ${reactions.dropped} dropped (${reactions.droppedFromUser} from plugins) · ${reactions.chattiness}`}
        </Text>
      ),
    });
  }
  const entries = stats ?? [];
  if (entries.length) {
    const statColumn = Math.max(STAT_COLUMN_MIN, ...entries.map(([name]) => name.length + 2));
    lines.push({
      key: 'stats',
      node: (
        <Text bold color={pick('cyan')}>
          delegates
        </Text>
      ),
    });
    for (const [name, value] of entries) {
      lines.push({
        key: `stat:${name}`,
        node: (
          <Text wrap="truncate-end">
            {name.padEnd(statColumn)}
            {value}
          </Text>
        ),
      });
    }
  }
  return (
    <Box flexDirection="column" width={width}>
      {lines.slice(0, Math.max(1, maxLines)).map((line) => (
        <Box key={line.key}>{line.node}</Box>
      ))}
    </Box>
  );
}
