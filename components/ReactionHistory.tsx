/**
 * The `r` overlay: the last reactions, newest first, with who said them, about which event, and
 * what became of them (shown, waiting, or dropped and why). Nothing a plugin says is lost without
 * a trace.
 */
import { Box, Text } from 'ink';
import { formatElapsed, type HistoryEntry } from '../src/tui/store/index.js';
import { truncate } from '../src/display/exact-width.js';
import { useTheme } from './theme.js';

/** A fallback is a built-in quip (source "buddy") or the buddy's voice upgrading one (its model's name). */
const fallbackLabel = (entry: HistoryEntry): string =>
  !entry.fallback ? '' : entry.source === 'buddy' ? ' (quip)' : " (buddy's voice)";

export interface ReactionHistoryProps {
  entries: readonly HistoryEntry[];
  now: number;
  width: number;
  maxLines: number;
  /** The buddy's voice's calls today against its budget ("3 of 100 today"), once it has made any. */
  voiceUsage?: string;
}

function outcome(entry: HistoryEntry): string {
  if (entry.status === 'queued') return 'waiting';
  return entry.why ? `${entry.status}, ${entry.why}` : entry.status;
}

export function ReactionHistory({ entries, now, width, maxLines, voiceUsage }: ReactionHistoryProps) {
  const { pick } = useTheme();
  const rows = entries.slice().reverse();
  // Two lines per entry: who, when, what became of it; then the text (after the header and the voice's line).
  const fit = Math.max(0, Math.floor((Math.max(1, maxLines) - (voiceUsage ? 2 : 1)) / 2));
  return (
    <Box flexDirection="column" width={width}>
      <Text bold color={pick('cyan')} wrap="truncate-end">
        {truncate(`reactions (${entries.length}, newest first) · r or Esc to close`, width)}
      </Text>
      {voiceUsage ? (
        <Text dimColor wrap="truncate-end">
          {truncate(`the buddy's voice: ${voiceUsage} (calls of your own model)`, width)}
        </Text>
      ) : null}
      {rows.length === 0 ? <Text dimColor>nothing said yet</Text> : null}
      {rows.slice(0, fit).map((entry) => (
        <Box key={entry.id} flexDirection="column">
          <Text
            wrap="truncate-end"
            color={entry.status === 'dropped' ? pick('yellow') : undefined}
            dimColor={entry.status === 'shown'}
          >
            {truncate(
              `${formatElapsed(now - entry.ts)} ago · ${entry.source}${fallbackLabel(entry)} · ${entry.event ?? '-'} · ${outcome(entry)}`,
              width,
            )}
          </Text>
          <Text wrap="truncate-end">{truncate(`  ${entry.text.replace(/\s+/g, ' ')}`, width)}</Text>
        </Box>
      ))}
    </Box>
  );
}
