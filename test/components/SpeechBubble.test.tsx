import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { SpeechBubble } from '../../components/SpeechBubble.js';
import { toShownReaction } from '../../src/tui/store/bubble-queue.js';
import { toReactionText } from '../../src/text/safe-text.js';

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

const long =
  'Tests failed again: the package.json is missing from the project root, so npm cannot even start. Want a hand?';

describe('SpeechBubble', () => {
  it('draws a bordered bubble with the source in the bottom border', () => {
    const { lastFrame } = render(
      <SpeechBubble {...said('Nice commit!', 'quips')} kind="reaction" dim={false} width={40} maxLines={3} />,
    );
    expect(lastFrame()).toBe(['╭──────────────╮', '│ Nice commit! │', '╰─ quips ──────╯'].join('\n'));
  });

  it('word-wraps to the width and never draws a line wider than it', () => {
    for (const width of [24, 40, 70]) {
      const { lastFrame } = render(
        <SpeechBubble {...said(long, 'claude-haiku')} kind="reaction" dim={false} width={width} maxLines={6} />,
      );
      const lines = (lastFrame() ?? '').split('\n');
      for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(width);
      // Every line is a border or a bordered row: no stray wrapped fragments.
      expect(lines.slice(1, -1).every((line) => line.startsWith('│ ') && line.endsWith(' │'))).toBe(true);
      expect(lines.at(-1)).toContain('claude-haiku');
    }
  });

  it('cuts a long text at maxLines with an ellipsis', () => {
    const { lastFrame } = render(
      <SpeechBubble {...said(long, 'x')} kind="reaction" dim={false} width={30} maxLines={2} />,
    );
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('…');
  });

  it('shows moving dots while thinking, and how many wait behind', () => {
    const view = render(
      <SpeechBubble
        {...said('hmm', 'claude')}
        kind="thinking"
        dim={false}
        width={30}
        maxLines={2}
        tick={0}
        waiting={2}
      />,
    );
    expect(view.lastFrame()).toContain('hmm.');
    expect(view.lastFrame()).toContain('claude +2');
    view.rerender(
      <SpeechBubble
        {...said('hmm', 'claude')}
        kind="thinking"
        dim={false}
        width={30}
        maxLines={2}
        tick={2}
        waiting={2}
      />,
    );
    expect(view.lastFrame()).toContain('hmm...');
  });

  it('strips escape sequences and control characters and expands tabs', () => {
    const evil = 'hi\x1b[2J\x1b]52;c;cGF5bG9hZA==\x07\tthere\x07\x1b[1;1H';
    const { lastFrame } = render(
      <SpeechBubble {...said(evil, 'plug\x1b[31min')} kind="warning" dim={false} width={40} maxLines={3} />,
    );
    const frame = lastFrame() ?? '';
    expect(frame).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    // The tab became spaces (the wrapper joins words with one).
    expect(frame).toContain('hi there');
    expect(frame).not.toContain('\t');
    expect(frame).toContain('plugin');
  });

  it('keeps the same text when dimmed (colour is the only change)', () => {
    const bright = render(
      <SpeechBubble {...said('bye', 's')} kind="reaction" dim={false} width={20} maxLines={1} />,
    ).lastFrame();
    const dim = render(<SpeechBubble {...said('bye', 's')} kind="reaction" dim width={20} maxLines={1} />).lastFrame();
    expect(dim).toBe(bright);
  });
});
