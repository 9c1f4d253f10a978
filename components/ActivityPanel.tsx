/**
 * Live activity of one session, from the reducer's state: project and model, the queue badge,
 * tools this turn, the tool running now, active subagents and the last failure. Every string
 * here came from Claude Code or a tool, so each is sanitised before it is drawn.
 */
import { type ReactElement } from 'react';
import { Box, Text } from 'ink';
import { currentTool, formatElapsed, isProcessingPrompt, lastFailure, subagentGroups, toolCounts, type SessionState } from '../src/store.js';
import { sanitizeText } from '../src/text/sanitize.js';
import { useTheme } from './theme.js';

export interface ActivityPanelProps {
  session: SessionState;
  now: number;
  width: number;
  maxLines: number;
}

const AGENT_COLORS = ['cyan', 'magenta', 'yellow', 'green', 'blue', 'red'];

/** A stable colour per agent type, so the same type always looks the same. */
export function agentColor(agentType: string): string {
  let hash = 0;
  for (const char of agentType) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AGENT_COLORS[hash % AGENT_COLORS.length];
}

const clean = (text: unknown, maxLength = 120): string => sanitizeText(text, { maxLength });

interface Row {
  key: string;
  /** Lower is kept first when lines are short. */
  rank: number;
  node: ReactElement;
}

export function ActivityPanel({ session, now, width, maxLines }: ActivityPanelProps) {
  const { pick } = useTheme();
  const rows: Row[] = [];
  const project = clean(session.projectName ?? session.sessionId.slice(0, 8), 60);
  const model = session.model ? clean(session.model, 40) : undefined;
  rows.push({
    key: 'project',
    rank: 0,
    node: (
      <Text wrap="truncate-end">
        <Text bold color={pick('white')}>{project}</Text>
        {model ? <Text dimColor>{` · ${model}`}</Text> : null}
      </Text>
    ),
  });

  let status: ReactElement;
  if (session.endedAt !== undefined) {
    status = <Text dimColor>{`ended (${clean(session.endReason ?? 'other', 30)}) ${formatElapsed(now - session.endedAt)} ago`}</Text>;
  } else if (isProcessingPrompt(session)) {
    const queued = session.pendingPrompts > 1 ? ` ${session.pendingPrompts}` : '';
    const turn = session.turnStartedAt !== undefined ? ` working ${formatElapsed(now - session.turnStartedAt)}` : ' working';
    status = (
      <Text>
        <Text color={pick('yellow')}>{`💬${queued}`}</Text>
        {turn}
      </Text>
    );
  } else {
    const last = session.lastTurnMs !== undefined ? ` · last turn ${formatElapsed(session.lastTurnMs)}` : '';
    status = <Text dimColor>{`idle ${formatElapsed(now - (session.lastEventAt ?? now))}${last}`}</Text>;
  }
  rows.push({ key: 'status', rank: 1, node: <Text wrap="truncate-end">{status}</Text> });

  const running = currentTool(session);
  if (running) {
    const detail = running.detail ? `  ${clean(running.detail, 100)}` : '';
    rows.push({
      key: 'running',
      rank: 2,
      node: (
        <Text wrap="truncate-end">
          <Text color={pick('cyan')}>{`▶ ${clean(running.tool, 40)} ${formatElapsed(now - running.startedAt)}`}</Text>
          <Text dimColor>{detail}</Text>
        </Text>
      ),
    });
  }

  const tools = toolCounts(session);
  if (tools.length) {
    const text = tools.map(([tool, count]) => (count > 1 ? `${clean(tool, 30)}×${count}` : clean(tool, 30))).join(' ');
    rows.push({ key: 'tools', rank: 4, node: <Text wrap="truncate-end">{`tools ${text}`}</Text> });
  }

  for (const group of subagentGroups(session, now)) {
    const type = clean(group.agentType, 40);
    rows.push({
      key: `agent:${type}`,
      rank: 5,
      node: (
        <Text wrap="truncate-end">
          <Text color={pick(agentColor(type))}>{`● ${type}`}</Text>
          {`${group.count > 1 ? ` ×${group.count}` : ''} ${formatElapsed(group.longestMs)}`}
        </Text>
      ),
    });
  }

  const failure = lastFailure(session);
  if (failure) {
    const error = clean(failure.error.split('\n')[0], 160);
    rows.push({
      key: 'failure',
      rank: 3,
      node: (
        <Text wrap="truncate-end">
          <Text color={pick('red')}>{`✗ ${clean(failure.tool, 30)}`}</Text>
          <Text dimColor>{` ${formatElapsed(now - failure.at)} ago: `}</Text>
          {error}
        </Text>
      ),
    });
  }

  const keep = new Set(
    rows
      .map((row, order) => ({ row, order }))
      .sort((a, b) => a.row.rank - b.row.rank || a.order - b.order)
      .slice(0, Math.max(0, maxLines))
      .map(({ row }) => row.key),
  );
  return (
    <Box flexDirection="column" width={width}>
      {rows.filter((row) => keep.has(row.key)).map((row) => (
        <Box key={row.key} width={width}>
          {row.node}
        </Box>
      ))}
    </Box>
  );
}
