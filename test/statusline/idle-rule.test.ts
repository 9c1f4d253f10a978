/**
 * The idle rule (segments.ts idleShows): the idle segment shows only when no activity segment is
 * present, in both layouts. The views carry an idle value either way, so the rule, not the
 * view, decides; each case is the whole plain row, as the golden files record it.
 */
import { describe, expect, it } from 'vitest';
import { fitRow } from '../../src/statusline/layout.js';
import { idleShows, rowsFor } from '../../src/statusline/segments.js';
import type { StatuslineView } from '../../src/statusline/view.js';

const QUIET: StatuslineView = {
  face: '(o.o)',
  modelName: 'Opus',
  queue: 0,
  turnOpen: false,
  tools: [],
  agents: [],
  longestAgentMs: 0,
  idle: { kind: 'idle', lastTurnMs: 60_000 },
};
const BUSY: StatuslineView = { ...QUIET, turnOpen: true, runningTool: { name: 'Bash', elapsedMs: 7000 } };

const rendered = (view: StatuslineView, lines: 1 | 2): string[] =>
  rowsFor(view, lines, false).map((row) => fitRow(row, 200, false));

describe('the idle rule', () => {
  it('an activity segment present: no idle segment', () => {
    expect(rendered(BUSY, 2)).toEqual(['(o.o) │ Opus', '▸ Bash 7s']);
    expect(rendered(BUSY, 1)).toEqual(['(o.o) │ Opus │ ▸ Bash 7s']);
    expect(rendered({ ...QUIET, tools: [['Read', 2]] }, 2)).toEqual(['(o.o) │ Opus', 'Read x2']);
  });

  it('no activity segment: the idle segment', () => {
    expect(rendered(QUIET, 2)).toEqual(['(o.o) │ Opus', 'idle · last turn 1m00s']);
    expect(rendered(QUIET, 1)).toEqual(['(o.o) │ Opus │ idle · last turn 1m00s']);
  });

  it('a segment about the buddy (the voice out of its budget) is no activity: idle still shows', () => {
    const spent: StatuslineView = { ...QUIET, voiceSpent: { calls: 100, budget: 100 } };
    expect(rendered(spent, 2)).toEqual(['(o.o) │ voice 100/100 today · quips only │ Opus', 'idle · last turn 1m00s']);
  });

  it('the predicate itself', () => {
    expect(idleShows([])).toBe(true);
    expect(idleShows(rowsFor(BUSY, 2, false)[1])).toBe(false);
  });
});
