/**
 * The Cline translator's traps, over payloads recorded from the real Cline CLI 3.0.65
 * (test/fixtures/cline, from ../shared/cline-3.0.65: `cline "<prompt>"` against the loopback mock
 * with one hook file per event, `--auto-approve false` without a TTY, a model error, and a TUI
 * session with an approval, a denial and an Esc).
 */
import { describe, expect, it } from 'vitest';
import { clineSpec } from '../../src/hosts/cline.js';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';

const runs = HOST_FIXTURES.cline();
const run = (name: string) => runs.find((r) => r.name === name)!.payloads;
const events = (name: string) => run(name).map((payload) => normalizeHostEvent('cline', payload)!);

describe('the Cline translator', () => {
  it('names the session by rootSessionId, opens a turn on TaskStart with no prompt text, closes it on TaskComplete', () => {
    const basic = events('p-basic');
    const root = (run('p-basic')[0].sessionContext as { rootSessionId: string }).rootSessionId;
    expect(new Set(basic.map((e) => e.session_id))).toEqual(new Set([root]));
    expect(basic[0]).toMatchObject({ hook_event_name: 'UserPromptSubmit', new_turn: true, host: 'cline' });
    expect(basic[0].prompt).toBeUndefined();
    expect(basic[0].agent_id).toBeUndefined();
    expect(basic.at(-1)).toMatchObject({ hook_event_name: 'Stop' });
    // The host's time rides along for the reducer's turn order (reducer-lifecycle.ts).
    expect(basic[0].event_time).toBe(Date.parse(run('p-basic')[0].timestamp as string));
  });

  it('a command that exited 3 is a failure with its exit code, though postToolUse.success is true', () => {
    const failed = events('p-basic').find((e) => e.exit_code === 3)!;
    expect(failed).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'run_commands',
      tool_role: 'shell',
      tool_use_id: 'call_mock_2_0',
      error: 'Exit code 3\nabout-to-fail',
    });
    expect(failed.tool_input).toMatchObject({ command: 'echo about-to-fail; exit 3' });
    const ls = events('p-basic')[2];
    expect(ls).toMatchObject({ hook_event_name: 'PostToolUse', exit_code: 0, tool_input: { command: 'ls' } });
  });

  it('a failed edit, a refused call and an aborted command are failures; a good edit touches its file', () => {
    const basic = events('p-basic');
    const edits = basic.filter((e) => e.tool_name === 'editor' && e.hook_event_name !== 'PreToolUse');
    expect(edits.map((e) => e.hook_event_name)).toEqual(['PostToolUse', 'PostToolUse', 'PostToolUseFailure']);
    expect(edits[0].files_touched).toEqual(['/home/dev/project/hello.txt']);
    expect(edits[2].error).toMatch(/^Editor operation failed/);
    const refused = events('p-noauto').find((e) => e.hook_event_name === 'PostToolUseFailure')!;
    expect(refused.error).toMatch(/requires approval in a TTY session/);
    const tui = events('tui');
    expect(tui.filter((e) => e.hook_event_name === 'PostToolUseFailure').map((e) => e.error)).toEqual([
      expect.stringMatching(/rejected by the user/),
      'Command failed: Command was aborted',
    ]);
  });

  it('a subagent is SubagentStart/Stop of the parent session; a model error is StopFailure; Esc is Interrupt', () => {
    const child = events('p-basic').filter((e) => e.agent_id !== undefined);
    expect(child.map((e) => e.hook_event_name)).toEqual(['SubagentStart', 'SubagentStop']);
    expect(child[0].agent_id).toBe(child[1].agent_id);
    expect(events('p-apierror')[1]).toMatchObject({
      hook_event_name: 'StopFailure',
      error: 'mock: simulated model failure',
    });
    expect(events('tui').filter((e) => e.hook_event_name === 'Interrupt')).toHaveLength(1);
  });

  it("orders by the payload's timestamp; a payload without hookName or session is none of Cline's", () => {
    expect(clineSpec.eventTime!({ timestamp: '2026-12-07T13:19:11.016Z' })).toBe(
      Date.parse('2026-12-07T13:19:11.016Z'),
    );
    expect(clineSpec.eventTime!({ timestamp: 'soon' })).toBeUndefined();
    expect(normalizeHostEvent('cline', { hookName: 'agent_start' })).toBeUndefined();
    expect(normalizeHostEvent('cline', { taskId: 't', hookName: 'prompt_submit' })).toBeUndefined();
    expect(normalizeHostEvent('cline', { session_id: 's', hook_event_name: 'Stop' })).toBeUndefined();
  });
});
