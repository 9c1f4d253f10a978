/**
 * One row of session tabs: number key, project, a mark for ended sessions, a ❗ for sessions
 * where Claude waits for the user's answer (so session 3's ask shows while session 1 is on screen)
 * and a 💬 for busy ones, the start of the session id when another tab has the same project, and the host badge (`[codex]`) when the pane shows sessions of more than
 * Claude Code. When they do not fit, the row scrolls so the selected tab stays visible.
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { SafeText } from '../src/tui/store/index.js';
import { displayWidth, truncate } from '../src/display/exact-width.js';
import { hostBadge } from '../src/display/host-badge.js';
import { useTheme } from './theme.js';

export interface SessionTab {
  id: string;
  label: SafeText;
  ended: boolean;
  busy: boolean;
  /** Claude waits for the user's answer (a tool to approve, a question). */
  waiting?: boolean;
  /** The agent host, when the tabs show it (src/display/host-badge.ts). */
  host?: SafeText;
  /** `#` and the start of the session id, when another tab has the same label (src/display/session-tags.ts). */
  tag?: SafeText;
}

export interface SessionTabsProps {
  tabs: SessionTab[];
  selectedId?: string;
  width: number;
}

export function tabText(tab: SessionTab, index: number): string {
  const label = truncate(tab.label, 16) + (tab.tag ? ` ${tab.tag}` : '');
  const host = tab.host ? ` ${hostBadge(tab.host)}` : '';
  return ` ${index < 9 ? `${index + 1} ` : ''}${label}${host}${tab.ended ? ' ✕' : ''}${tab.waiting ? ' ❗' : tab.busy ? ' 💬' : ''} `;
}

const sameTabs = (a: SessionTabsProps, b: SessionTabsProps) =>
  a.width === b.width &&
  a.selectedId === b.selectedId &&
  a.tabs.length === b.tabs.length &&
  a.tabs.every((tab, i) => {
    const other = b.tabs[i];
    return (
      tab.id === other.id &&
      tab.label === other.label &&
      tab.ended === other.ended &&
      tab.busy === other.busy &&
      tab.waiting === other.waiting &&
      tab.host === other.host &&
      tab.tag === other.tag
    );
  });

/** Memoised on what the tabs show, not on object identity. */
export const SessionTabs = React.memo(function SessionTabs({ tabs, selectedId, width }: SessionTabsProps) {
  const { pick } = useTheme();
  if (tabs.length === 0) return <Text dimColor>no sessions</Text>;
  const texts = tabs.map(tabText);
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selectedId),
  );
  // Scroll: start from the selected tab and add neighbours while they fit.
  let first = selected;
  let last = selected;
  let used = displayWidth(texts[selected]);
  const room = width - 4;
  for (let grew = true; grew; ) {
    grew = false;
    if (last + 1 < texts.length && used + displayWidth(texts[last + 1]) + 1 <= room) {
      last += 1;
      used += displayWidth(texts[last]) + 1;
      grew = true;
    }
    if (first > 0 && used + displayWidth(texts[first - 1]) + 1 <= room) {
      first -= 1;
      used += displayWidth(texts[first]) + 1;
      grew = true;
    }
  }
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        {first > 0 ? <Text dimColor>‹ </Text> : null}
        {tabs.slice(first, last + 1).map((tab, i) => {
          const index = first + i;
          const isSelected = index === selected;
          return (
            <Text key={tab.id}>
              {i > 0 ? ' ' : ''}
              <Text
                inverse={isSelected}
                bold={isSelected}
                dimColor={!isSelected && tab.ended}
                color={isSelected ? pick('cyan') : tab.waiting ? pick('yellow') : undefined}
              >
                {truncate(texts[index], Math.max(1, room))}
              </Text>
            </Text>
          );
        })}
        {last < tabs.length - 1 ? <Text dimColor> ›</Text> : null}
      </Text>
    </Box>
  );
}, sameTabs);
