/**
 * What fits: from the terminal size, which parts the pane draws and how big. Narrow or short
 * panes drop the sparkline first, then the needs bars, then draw the one-line face instead of
 * the sprite. The live area is at most rows - 1 lines and columns - 1 wide (a column of slack
 * keeps a shrinking tmux pane from leaving fragments). The thresholds are terminal columns, as
 * docs/tui.md gives them, not the drawn width.
 */

export interface Layout {
  width: number;
  height: number;
  twoColumns: boolean;
  /** Width of the buddy column (the whole width in one column). */
  buddyWidth: number;
  /** Width of the activity column (the whole width in one column). */
  activityWidth: number;
  showSparkline: boolean;
  showNeeds: boolean;
  spriteMode: 'sprite' | 'face';
  /** Text lines a bubble may use. */
  bubbleLines: number;
  /** Lines left for the activity panel. */
  activityLines: number;
}

/** From this many terminal columns, two columns. */
export const TWO_COLUMNS_MIN_COLUMNS = 76;
/** Narrower than this many terminal columns, the sparkline goes. */
export const SPARKLINE_MIN_COLUMNS = 70;
/** Narrower than this many terminal columns, the needs bars go. */
export const NEEDS_MIN_COLUMNS = 50;
const NEEDS_LINES = 4;
const SPARK_LINES = 2;
/** Tabs line + footer line. */
const CHROME_LINES = 2;
const MIN_ACTIVITY_LINES = 3;

export function computeLayout(columns: number, rows: number, spriteHeight: number, spriteWidth: number): Layout {
  const width = Math.max(1, columns - 1);
  const height = Math.max(1, rows - 1);
  const twoColumns = columns >= TWO_COLUMNS_MIN_COLUMNS;
  const buddyWidth = twoColumns ? Math.max(spriteWidth + 4, Math.min(44, Math.floor(width * 0.42))) : width;
  const activityWidth = twoColumns ? width - buddyWidth - 2 : width;
  const body = height - CHROME_LINES;

  // Try the richest layout first, giving things up in the documented order.
  const levels: Array<Pick<Layout, 'showSparkline' | 'showNeeds' | 'spriteMode'>> = [
    { showSparkline: true, showNeeds: true, spriteMode: 'sprite' },
    { showSparkline: false, showNeeds: true, spriteMode: 'sprite' },
    { showSparkline: false, showNeeds: false, spriteMode: 'sprite' },
    { showSparkline: false, showNeeds: false, spriteMode: 'face' },
  ];
  for (const level of levels) {
    if (level.showSparkline && (columns < SPARKLINE_MIN_COLUMNS || activityWidth < 30)) continue;
    if (level.showNeeds && (columns < NEEDS_MIN_COLUMNS || buddyWidth < 30)) continue;
    if (level.spriteMode === 'sprite' && buddyWidth < spriteWidth + 2) continue;
    const buddyBlock = (level.spriteMode === 'sprite' ? spriteHeight + 1 : 1) + (level.showNeeds ? NEEDS_LINES : 0);
    const spark = level.showSparkline ? SPARK_LINES : 0;
    if (twoColumns) {
      const bubbleLines = Math.min(4, body - buddyBlock - 2);
      if (bubbleLines < 1 || body - spark < MIN_ACTIVITY_LINES) continue;
      return {
        width,
        height,
        twoColumns,
        buddyWidth,
        activityWidth,
        ...level,
        bubbleLines,
        activityLines: body - spark,
      };
    }
    const left = body - buddyBlock - spark - MIN_ACTIVITY_LINES;
    const bubbleLines = Math.min(3, left - 2);
    if (bubbleLines < 1) continue;
    return {
      width,
      height,
      twoColumns,
      buddyWidth,
      activityWidth,
      ...level,
      bubbleLines,
      activityLines: body - buddyBlock - spark - (bubbleLines + 2),
    };
  }
  // Tiny: face only, one bubble line, whatever is left for activity.
  return {
    width,
    height,
    twoColumns: false,
    buddyWidth: width,
    activityWidth: width,
    showSparkline: false,
    showNeeds: false,
    spriteMode: 'face',
    bubbleLines: 1,
    activityLines: Math.max(0, body - 1 - 3),
  };
}
