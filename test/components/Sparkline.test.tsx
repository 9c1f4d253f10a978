import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { Sparkline, sparkline } from '../../components/Sparkline.js';

describe('Sparkline', () => {
  it('scales counts to block heights, dots for quiet minutes', () => {
    expect(sparkline([0, 1, 4, 8])).toBe('·▁▄█');
    expect(sparkline([0, 0])).toBe('··');
  });

  it('shows the last minutes that fit, with totals', () => {
    const counts = Array.from({ length: 30 }, (_, i) => (i % 5 === 0 ? 10 : i % 3));
    const wide = render(<Sparkline counts={counts} width={60} />).lastFrame() ?? '';
    expect(wide.split('\n')[0]).toBe(`events/min, 30 min: ${counts.reduce((a, b) => a + b, 0)} total, peak 10`);
    expect([...wide.split('\n')[1]]).toHaveLength(30);
    const narrow = render(<Sparkline counts={counts} width={12} />).lastFrame() ?? '';
    expect([...narrow.split('\n')[1]]).toHaveLength(12);
    expect(narrow.split('\n')[0].length).toBeLessThanOrEqual(12);
  });
});
