/**
 * Live activity of one session, from the reducer's state: project and model, the queue badge,
 * tools this turn, the tool running now, active subagents and the last failure. Every string
 * here came from Claude Code or a tool: the store made each safe when the session entered it
 * (src/state/safe-session.ts), so the panel draws them as they are.
 */
import { type ReactElement } from 'react';
import { Box, Text } from 'ink';
import { agentColor } from '../src/display/agent-color.js';
import { hostBadge } from '../src/display/host-badge.js';
import { toolsShown } from '../src/display/tool-order.js';
import { endReasonWords } from '../src/display/end-reason.js';
import {
  currentTool,
  formatElapsed,
  isProcessingPrompt,
  lastFailure,
  subagentGroups,
  type SafeSessionState,
} from '../src/tui/store/index.js';
import { useTheme } from './theme.js';

export interface ActivityPanelProps {
  session: SafeSessionState;
  now: number;
  width: number;
  maxLines: number;
  /** Name the session's agent host after the project (the pane shows more than Claude Code). */
  showHost?: boolean;
}

interface Row {
  key: string;
  /** Lower is kept first when lines are short. */
  rank: number;
  node: ReactElement;
}

/** The theme's colour pick (undefined when colour is off). */
type PickColor = ReturnType<typeof useTheme>['pick'];

export function ActivityPanel({ session, now, width, maxLines, showHost = false }: ActivityPanelProps) {
  const { pick } = useTheme();
  const rows: Row[] = [];
  const project = session.label;
  const model = session.model || undefined;
  rows.push({
    key: 'project',
    rank: 0,
    node: (
      <Text wrap="truncate-end">
        <Text bold color={pick('white')}>
          {project}
        </Text>
        {showHost ? <Text color={pick('magenta')}>{` ${hostBadge(session.host)}`}</Text> : null}
        {model ? <Text dimColor>{` · ${model}`}</Text> : null}
      </Text>
    ),
  });

  rows.push({ key: 'status', rank: 1, node: <Text wrap="truncate-end">{sessionStatus(session, now, pick)}</Text> });

  const running = currentTool(session);
  if (running) {
    const detail = running.detail ? `  ${running.detail}` : '';
    rows.push({
      key: 'running',
      rank: 2,
      node: (
        <Text wrap="truncate-end">
          <Text color={pick('cyan')}>{`▶ ${running.tool} ${formatElapsed(now - running.startedAt)}`}</Text>
          <Text dimColor>{detail}</Text>
        </Text>
      ),
    });
  }

  const tools = toolsShown(session, session.toolCounts);
  if (tools.length) {
    const text = tools.map(([tool, count]) => (count > 1 ? `${tool}×${count}` : tool)).join(' ');
    rows.push({ key: 'tools', rank: 4, node: <Text wrap="truncate-end">{`tools ${text}`}</Text> });
  }

  for (const group of subagentGroups(session, now)) {
    const type = group.agentType;
    rows.push({
      key: `agent:${type}`,
      rank: 5,
      node: (
        <Text wrap="truncate-end">
          <Text color={pick(agentColor(type).name)}>{`● ${type}`}</Text>
          {`${group.count > 1 ? ` ×${group.count}` : ''} ${formatElapsed(group.longestMs)}`}
        </Text>
      ),
    });
  }

  const failure = lastFailure(session);
  if (failure) {
    const { error } = failure;
    rows.push({
      key: 'failure',
      rank: 3,
      node: (
        <Text wrap="truncate-end">
          <Text color={pick('red')}>{`✗ ${failure.tool}`}</Text>
          <Text dimColor>{` ${formatElapsed(now - failure.at)} ago: `}</Text>
          {error}
        </Text>
      ),
    });
  }

  const keep = keptRowKeys(rows, maxLines);
  return (
    <Box flexDirection="column" width={width}>
      {rows
        .filter((row) => keep.has(row.key))
        .map((row) => (
          <Box key={row.key} width={width}>
            {row.node}
          </Box>
        ))}
    </Box>
  );
}

/** What the session is doing: ended, waiting for the user, working on a prompt, or idle. */
function sessionStatus(session: SafeSessionState, now: number, pick: PickColor): ReactElement {
  if (session.endedAt !== undefined) {
    const why = endReasonWords(session.endReason);
    return <Text dimColor>{`ended ${formatElapsed(now - session.endedAt)} ago${why ? `: ${why}` : ''}`}</Text>;
  }
  if (session.waiting && session.waiting.reason !== 'idle') {
    // Not "working": Claude is blocked on the user (the bubble says on what).
    return (
      <Text bold color={pick('yellow')}>{`❗ waiting for you ${formatElapsed(now - session.waiting.since)}`}</Text>
    );
  }
  if (isProcessingPrompt(session)) {
    const queued = session.pendingPrompts > 1 ? ` ${session.pendingPrompts}` : '';
    const turn =
      session.turnStartedAt !== undefined ? ` working ${formatElapsed(now - session.turnStartedAt)}` : ' working';
    return (
      <Text>
        <Text color={pick('yellow')}>{`💬${queued}`}</Text>
        {turn}
      </Text>
    );
  }
  // "took": the turn's length, not a second clock of how long ago.
  const last = session.lastTurnMs !== undefined ? ` · last turn took ${formatElapsed(session.lastTurnMs)}` : '';
  return <Text dimColor>{`idle ${formatElapsed(now - (session.lastEventAt ?? now))}${last}`}</Text>;
}

/** The keys of the rows that fit in `maxLines`: lowest rank first, ties in their order. */
function keptRowKeys(rows: readonly Row[], maxLines: number): Set<string> {
  return new Set(
    rows
      .map((row, order) => ({ row, order }))
      .sort((a, b) => a.row.rank - b.row.rank || a.order - b.order)
      .slice(0, Math.max(0, maxLines))
      .map(({ row }) => row.key),
  );
}
