/**
 * Every session at a glance: one line each with project, host, state, the tool running now and
 * for how long, subagents, the last failure and time since the last event. Sessions waiting for
 * the user and sessions that just failed stand out in colour AND with a mark ("!", "✗"), so they
 * show without colour too. The cursor ("›") is what Enter opens. Columns line up and the least
 * important go first when the width is short (overview-columns.ts).
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { OverviewRow } from '../src/tui/store/index.js';
import { cellText, fitColumns, type OverviewColumn } from './overview-columns.js';
import { displayWidth, padTo, truncate } from '../src/display/exact-width.js';
import { useTheme } from './theme.js';

export interface SessionOverviewProps {
  rows: readonly OverviewRow[];
  cursorId?: string;
  width: number;
  /** Lines it may use, the title included; rows scroll to keep the cursor in view. */
  maxLines: number;
}

export const OVERVIEW_TITLE = 'sessions · ↑↓ select · Enter open · o close';
const SHORT_TITLE = 'sessions · ↑↓ Enter · o';

/** The attention mark: waiting beats failed. */
export function attentionMark(row: OverviewRow): string {
  if (row.activity === 'waiting') return '!';
  return row.failure ? '✗' : ' ';
}

const STATE_COLOR: Partial<Record<OverviewRow['activity'], string>> = {
  working: 'green',
  thinking: 'cyan',
  waiting: 'yellow',
};

function Cell({ row, column, text }: { row: OverviewRow; column: OverviewColumn; text: string }) {
  const { pick } = useTheme();
  if (column === 'state') {
    const color = STATE_COLOR[row.activity];
    return (
      <Text color={color ? pick(color) : undefined} bold={row.activity === 'waiting'}>
        {text}
      </Text>
    );
  }
  if (column === 'failure') return <Text color={pick('red')}>{text}</Text>;
  if (column === 'host') return <Text color={pick('magenta')}>{text}</Text>;
  return <Text>{text}</Text>;
}

export function SessionOverview({ rows, cursorId, width, maxLines }: SessionOverviewProps) {
  const { pick } = useTheme();
  const title = (
    <Text bold color={pick('cyan')} wrap="truncate-end">
      {truncate(displayWidth(OVERVIEW_TITLE) <= width ? OVERVIEW_TITLE : SHORT_TITLE, width)}
    </Text>
  );
  if (rows.length === 0 || maxLines < 2) {
    return (
      <Box flexDirection="column" width={width}>
        {title}
        {rows.length === 0 && maxLines >= 2 ? <Text dimColor>no sessions</Text> : null}
      </Box>
    );
  }
  const { columns, gap } = fitColumns(rows, width);
  // Scroll so the cursor's row stays in view.
  const room = maxLines - 1;
  const cursor = Math.max(
    0,
    rows.findIndex((row) => row.id === cursorId),
  );
  const first = Math.min(Math.max(0, cursor - room + 1), Math.max(0, rows.length - room));
  return (
    <Box flexDirection="column" width={width}>
      {title}
      {rows.slice(first, first + room).map((row) => {
        const isCursor = row.id === cursorId;
        const mark = attentionMark(row);
        return (
          <Text key={row.id} wrap="truncate-end" dimColor={row.activity === 'ended'}>
            <Text color={pick('cyan')} bold>
              {isCursor ? '›' : ' '}
            </Text>
            <Text color={pick(mark === '!' ? 'yellow' : 'red')} bold>
              {mark}
            </Text>{' '}
            {columns.map(({ column, width: cellWidth }, i) => {
              const last = i === columns.length - 1;
              const raw = cellText(row, column);
              const text = last ? truncate(raw, cellWidth) : padTo(raw, cellWidth);
              return (
                <React.Fragment key={column}>
                  {i > 0 ? ' '.repeat(gap) : ''}
                  {column === 'project' ? (
                    <Text bold={isCursor} inverse={isCursor}>
                      {text}
                    </Text>
                  ) : (
                    <Cell row={row} column={column} text={text} />
                  )}
                </React.Fragment>
              );
            })}
          </Text>
        );
      })}
    </Box>
  );
}
