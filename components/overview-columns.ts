/**
 * Which columns of the overview fit a width, and how wide each is. Every row shows the same
 * columns (they line up); when they do not fit, the least important go first: time since the
 * last event, then the failure, the subagents, the running tool's elapsed time, the host and the
 * tool's name. Project and state stay: the project is cut (down to 4 columns), then the state.
 */
import { formatElapsed, type OverviewRow } from '../src/tui/store/index.js';
import { displayWidth } from '../src/display/exact-width.js';

export type OverviewColumn = 'project' | 'host' | 'state' | 'tool' | 'elapsed' | 'subagents' | 'since' | 'failure';

/** Left to right. */
export const COLUMN_ORDER: readonly OverviewColumn[] = [
  'project',
  'host',
  'state',
  'tool',
  'elapsed',
  'subagents',
  'since',
  'failure',
];
/** First to go when the width is short. */
export const DROP_ORDER: readonly OverviewColumn[] = ['since', 'failure', 'subagents', 'elapsed', 'host', 'tool'];

/** The cursor, the attention mark ("!" waiting, "✗" failed) and a space before every row. */
export const MARK_WIDTH = 3;
const PROJECT_MAX = 24;
const PROJECT_MIN = 4;
const FAILURE_MAX = 48;

export const STATE_TEXT: Record<OverviewRow['activity'], string> = {
  working: 'working',
  thinking: 'thinking',
  waiting: 'waiting for you',
  idle: 'idle',
  ended: 'ended',
};

/** A cell the row's host cannot report (Gemini's subagents): not blank, which would read as none. */
export const UNKNOWN = '—';

/** The text of one cell (empty when the row has nothing there). */
export function cellText(row: OverviewRow, column: OverviewColumn): string {
  switch (column) {
    case 'project':
      return row.project;
    case 'host':
      return `[${row.host}]`;
    case 'state':
      return STATE_TEXT[row.activity];
    case 'tool':
      return row.tool ? `▶ ${row.tool}` : '';
    case 'elapsed':
      return row.toolMs === undefined ? '' : formatElapsed(row.toolMs);
    case 'subagents':
      return row.subagents === undefined ? UNKNOWN : row.subagents > 0 ? `● ${row.subagents}` : '';
    case 'since':
      return row.sinceMs === undefined ? '' : `${formatElapsed(row.sinceMs)} ago`;
    case 'failure':
      return row.failure ? `✗ ${row.failure.tool}: ${row.failure.error}` : '';
  }
}

export interface ColumnFit {
  column: OverviewColumn;
  width: number;
}

/** The columns shown at `width` and their widths; `gap` spaces between them (2, or 1 when short). */
export function fitColumns(rows: readonly OverviewRow[], width: number): { columns: ColumnFit[]; gap: number } {
  let gap = 2;
  const natural = new Map<OverviewColumn, number>();
  for (const column of COLUMN_ORDER) {
    // "—" alone does not make a column: it shows only where another row has something.
    const widest = Math.max(
      0,
      ...rows
        .map((row) => cellText(row, column))
        .filter((text) => text !== UNKNOWN)
        .map(displayWidth),
    );
    if (widest > 0) natural.set(column, widest);
  }
  if (natural.has('project')) natural.set('project', Math.min(PROJECT_MAX, natural.get('project')!));
  // The failure needs only "✗ tool" to be worth its place; it takes what is left, up to its text.
  const failureMin = Math.min(
    natural.get('failure') ?? 0,
    Math.max(0, ...rows.map((row) => (row.failure ? displayWidth(`✗ ${row.failure.tool}`) : 0))),
    16,
  );
  const wanted = (column: OverviewColumn) => (column === 'failure' ? failureMin : natural.get(column)!);
  const shown = COLUMN_ORDER.filter((column) => natural.has(column));
  const total = () =>
    MARK_WIDTH + shown.reduce((sum, column) => sum + wanted(column), 0) + gap * Math.max(0, shown.length - 1);
  // Closer columns before fewer columns.
  if (total() > width) gap = 1;
  for (const column of DROP_ORDER) {
    if (total() <= width) break;
    const at = shown.indexOf(column);
    if (at >= 0) shown.splice(at, 1);
  }
  const widths = new Map(shown.map((column) => [column, wanted(column)]));
  let over = total() - width;
  for (const [column, min] of [
    ['project', PROJECT_MIN],
    ['state', 1],
  ] as const) {
    if (over <= 0 || !widths.has(column)) continue;
    const cut = Math.min(over, Math.max(0, widths.get(column)! - min));
    widths.set(column, widths.get(column)! - cut);
    over -= cut;
  }
  if (widths.has('failure') && over < 0) {
    widths.set('failure', Math.min(Math.min(FAILURE_MAX, natural.get('failure')!), widths.get('failure')! - over));
  }
  return { columns: shown.map((column) => ({ column, width: widths.get(column)! })), gap };
}
