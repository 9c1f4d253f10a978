/** Active subagents in the statusline: none after they stop, none older than ten minutes. */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runStatusline } from '../../src/statusline/render.js';
import { FIXTURE_SESSION, T0, fixturePayload, midTurnEvents, sandbox, type Sandbox } from './support.js';

const boxes: Sandbox[] = [];
afterAll(() => boxes.forEach((box) => rmSync(box.base, { recursive: true, force: true })));

const agentsOf = (output: string): string => /◆ ([^│\n]*)/.exec(output)?.[1]?.trim() ?? '';

describe('statusline subagents', () => {
  it('drops a stopped agent and ages out agents ten minutes after their start', async () => {
    const box = sandbox();
    boxes.push(box);
    const events = midTurnEvents();
    const start = events.find((event) => event.agent_id === 'explore-2')!;
    events.push({ ...start, hook_event_name: 'SubagentStop', ts: T0 + 30_000 });
    box.session(FIXTURE_SESSION, { events });
    const input = JSON.stringify(fixturePayload(42));
    const args = ['--width', '200', '--no-color'];
    expect(agentsOf((await runStatusline(input, args, box.env)).output)).toMatch(
      /^general-purpose, Explore \d+m\d\ds$/,
    );
    // The youngest remaining agent (explore-1) started at T0 + 9 s.
    const later = { ...box.env, BUDDY_TUI_NOW: String(T0 + 9000 + 10 * 60_000 + 1) };
    const { output } = await runStatusline(input, args, later);
    expect(output).not.toContain('◆');
    expect(output).toContain('Bash');
  });
});
