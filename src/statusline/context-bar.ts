/** Context window use as a small bar: `▰▰▱▱▱ 42%`, green, then yellow from 50%, red from 80%. */
import type { Part, StyleName } from './style.js';

export const BAR_CELLS = 5;

export function contextStyle(percent: number): StyleName {
  if (percent >= 80) return 'alert';
  if (percent >= 50) return 'caution';
  return 'good';
}

export function contextBar(percent: number, cells: number = BAR_CELLS): Part[] {
  const clamped = Math.min(100, Math.max(0, percent));
  // Any use at all shows one filled cell; only a full window fills them all.
  let filled = Math.round((clamped / 100) * cells);
  if (clamped > 0 && filled === 0) filled = 1;
  if (clamped < 100 && filled === cells) filled = cells - 1;
  return [
    { text: '▰'.repeat(filled), style: contextStyle(clamped) },
    { text: '▱'.repeat(cells - filled), style: 'dim' },
    { text: ` ${Math.round(clamped)}%`, style: contextStyle(clamped) },
  ];
}
