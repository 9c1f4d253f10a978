/**
 * The pane: composes the presentational components from the store. The one `useInput` of the
 * app lives here and dispatches to the store; it is off when stdin is not a TTY.
 */
import { useCallback, useMemo } from 'react';
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { awaitsAnswer, DEFAULT_SPRITE, isProcessingPrompt, selectSelectedSession, visibleSessions, type BuddyState, type BuddyStore } from '../src/tui/store/index.js';
import { OVERVIEW_DOCK_MAX_ROWS, overviewMode } from '../src/tui/store/index.js';
import { ActivityPart, BubblePart, EmptyPart, HelpPart, HistoryPart, NeedsPart, OverviewPart, SparkPart, SpritePart } from './BodyParts.js';
import { bindingFor } from './keymap.js';
import { computeLayout } from './layout.js';
import { SessionTabs, type SessionTab } from './SessionTabs.js';
import { hostBadgesShown } from '../src/display/host-badge.js';
import { displayWidth, truncate } from '../src/display/exact-width.js';
import { ThemeProvider, useTheme, type Theme } from './theme.js';
import { useTerminalSize } from './useTerminalSize.js';

export interface AppProps {
  store: BuddyStore;
  theme?: Theme;
  /** Called after the app has unmounted itself on q / Ctrl+C. */
  onQuit?: () => void;
}

/** The one `useInput`: each key press runs what the keymap binds it to now (keymap.ts). */
function useKeys(store: BuddyStore, onQuit?: () => void): void {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  useInput(
    (input, key) => {
      const state = store.getState();
      const quit = () => {
        exit();
        onQuit?.();
      };
      bindingFor(state, input, key)?.run({ state, input, quit });
    },
    // Non-TTY stdin reports undefined here, and only `true` may turn raw mode on.
    { isActive: isRawModeSupported === true },
  );
}

function Footer({ store, width }: { store: BuddyStore; width: number }) {
  const { pick } = useTheme();
  const { notice, role, runnerPid, muted, waiting, chattiness } = useStore(
    store,
    useShallow((s) => ({ notice: s.notice, role: s.role, runnerPid: s.runnerPid, muted: s.muted, waiting: s.bubbles.waiting.length, chattiness: s.chattiness })),
  );
  if (notice) {
    return <Text color={pick(notice.tone === 'warning' ? 'yellow' : 'cyan')} wrap="truncate-end">{truncate(notice.text, width)}</Text>;
  }
  const parts = [
    role === 'viewer' ? `viewer (plugins run in pid ${runnerPid ?? '?'})` : undefined,
    muted ? 'muted' : undefined,
    chattiness !== 'normal' ? chattiness : undefined,
    waiting > 0 ? `${waiting} queued` : undefined,
    '? help · q quit',
  ].filter(Boolean);
  return <Text dimColor wrap="truncate-end">{truncate(parts.join(' · '), width)}</Text>;
}

/** Whether a session is shown: one is selected and some session is still visible at `now`. */
const hasShownSession = (s: BuddyState): boolean =>
  selectSelectedSession(s) !== undefined && visibleSessions(s.sessions, s.now).length > 0;

/**
 * The overview instead of the body (on `o`), docked below it (a big pane with several live
 * sessions, src/tui/overview.ts), or not at all.
 */
function Body({ store, height, width }: { store: BuddyStore; height: number; width: number }) {
  const mode = useStore(store, overviewMode);
  const helpVisible = useStore(store, (s) => s.overlay === 'help');
  const listed = useStore(store, (s) => visibleSessions(s.sessions, s.now).length);
  if (!helpVisible && mode === 'full') return <OverviewPart store={store} width={width} maxLines={height} />;
  if (helpVisible || mode === 'none') return <SessionBody store={store} height={height} width={width} reservedRows={0} />;
  const dock = Math.min(listed, OVERVIEW_DOCK_MAX_ROWS) + 2;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <SessionBody store={store} height={height - dock} width={width} reservedRows={dock} />
      <Box marginTop={1}>
        <OverviewPart store={store} width={width} maxLines={dock - 1} />
      </Box>
    </Box>
  );
}

/** Picks the layout and which parts to draw; each part subscribes to what it draws (BodyParts.tsx). */
function SessionBody({ store, height, width, reservedRows }: { store: BuddyStore; height: number; width: number; reservedRows: number }) {
  const helpVisible = useStore(store, (s) => s.overlay === 'help');
  const historyVisible = useStore(store, (s) => s.overlay === 'history');
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

  if (helpVisible) return <HelpPart store={store} width={width} maxLines={height} />;
  if (historyVisible) return <HistoryPart store={store} width={width} maxLines={height} />;
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

function Tabs({ store, width }: { store: BuddyStore; width: number }) {
  const sessions = useStore(store, (s) => s.sessions);
  const now = useStore(store, (s) => s.now);
  const selectedId = useStore(store, (s) => s.selectedId);
  const tabs: SessionTab[] = useMemo(() => {
    const visible = visibleSessions(sessions, now);
    const showHost = hostBadgesShown(visible.map((session) => session.host));
    return visible.map((session) => ({
      id: session.sessionId,
      label: session.label,
      ended: session.endedAt !== undefined,
      busy: isProcessingPrompt(session),
      waiting: awaitsAnswer(session),
      host: showHost ? session.host : undefined,
    }));
  }, [sessions, now]);
  if (tabs.length === 0) return <Text bold wrap="truncate-end">buddy-tui</Text>;
  return <SessionTabs tabs={tabs} selectedId={selectedId} width={width} />;
}

export function App({ store, theme = { color: true }, onQuit }: AppProps) {
  useKeys(store, onQuit);
  const setSize = useCallback((columns: number, rows: number) => store.getState().setTerminalSize(columns, rows), [store]);
  useTerminalSize(setSize);
  const columns = useStore(store, (s) => s.columns);
  const rows = useStore(store, (s) => s.rows);
  const layout = computeLayout(columns, rows, 1, 1);
  const bodyHeight = Math.max(1, layout.height - 2);
  return (
    <ThemeProvider theme={theme}>
      <Box flexDirection="column" width={layout.width} height={layout.height} overflowY="hidden">
        <Box height={1} width={layout.width} overflowY="hidden">
          <Tabs store={store} width={layout.width} />
        </Box>
        <Box height={bodyHeight} width={layout.width} overflowY="hidden">
          <Body store={store} height={bodyHeight} width={layout.width} />
        </Box>
        <Box height={1} width={layout.width} overflowY="hidden">
          <Footer store={store} width={layout.width} />
        </Box>
      </Box>
    </ThemeProvider>
  );
}

