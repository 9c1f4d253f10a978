/**
 * The layout table of docs/tui.md, column for column: two columns from 76, the sparkline from
 * 70, the needs bars from 50 (terminal columns; the pane draws one column less), each checked
 * at the threshold and one column either side, in a pane tall enough that only width decides.
 */
import { afterEach, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { App } from '../../components/App.js';
import { NEEDS_MIN_COLUMNS, SPARKLINE_MIN_COLUMNS, TWO_COLUMNS_MIN_COLUMNS } from '../../components/layout.js';
import { toSafeText } from '../../src/text/safe-text.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { fixtureSession, indexOf } from './fixture-session.js';
import { renderAtSize, settle, type SizedRender } from './render-at-size.js';

const ROWS = 40;
const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

async function frameAt(columns: number): Promise<string> {
  const { state, now } = fixtureSession(indexOf((e) => e.hook_event_name === 'SubagentStart') + 1);
  const store = createBuddyStore({ now, columns, rows: ROWS });
  store.getState().applySessions([state], now, state.eventCount);
  store.getState().setPet({
    name: toSafeText('Pip'),
    level: 3,
    rarity: toSafeText('rare'),
    hunger: 20,
    energy: 80,
    happiness: 90,
    xp: 40,
    xpToNext: 60,
    mood: 'working',
  });
  const view = renderAtSize(<App store={store} theme={{ color: false }} />, columns, ROWS);
  views.push(view);
  await settle(20);
  const frame = view.lastFrame();
  // The column of slack stays: nothing is drawn in the last column.
  for (const line of frame.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(columns - 1);
  return frame;
}

/** Where the activity's badge line starts: 0 in one column, past the buddy in two. */
const activityColumn = (frame: string) => {
  const line = frame.split('\n').find((text) => text.includes('💬 working'));
  return line === undefined ? -1 : line.indexOf('💬 working');
};

describe('layout thresholds (docs/tui.md)', () => {
  it('the documented numbers', () => {
    expect([TWO_COLUMNS_MIN_COLUMNS, SPARKLINE_MIN_COLUMNS, NEEDS_MIN_COLUMNS]).toEqual([76, 70, 50]);
  });

  it.each([
    [75, false],
    [76, true],
    [77, true],
  ])('two columns at %i: %s', async (columns, two) => {
    const column = activityColumn(await frameAt(columns));
    if (two) expect(column).toBeGreaterThan(0);
    else expect(column).toBe(0);
  });

  it.each([
    [69, false],
    [70, true],
    [71, true],
  ])('sparkline at %i: %s', async (columns, shown) => {
    expect((await frameAt(columns)).includes('events/min')).toBe(shown);
  });

  it.each([
    [49, false],
    [50, true],
    [51, true],
  ])('needs bars at %i: %s', async (columns, shown) => {
    const frame = await frameAt(columns);
    expect(frame.includes('energy')).toBe(shown);
    // The sprite stays until the face is all that fits.
    expect(frame).toContain('.-----.');
  });
});
