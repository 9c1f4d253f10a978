/**
 * The `h` overlay: the agents buddy-tui can feed from, the pane's sessions from each, and what
 * each cannot report (docs/hosts.md has the whole table). Which hooks are installed is doctor's.
 */
import { useMemo } from 'react';
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { hostRows, type HostRow } from '../src/tui/store/index.js';
import { truncate } from '../src/display/exact-width.js';
import type { OverlayProps } from './overlay-props.js';
import { useTheme } from './theme.js';

export interface HostsOverlayProps {
  rows: readonly HostRow[];
  width: number;
  maxLines: number;
}

const sessionsOf = (n: number): string => (n === 0 ? '' : n === 1 ? '1 session' : `${n} sessions`);

export function HostsOverlay({ rows, width, maxLines }: HostsOverlayProps) {
  const { pick } = useTheme();
  const labelColumn = Math.max(...rows.map((row) => row.label.length)) + 2;
  const countColumn = Math.max(0, ...rows.map((row) => sessionsOf(row.sessions).length)) + 2;
  // The title and the doctor line take two; a row each below.
  const fit = Math.max(0, maxLines - 2);
  return (
    <Box flexDirection="column" width={width}>
      <Text bold color={pick('cyan')} wrap="truncate-end">
        {truncate(`hosts (${rows.length}) buddy-tui can feed from · h or Esc to close`, width)}
      </Text>
      {rows.slice(0, fit).map((row) => (
        <Text key={row.id} wrap="truncate-end" dimColor={row.sessions === 0}>
          {truncate(
            `${row.label.padEnd(labelColumn)}${sessionsOf(row.sessions).padEnd(countColumn)}${row.gaps.length ? row.gaps.join(', ') : 'reports everything'}`,
            width,
          )}
        </Text>
      ))}
      {maxLines > 1 ? (
        <Text dimColor wrap="truncate-end">
          {truncate('which are installed: buddy-tui doctor · add one: buddy-tui install --host <id>', width)}
        </Text>
      ) : null}
    </Box>
  );
}

export function HostsPart({ store, width, maxLines }: OverlayProps) {
  const sessions = useStore(store, (s) => s.sessions);
  const rows = useMemo(() => hostRows(sessions), [sessions]);
  return <HostsOverlay rows={rows} width={width} maxLines={maxLines} />;
}
