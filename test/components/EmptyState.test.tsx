import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { CONNECT_HINT, EmptyState } from '../../components/EmptyState.js';
import { toSafeText } from '../../src/text/safe-text.js';
import { DEFAULT_SPRITE } from '../../src/tui/store/default-sprite.js';

describe('EmptyState', () => {
  it('shows the idle buddy and how to connect Claude Code', () => {
    const { lastFrame } = render(<EmptyState sprite={DEFAULT_SPRITE} tick={0} width={80} mode="sprite" />);
    const frame = lastFrame() ?? '';
    expect(frame).toContain('.-----.');
    expect(frame.split('\n').at(-1)).toBe(CONNECT_HINT);
  });

  it('uses the face in a tiny pane and wraps the hint on words', () => {
    const { lastFrame } = render(
      <EmptyState sprite={DEFAULT_SPRITE} tick={0} width={30} mode="face" name={toSafeText('Pip')} />,
    );
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines[0]).toBe('(•‿•) Pip');
    expect(lines.slice(1).join(' ').replace(/\s+/g, ' ').trim()).toBe(CONNECT_HINT);
  });
});
