/**
 * Fits a row of segments into a width: shorten the flexible segments, then drop the lowest
 * priority ones, and only as a last resort clip the row itself. Every row that carries colour
 * ends with a reset, so Claude Code's own dimming never bleeds into it or out of it.
 */
import { displayWidth, truncate } from '../display/text-width.js';
import type { Segment } from './segments.js';
import { RESET, paint } from './style.js';

export const SEPARATOR = ' │ ';

function segmentCells(segment: Segment): number {
  let cells = 0;
  for (const part of segment.parts) cells += displayWidth(part.text);
  return cells;
}

function renderSegment(segment: Segment, color: boolean, maxCells?: number): string {
  const parts = (maxCells !== undefined && segment.shrink?.(maxCells)) || segment.parts;
  const text = parts.map((part) => paint(part.text, part.style, color)).join('');
  return maxCells === undefined ? text : truncate(text, maxCells);
}

/** Cells each flexible segment gets, or undefined when even their minimums do not fit. */
function shareFlex(segments: Segment[], widths: number[], room: number): Map<number, number> | undefined {
  const total = widths.reduce((sum, cells) => sum + cells, 0);
  let over = total - room;
  const limits = new Map<number, number>();
  if (over <= 0) return limits;
  // Shorten the lowest-priority flexible segment first.
  const flexible = segments
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => segment.minCells !== undefined);
  flexible.sort((a, b) => a.segment.priority - b.segment.priority);
  for (const { segment, index } of flexible) {
    const slack = widths[index] - (segment.minCells as number);
    if (slack <= 0) continue;
    const cut = Math.min(slack, over);
    limits.set(index, widths[index] - cut);
    over -= cut;
    if (over <= 0) return limits;
  }
  return undefined;
}

export function fitRow(segments: Segment[], width: number, color: boolean, separator = SEPARATOR): string {
  let kept = segments.slice();
  const separatorCells = displayWidth(separator);
  for (;;) {
    const widths = kept.map(segmentCells);
    const room = width - separatorCells * Math.max(0, kept.length - 1);
    const limits = shareFlex(kept, widths, room);
    if (limits || kept.length <= 1) {
      const line = kept
        .map((segment, index) => renderSegment(segment, color, limits?.get(index)))
        .join(paint(separator, 'dim', color));
      const clipped = truncate(line, width);
      return color && clipped && !clipped.endsWith(RESET) ? clipped + RESET : clipped;
    }
    // Drop the lowest-priority segment (the last of equals, so earlier ones stay put).
    let lowest = 0;
    for (let i = 1; i < kept.length; i++) if (kept[i].priority <= kept[lowest].priority) lowest = i;
    kept = kept.filter((_, index) => index !== lowest);
  }
}
