import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { bar, NeedsBars } from '../../components/NeedsBars.js';

describe('NeedsBars', () => {
  it('draws one bar per need and the XP still needed', () => {
    const { lastFrame } = render(
      <NeedsBars hunger={30} energy={70} happiness={100} xp={40} xpToNext={60} level={3} width={41} />,
    );
    expect(lastFrame()).toBe(
      [
        // Hunger 30 is fed 70: feeding fills this bar as the others fill (issue 47).
        'fed       ██████████████░░░░░░  70',
        'energy    ██████████████░░░░░░  70',
        'happiness ████████████████████ 100',
        'xp        ████████░░░░░░░░░░░░ 60 to Lv 4',
      ].join('\n'),
    );
  });

  it('shrinks the bars with the width', () => {
    for (const width of [22, 28, 40]) {
      const { lastFrame } = render(
        <NeedsBars hunger={50} energy={50} happiness={50} xp={0} xpToNext={10} level={1} width={width} />,
      );
      const lines = (lastFrame() ?? '').split('\n');
      expect(lines).toHaveLength(4);
      for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(width);
    }
  });

  it('clamps nonsense values', () => {
    expect(bar(-5, 4)).toBe('░░░░');
    expect(bar(500, 4)).toBe('████');
    expect(bar(Number.NaN, 4)).toBe('░░░░');
  });
});
