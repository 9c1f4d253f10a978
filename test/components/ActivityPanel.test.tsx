import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { ActivityPanel } from '../../components/ActivityPanel.js';
import { agentColor } from '../../src/display/agent-color.js';
import { foldEvents } from '../../src/state/reducer.js';
import { toSafeSession } from '../../src/state/safe-session.js';
import { fixtureSession, indexOf, T0 } from './fixture-session.js';

describe('ActivityPanel', () => {
  it('shows project, the queue badge, tools with counts, the running tool, the subagent and the last failure', () => {
    // Cut the recording while the Agent tool and its subagent run, after the Bash failure.
    const { state, now } = fixtureSession(indexOf((e) => e.hook_event_name === 'SubagentStart') + 1);
    const { lastFrame } = render(
      <ActivityPanel session={toSafeSession(state)} now={now + 2000} width={90} maxLines={10} />,
    );
    expect(lastFrame()).toBe(
      [
        'project',
        '💬 working 25s',
        '▶ Agent 3s  review code',
        'tools Bash×2 Agent Edit Glob Grep Read Write',
        '● general-purpose 2s',
        '✗ Bash 6s ago: Exit code 254',
      ].join('\n'),
    );
  });

  it('counts queued prompts on the badge and shows the model', () => {
    const state = foldEvents(undefined, [
      { ts: T0, session_id: 's', hook_event_name: 'SessionStart', cwd: '/x/shop', model: 'claude-sonnet-4-6' },
      { ts: T0 + 1, session_id: 's', hook_event_name: 'UserPromptSubmit', prompt_id: 'p1' },
      { ts: T0 + 2, session_id: 's', hook_event_name: 'UserPromptSubmit', prompt_id: 'p2' },
      { ts: T0 + 3, session_id: 's', hook_event_name: 'UserPromptSubmit', prompt_id: 'p3' },
    ]);
    const frame =
      render(<ActivityPanel session={toSafeSession(state)} now={T0 + 61_000} width={60} maxLines={5} />).lastFrame() ??
      '';
    expect(frame.split('\n').slice(0, 2)).toEqual(['shop · claude-sonnet-4-6', '💬 3 working 1m00s']);
  });

  it('says when a session is idle or ended', () => {
    const { state, now } = fixtureSession(indexOf((e) => e.hook_event_name === 'Stop') + 1);
    expect(
      render(<ActivityPanel session={toSafeSession(state)} now={now + 4000} width={60} maxLines={3} />)
        .lastFrame()
        ?.split('\n')[1],
    ).toBe('idle 4s · last turn took 27s');
    const ended = fixtureSession(indexOf((e) => e.hook_event_name === 'SessionEnd') + 1);
    expect(
      render(<ActivityPanel session={toSafeSession(ended.state)} now={ended.now + 1000} width={60} maxLines={3} />)
        .lastFrame()
        ?.split('\n')[1],
    ).toBe('ended 1s ago');
    // The host's raw reason in words: Ctrl-D at Claude Code's prompt is prompt_input_exit.
    const exited = toSafeSession({ ...ended.state, endReason: 'prompt_input_exit' });
    expect(
      render(<ActivityPanel session={exited} now={ended.now + 1000} width={60} maxLines={3} />)
        .lastFrame()
        ?.split('\n')[1],
    ).toBe('ended 1s ago: you exited');
  });

  it('keeps the most important lines when short, and never draws wider than the width', () => {
    const { state, now } = fixtureSession(indexOf((e) => e.hook_event_name === 'SubagentStart') + 1);
    for (const [width, maxLines] of [
      [30, 3],
      [40, 4],
      [24, 6],
    ] as const) {
      const lines = (
        render(
          <ActivityPanel session={toSafeSession(state)} now={now} width={width} maxLines={maxLines} />,
        ).lastFrame() ?? ''
      ).split('\n');
      expect(lines).toHaveLength(maxLines);
      expect(lines[0]).toBe('project');
      for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(width);
    }
    const three =
      render(<ActivityPanel session={toSafeSession(state)} now={now} width={40} maxLines={3} />).lastFrame() ?? '';
    expect(three).toContain('▶ Agent');
    expect(three).not.toContain('tools');
  });

  it('sanitises tool names, commands, agent types and errors', () => {
    const state = foldEvents(undefined, [
      { ts: T0, session_id: 's', hook_event_name: 'UserPromptSubmit', cwd: '/x/p\x1b[2Jroj' },
      {
        ts: T0 + 1,
        session_id: 's',
        hook_event_name: 'PreToolUse',
        tool_name: 'Ba\x1b]0;title\x07sh',
        tool_use_id: 't1',
        tool_input: { command: 'echo\t\x1b[31mred' },
      },
      { ts: T0 + 2, session_id: 's', hook_event_name: 'SubagentStart', agent_id: 'a', agent_type: 'evil\x1b[H' },
      {
        ts: T0 + 3,
        session_id: 's',
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Read',
        tool_use_id: 't2',
        error: 'no\x07pe\x1b[1;1H',
      },
    ]);
    const frame =
      render(<ActivityPanel session={toSafeSession(state)} now={T0 + 5000} width={80} maxLines={8} />).lastFrame() ??
      '';
    expect(frame).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(frame.split('\n')[0]).toBe('proj');
    expect(frame).toContain('▶ Bash');
    expect(frame).toContain('echo  red');
    expect(frame).toContain('● evil');
    expect(frame).toContain('nope');
  });

  it('gives each agent type a stable colour', () => {
    expect(agentColor('general-purpose')).toBe(agentColor('general-purpose'));
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((type) => agentColor(type).name)).size).toBeGreaterThan(1);
  });
});
