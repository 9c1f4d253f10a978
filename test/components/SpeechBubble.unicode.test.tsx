// The bubble's border stays whole and its text stays visible whatever the text holds: zero-width
// and separator characters, bidi controls, and joined emoji that must be cut between clusters.
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { SpeechBubble } from '../../components/SpeechBubble.js';
import { toShownReaction } from '../../src/tui/store/bubble-queue.js';
import { toReactionText } from '../../src/text/safe-text.js';
import { graphemes } from '../../src/text/graphemes.js';

/** Text and source as the bubble gets them (the text made safe where the reaction was made). */
function said(text: string, source: string) {
  const shown = toShownReaction({
    id: 'r',
    sessionId: 's',
    kind: 'reaction',
    text: toReactionText(text),
    source,
    priority: 0,
    ttlMs: 1,
    ts: 0,
  });
  return { text: shown.text, source: shown.source };
}

const FAMILY = '👨‍👩‍👧';
const FLAG = '🇫🇷';
const THUMB = '👍🏽';
const EMOJI = new Set([FAMILY, FLAG, THUMB]);

const TEXTS: Array<{ name: string; text: string; words: string[] }> = [
  {
    name: 'zero-width spaces',
    text: `a\u200bb\u200bc hello ${'\u200b'.repeat(40)}visible`,
    words: ['abc', 'hello', 'visible'],
  },
  { name: 'a run of zero-width joiners', text: `x${'\u200d'.repeat(60)}y joined`, words: ['xy', 'joined'] },
  { name: 'line and paragraph separators', text: 'first\u2028second\u2029third', words: ['first', 'second', 'third'] },
  {
    name: 'BOM, word joiner and bidi override',
    text: '\ufeffbom \u2060wj \u202eevil\u202c end',
    words: ['bom', 'wj', 'evil', 'end'],
  },
  { name: 'families in one long word', text: FAMILY.repeat(9), words: [FAMILY] },
  { name: 'flags and skin tones', text: `${FLAG.repeat(7)} ${THUMB.repeat(7)}`, words: [FLAG, THUMB] },
];

function frameAt(text: string, width: number): string[] {
  const { lastFrame } = render(
    <SpeechBubble {...said(text, 'plugin')} kind="reaction" dim={false} width={width} maxLines={8} />,
  );
  return (lastFrame() ?? '').split('\n');
}

describe('SpeechBubble with invisible characters and joined emoji', () => {
  for (const { name, text, words } of TEXTS) {
    it(`keeps the border whole and the text visible: ${name}`, () => {
      for (const width of [9, 12, 17, 30]) {
        const lines = frameAt(text, width);
        // One width for every row, top and bottom border included, within the pane.
        const widths = new Set(lines.map((line) => stringWidth(line)));
        expect(widths.size, `${name} at ${width}:\n${lines.join('\n')}`).toBe(1);
        expect([...widths][0]).toBeLessThanOrEqual(width);
        expect(lines[0].startsWith('╭') && lines[0].endsWith('╮')).toBe(true);
        expect(lines.slice(1, -1).every((line) => line.startsWith('│ ') && line.endsWith(' │'))).toBe(true);
        expect(lines.at(-1)!.startsWith('╰') && lines.at(-1)!.endsWith('╯')).toBe(true);
        // Nothing invisible is left to be drawn differently by the terminal.
        const frame = lines.join('\n');
        expect(frame).not.toMatch(/[\u200b\u2028\u2029\u2060\u202a-\u202e\ufeff]/);
        // Every cluster drawn is plain text, border, an ellipsis or a whole emoji of the input.
        for (const cluster of graphemes(frame.replace(/\n/g, ''))) {
          expect(cluster.length === 1 || EMOJI.has(cluster), `cut cluster ${JSON.stringify(cluster)} at ${width}`).toBe(
            true,
          );
        }
        if (width >= 17) {
          const body = lines
            .slice(1, -1)
            .map((line) => line.slice(2, -2).trim())
            .join(' ');
          for (const word of words) expect(body).toContain(word);
        }
      }
    });
  }

  it('starts a new row at a line or paragraph separator', () => {
    const lines = frameAt('first\u2028second\u2029third', 30);
    expect(lines.slice(1, -1).map((line) => line.slice(2, -2).trim())).toEqual(['first', 'second', 'third']);
  });
});
