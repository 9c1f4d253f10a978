/**
 * A bordered speech bubble, word-wrapped to the pane, with who said it in the bottom border.
 * Dims for its last seconds; a "thinking" bubble shows dots that move with the tick.
 */
import { Box, Text } from 'ink';
import type { ReactionKind, SafeText } from '../src/tui/store/index.js';
import { displayWidth, padTo, truncate } from '../src/display/exact-width.js';
import { wrapText } from '../src/display/wrap-text.js';
import { useTheme } from './theme.js';

export interface SpeechBubbleProps {
  /** Made safe by the reaction sink (toShownReaction). */
  text: SafeText;
  source: SafeText;
  kind: ReactionKind;
  dim: boolean;
  width: number;
  maxLines: number;
  tick?: number;
  /** How many more reactions wait behind this one. */
  waiting?: number;
}

export function SpeechBubble({ text, source, kind, dim, width, maxLines, tick = 0, waiting = 0 }: SpeechBubbleProps) {
  const { pick } = useTheme();
  const inner = Math.max(1, width - 4);
  const body = kind === 'thinking' ? `${text || 'thinking'}${'.'.repeat((tick % 3) + 1)}` : text;
  const lines = wrapText(body, inner, Math.max(1, maxLines));
  const textWidth = Math.max(...lines.map(displayWidth), 1);
  const fullTag = `${source}${waiting > 0 ? ` +${waiting}` : ''}`;
  const boxInner = Math.min(inner, Math.max(textWidth, displayWidth(fullTag) + 2, 6));
  const tag = truncate(fullTag, Math.max(0, boxInner - 2));
  const bottomFill = Math.max(0, boxInner - 1 - displayWidth(tag));
  const color = pick(kind === 'warning' ? 'yellow' : kind === 'thinking' ? 'gray' : 'white');
  return (
    <Box flexDirection="column" width={width}>
      <Text color={color} dimColor={dim} wrap="truncate-end">{`╭${'─'.repeat(boxInner + 2)}╮`}</Text>
      {lines.map((line, i) => (
        <Text key={i} color={color} dimColor={dim} italic={kind === 'thinking'} wrap="truncate-end">
          {`│ ${padTo(line, boxInner)} │`}
        </Text>
      ))}
      <Text color={color} dimColor={dim} wrap="truncate-end">
        {tag ? `╰─ ${tag} ${'─'.repeat(bottomFill)}╯` : `╰${'─'.repeat(boxInner + 2)}╯`}
      </Text>
    </Box>
  );
}
