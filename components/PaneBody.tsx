/**
 * What the pane's body shows, decided in one place: the open overlay (overlays.ts) over all of
 * it or over the session's part; else the selected session (or the empty state); with the
 * overview docked below when the pane is big and several sessions are live (src/tui/store/overview.ts).
 */
import { useMemo } from 'react';
import { Box } from 'ink';
import { useStore } from 'zustand';
import {
  DEFAULT_SPRITE,
  OVERVIEW_DOCK_MAX_ROWS,
  overviewMode,
  selectSelectedSession,
  visibleSessions,
  type BuddyState,
  type BuddyStore,
} from '../src/tui/store/index.js';
import { displayWidth } from '../src/display/exact-width.js';
import { ActivityPart, BubblePart, EmptyPart, NeedsPart, OverviewPart, SparkPart, SpritePart } from './BodyParts.js';
import { computeLayout } from './layout.js';
import { OVERLAY_VIEWS } from './overlays.js';

interface BodyProps {
  store: BuddyStore;
  height: number;
  width: number;
}

export function PaneBody({ store, height, width }: BodyProps) {
  const overlay = useStore(store, (s) => s.overlay);
  const docked = useStore(store, (s) => overviewMode(s) === 'docked');
  const listed = useStore(store, (s) => visibleSessions(s.sessions, s.now).length);
  const view = overlay === 'none' ? undefined : OVERLAY_VIEWS[overlay];
  if (view?.covers === 'body') return <view.View store={store} width={width} maxLines={height} />;
  const dock = docked ? Math.min(listed, OVERVIEW_DOCK_MAX_ROWS) + 2 : 0;
  const main = view ? (
    <view.View store={store} width={width} maxLines={height - dock} />
  ) : (
    <SessionView store={store} height={height - dock} width={width} reservedRows={dock} />
  );
  if (dock === 0) return main;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {main}
      <Box marginTop={1}>
        <OverviewPart store={store} width={width} maxLines={dock - 1} />
      </Box>
    </Box>
  );
}

/** Whether a session is shown: one is selected and some session is still visible at `now`. */
const hasShownSession = (s: BuddyState): boolean =>
  selectSelectedSession(s) !== undefined && visibleSessions(s.sessions, s.now).length > 0;

/** The selected session: picks the layout and which parts to draw; each part subscribes to what it draws (BodyParts.tsx). */
function SessionView({ store, height, width, reservedRows }: BodyProps & { reservedRows: number }) {
  const showSession = useStore(store, hasShownSession);
  const sprite = useStore(store, (s) => s.sprite) ?? DEFAULT_SPRITE;
  const rows = useStore(store, (s) => s.rows) - reservedRows;
  const columns = useStore(store, (s) => s.columns);
  const { spriteHeight, spriteWidth } = useMemo(() => {
    // A picture pet takes the cells its frames were made for.
    if (sprite.picture) return { spriteHeight: sprite.picture.cells.height, spriteWidth: sprite.picture.cells.width };
    const frames = Object.values(sprite.frames).flat();
    return {
      spriteHeight: Math.max(1, ...frames.map((frame) => frame.length)),
      spriteWidth: Math.max(1, ...frames.flat().map(displayWidth)),
    };
  }, [sprite]);
  const layout = computeLayout(columns, rows, spriteHeight, spriteWidth);

  if (!showSession) return <EmptyPart store={store} sprite={sprite} width={width} mode={layout.spriteMode} />;

  const bubble = <BubblePart store={store} width={layout.buddyWidth} lines={layout.bubbleLines} />;
  const buddy = <SpritePart store={store} sprite={sprite} width={layout.buddyWidth} mode={layout.spriteMode} />;
  const needs = layout.showNeeds ? <NeedsPart store={store} width={layout.buddyWidth} /> : null;
  const activity = <ActivityPart store={store} width={layout.activityWidth} maxLines={layout.activityLines} />;
  const spark = layout.showSparkline ? <SparkPart store={store} width={layout.activityWidth} /> : null;

  if (layout.twoColumns) {
    return (
      <Box flexDirection="row" width={width} height={height}>
        <Box flexDirection="column" width={layout.buddyWidth} marginRight={2}>
          {bubble}
          {buddy}
          {needs}
        </Box>
        <Box flexDirection="column" width={layout.activityWidth}>
          {activity}
          {spark ? <Box marginTop={1}>{spark}</Box> : null}
        </Box>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      {bubble}
      {buddy}
      {needs}
      <Box height={Math.max(0, layout.activityLines)} flexDirection="column" overflowY="hidden">
        {activity}
      </Box>
      {spark}
    </Box>
  );
}
