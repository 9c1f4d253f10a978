import { afterEach, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { SessionOverview } from '../../components/SessionOverview.js';
import { DROP_ORDER, fitColumns } from '../../components/overview-columns.js';
import { ThemeProvider } from '../../components/theme.js';
import type { OverviewRow } from '../../src/tui/store/index.js';
import { toSafeText } from '../../src/text/safe-text.js';
import { renderAtSize, settle, type SizedRender } from './render-at-size.js';

const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

const safe = (text: string) => toSafeText(text);
const claude = safe('claude');

const ROWS: OverviewRow[] = [
  {
    id: 'a',
    project: safe('api-gateway'),
    host: claude,
    activity: 'working',
    tool: safe('Bash'),
    toolMs: 12_000,
    subagents: 2,
    sinceMs: 1_000,
  },
  {
    id: 'b',
    project: safe('shop'),
    host: claude,
    activity: 'waiting',
    tool: safe('Edit'),
    toolMs: 64_000,
    subagents: 0,
    sinceMs: 30_000,
  },
  {
    id: 'c',
    project: safe('docs'),
    host: safe('codex'),
    activity: 'thinking',
    subagents: 0,
    failure: { tool: safe('Bash'), error: safe('Exit code 1: npm test failed') },
    sinceMs: 5_000,
  },
  { id: 'd', project: safe('old-thing'), host: claude, activity: 'ended', subagents: 0, sinceMs: 600_000 },
];

async function draw(
  width: number,
  options: { rows?: OverviewRow[]; cursorId?: string; maxLines?: number; color?: boolean } = {},
): Promise<string[]> {
  const view = renderAtSize(
    <ThemeProvider theme={{ color: options.color ?? false }}>
      <SessionOverview
        rows={options.rows ?? ROWS}
        cursorId={options.cursorId ?? 'a'}
        width={width}
        maxLines={options.maxLines ?? 10}
      />
    </ThemeProvider>,
    width + 1,
    20,
  );
  views.push(view);
  await settle(10);
  return view.lines();
}

const rowLine = (lines: string[], project: string) => lines.find((line) => line.includes(project)) ?? '';

describe('SessionOverview', () => {
  it.each([40, 60, 100, 160])(
    'at %i columns: one line per session within the width, project and state always there',
    async (width) => {
      const lines = await draw(width);
      expect(lines.length).toBe(1 + ROWS.length);
      for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(width);
      for (const [project, state] of [
        ['api-gateway', 'working'],
        ['shop', 'waiting for you'],
        ['docs', 'thinking'],
        ['old-thing', 'ended'],
      ]) {
        expect(rowLine(lines, project)).toContain(state);
      }
    },
  );

  it('160 columns show every field', async () => {
    const lines = await draw(160);
    expect(rowLine(lines, 'api-gateway')).toMatch(/\[claude\] +working +▶ Bash +12s +● 2 +1s ago/);
    expect(rowLine(lines, 'docs')).toMatch(/\[codex\] +thinking .* 5s ago +✗ Bash: Exit code 1: npm test failed/);
  });

  it('a host that reports no subagents shows "—" in their column, not a blank that reads as none; alone it adds no column', async () => {
    const gemini: OverviewRow = {
      id: 'g',
      project: safe('gem-proj'),
      host: safe('gemini'),
      activity: 'working',
      subagents: undefined,
      sinceMs: 2_000,
    };
    const lines = await draw(160, { rows: [...ROWS, gemini] });
    expect(rowLine(lines, 'gem-proj')).toMatch(/\[gemini\] +working +— +2s ago/);
    expect(rowLine(lines, 'shop')).not.toContain('—');
    const alone = await draw(160, { rows: [gemini], cursorId: 'g' });
    expect(rowLine(alone, 'gem-proj')).toMatch(/\[gemini\] +working +2s ago/);
    expect(fitColumns([gemini], 160).columns.map((fit) => fit.column)).not.toContain('subagents');
  });

  it('narrower panes give up time-since, then the failure, subagents, elapsed time, host, tool', async () => {
    const shown = (width: number) => fitColumns(ROWS, width).columns.map((fit) => fit.column);
    const all = shown(160);
    expect(all).toEqual(['project', 'host', 'state', 'tool', 'elapsed', 'subagents', 'since', 'failure']);
    // Walk down the widths: columns only ever go, in DROP_ORDER.
    let previous = all;
    const gone: string[] = [];
    for (let width = 160; width >= 20; width -= 1) {
      const now = shown(width);
      for (const column of previous) if (!now.includes(column)) gone.push(column);
      previous = now;
    }
    expect(gone).toEqual([...DROP_ORDER]);
    expect(previous).toEqual(['project', 'state']);

    const at60 = await draw(60);
    expect(at60.join('\n')).not.toContain('ago');
    expect(rowLine(at60, 'api-gateway')).toContain('▶ Bash');
    const at40 = await draw(40);
    expect(rowLine(at40, 'api-gateway')).not.toContain('●');
    expect(rowLine(at40, 'api-gateway')).not.toContain('12s');
  });

  it('without colour, waiting shows "!", a failure "✗" and the cursor "›"', async () => {
    const lines = await draw(40, { cursorId: 'c' });
    expect(rowLine(lines, 'shop').startsWith(' ! shop')).toBe(true);
    expect(rowLine(lines, 'docs').startsWith('›✗ docs')).toBe(true);
    expect(rowLine(lines, 'api-gateway').startsWith('   api-gateway')).toBe(true);
  });

  it('cuts a long project between grapheme clusters, never inside a joined emoji', async () => {
    const family = '👨‍👩‍👧';
    const rows: OverviewRow[] = [
      {
        ...ROWS[0],
        project: safe(`${family}${family}${family}-very-long-project-name-here`),
        activity: 'waiting',
        tool: undefined,
        toolMs: undefined,
      },
    ];
    for (const width of [20, 40]) {
      const lines = await draw(width, { rows });
      const line = rowLine(lines, 'waiting');
      expect(stringWidth(line)).toBeLessThanOrEqual(width);
      expect(line).toContain(family);
      expect(line.replaceAll(family, '')).not.toMatch(/[\u200d\u{1F466}-\u{1F469}]/u);
    }
  });

  it('scrolls to keep the cursor in view when the rows do not fit', async () => {
    const lines = await draw(60, { cursorId: 'd', maxLines: 3 });
    expect(lines.length).toBe(3);
    expect(lines.join('\n')).toContain('old-thing');
    expect(lines.join('\n')).not.toContain('api-gateway');
  });
});
