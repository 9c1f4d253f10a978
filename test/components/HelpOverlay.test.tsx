import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { HelpOverlay, KEY_HELP } from '../../components/HelpOverlay.js';
import { toDelegateStatRows } from '../../src/tui/store/index.js';

describe('HelpOverlay', () => {
  it('lists every key and who runs the plugins', () => {
    const { lastFrame } = render(<HelpOverlay width={60} maxLines={20} role="runner" muted={false} />);
    const frame = lastFrame() ?? '';
    for (const text of [
      '←/→ 1-9',
      'switch session',
      'feed the buddy',
      'pet the buddy',
      'mute',
      'quit',
      'this pane runs the plugins',
    ]) {
      expect(frame).toContain(text);
    }
  });

  it('shows the delegate accounting when there is some, and viewer status', () => {
    const { lastFrame } = render(
      <HelpOverlay
        width={50}
        maxLines={20}
        role="viewer"
        runnerPid={99}
        muted
        stats={toDelegateStatRows({ 'calls today': 4, adapter: 'claude -p' })}
      />,
    );
    const frame = lastFrame() ?? '';
    expect(frame).toContain('plugins run in pid 99 · muted');
    expect(frame).toContain('delegates');
    expect(frame).toMatch(/calls today\s+4/);
    expect(frame).toMatch(/adapter\s+claude -p/);
  });

  it('fits a short pane', () => {
    const { lastFrame } = render(<HelpOverlay width={40} maxLines={4} role="runner" muted={false} />);
    expect((lastFrame() ?? '').split('\n')).toHaveLength(4);
  });

  it('at 100 columns, every key stands apart from its text (the longest one, "o ↑↓ Enter", ran into it)', () => {
    // ink-testing-library's terminal is 100 columns wide.
    const { lastFrame } = render(
      <HelpOverlay
        width={100}
        maxLines={30}
        role="runner"
        muted={false}
        stats={toDelegateStatRows({ 'a very long delegate stat name': 7 })}
      />,
    );
    const lines = (lastFrame() ?? '').split('\n');
    for (const [keys, what] of KEY_HELP) {
      const line = lines.find((l) => l.startsWith(keys));
      expect(line, keys).toMatch(new RegExp(`^${keys.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} {2,}${what}`));
    }
    expect(lastFrame()).toContain('o ↑↓ Enter  sessions overview: select, open');
    expect(lastFrame()).toMatch(/a very long delegate stat name {2,}7/);
  });
});
