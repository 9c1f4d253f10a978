/**
 * The pane: the tabs, the body (PaneBody.tsx decides what it shows) and the footer. The one
 * `useInput` of the app lives here and runs what keymap.ts binds; it is off when stdin is not a TTY.
 */
import { useCallback, useMemo } from 'react';
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useStore } from 'zustand';
import { useShallow } from './use-shallow.js';
import { awaitsAnswer, isProcessingPrompt, visibleSessions, type BuddyStore } from '../src/tui/store/index.js';
import { bindingFor } from './keymap.js';
import { computeLayout } from './layout.js';
import { PaneBody } from './PaneBody.js';
import { SessionTabs, type SessionTab } from './SessionTabs.js';
import { sessionTags } from '../src/display/session-tags.js';
import { hostBadgesShown } from '../src/display/host-badge.js';
import { truncate } from '../src/display/exact-width.js';
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
    useShallow((s) => ({
      notice: s.notice,
      role: s.role,
      runnerPid: s.runnerPid,
      muted: s.muted,
      waiting: s.bubbles.waiting.length,
      chattiness: s.chattiness,
    })),
  );
  if (notice) {
    return (
      <Text color={pick(notice.tone === 'warning' ? 'yellow' : 'cyan')} wrap="truncate-end">
        {truncate(notice.text, width)}
      </Text>
    );
  }
  const parts = [
    muted ? 'muted' : undefined,
    chattiness !== 'normal' ? chattiness : undefined,
    waiting > 0 ? `${waiting} queued` : undefined,
    '? help · q quit',
    // Small print, cut first: a viewer shows and does all a runner pane does.
    role === 'viewer' ? `plugins: pid ${runnerPid ?? '?'}` : undefined,
  ].filter(Boolean);
  return (
    <Text dimColor wrap="truncate-end">
      {truncate(parts.join(' · '), width)}
    </Text>
  );
}

function Tabs({ store, width }: { store: BuddyStore; width: number }) {
  const sessions = useStore(store, (s) => s.sessions);
  const now = useStore(store, (s) => s.now);
  const selectedId = useStore(store, (s) => s.selectedId);
  const tabs: SessionTab[] = useMemo(() => {
    const visible = visibleSessions(sessions, now);
    const showHost = hostBadgesShown(visible.map((session) => session.host));
    const tags = sessionTags(visible);
    return visible.map((session) => ({
      id: session.sessionId,
      label: session.label,
      ended: session.endedAt !== undefined,
      busy: isProcessingPrompt(session),
      waiting: awaitsAnswer(session),
      host: showHost ? session.host : undefined,
      tag: tags.get(session.sessionId),
    }));
  }, [sessions, now]);
  if (tabs.length === 0)
    return (
      <Text bold wrap="truncate-end">
        buddy-tui
      </Text>
    );
  return <SessionTabs tabs={tabs} selectedId={selectedId} width={width} />;
}

export function App({ store, theme = { color: true }, onQuit }: AppProps) {
  useKeys(store, onQuit);
  const setSize = useCallback(
    (columns: number, rows: number) => store.getState().setTerminalSize(columns, rows),
    [store],
  );
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
          <PaneBody store={store} height={bodyHeight} width={layout.width} />
        </Box>
        <Box height={1} width={layout.width} overflowY="hidden">
          <Footer store={store} width={layout.width} />
        </Box>
      </Box>
    </ThemeProvider>
  );
}
