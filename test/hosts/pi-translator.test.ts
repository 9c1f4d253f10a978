/**
 * The Pi translator (src/hosts/pi.ts) over the real Pi 0.73.1's events, recorded by the shared
 * capture extension (../shared/pi-0.73.1/: buddy-capture.ts in ~/.pi/agent/extensions/, `pi -p
 * --provider mock` against the loopback mock for `p-basic` and `p-apierror`, and the TUI through
 * tmux for `tui`: a shell scenario, `/compact`, Esc during `sleep 20`, Ctrl+D). The fixture is each
 * captured event with the session fields the capture read from the handler's `ctx` merged in, as
 * buddy-tui's extension writes them; pi-events.ts's cut-down payload must give the same events.
 */
import { describe, expect, it } from 'vitest';
import { piSpec } from '../../src/hosts/pi.js';
import { createPiPayloads, PI_EVENTS, piPayload, type PiEventName } from '../../src/hosts/pi-events.js';
import type { InternalEvent } from '../../src/protocol/internal-event.js';
import { capturedRuns } from '../support/host-fixtures.js';

const runs = capturedRuns(new URL('../fixtures/pi/hook-events.jsonl', import.meta.url).pathname);
const run = (name: string) => runs.find((r) => r.name === name)!.payloads;
const isJournaled = (type: unknown) => (PI_EVENTS as readonly unknown[]).includes(type);
const sessionOf = (p: Record<string, unknown>) =>
  ({ session_id: p.session_id, session_file: p.session_file, cwd: p.cwd }) as { session_id: string };

/** A run as buddy-tui's extension writes it (createPiPayloads), through the translator. */
function events(name: string): InternalEvent[] {
  const written = createPiPayloads();
  return run(name)
    .filter((p) => isJournaled(p.type))
    .flatMap((p) => piSpec.normalize(written(p.type as PiEventName, p, sessionOf(p))) ?? []);
}

describe('the Pi translator', () => {
  it('names a -p run as Claude: one prompt, each tool call by its id, the turn end, the session end', () => {
    expect(events('p-basic').map((e) => [e.hook_event_name, e.tool_name, e.tool_use_id])).toEqual([
      ['SessionStart', undefined, undefined],
      ['UserPromptSubmit', undefined, undefined],
      ['PreToolUse', 'bash', 'call_mock_1_0'],
      ['PostToolUse', 'bash', 'call_mock_1_0'],
      ['PreToolUse', 'bash', 'call_mock_2_0'],
      ['PostToolUseFailure', 'bash', 'call_mock_2_0'],
      ['PreToolUse', 'write', 'call_mock_3_0'],
      ['PostToolUse', 'write', 'call_mock_3_0'],
      ['PreToolUse', 'edit', 'call_mock_4_0'],
      ['PostToolUse', 'edit', 'call_mock_4_0'],
      ['PreToolUse', 'edit', 'call_mock_5_0'],
      ['PostToolUseFailure', 'edit', 'call_mock_5_0'],
      ['Stop', undefined, undefined],
      ['SessionEnd', undefined, undefined],
    ]);
    const all = events('p-basic');
    expect(new Set(all.map((e) => e.host))).toEqual(new Set(['pi']));
    expect(all[0]).toMatchObject({ source: 'startup', cwd: '/home/dev/project' });
    expect(all[0].transcript_path).toMatch(/^\/home\/dev\/\.pi\/agent\/sessions\/--home-dev-project--\/.*\.jsonl$/);
    expect(all[1]).toMatchObject({ prompt: 'run ls, then fail' });
    expect(all[1].new_turn).toBeUndefined();
  });

  it('reads the exit code of a failed command from its last line; other failures keep their text', () => {
    const [shell, edit] = events('p-basic').filter((e) => e.hook_event_name === 'PostToolUseFailure');
    expect(shell).toMatchObject({ exit_code: 3, error: 'Exit code 3\nabout-to-fail', tool_role: 'shell' });
    expect(shell.tool_input).toEqual({ command: 'echo about-to-fail; exit 3' });
    expect(edit.exit_code).toBeUndefined();
    expect(edit.error).toMatch(/^Could not find the exact text in \/home\/dev\/project\/hello\.txt/);
    const touched = events('p-basic').filter((e) => e.files_touched);
    expect(touched.map((e) => [e.tool_name, e.files_touched])).toEqual([
      ['write', ['/home/dev/project/hello.txt']],
      ['edit', ['/home/dev/project/hello.txt']],
    ]);
  });

  it("ends a turn the model failed as StopFailure with Pi's error message", () => {
    expect(events('p-apierror').map((e) => e.hook_event_name)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'StopFailure',
      'SessionEnd',
    ]);
    expect(events('p-apierror')[2].error).toBe('400 mock: simulated model failure');
  });

  it('takes Esc during a command as an interrupted call and an Interrupt; /compact as Pre/PostCompact', () => {
    const tui = events('tui');
    const aborted = tui.find(
      (e) =>
        (e.tool_input as { command?: string } | undefined)?.command === 'sleep 20; echo slept' &&
        e.hook_event_name !== 'PreToolUse',
    );
    expect(aborted).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      is_interrupt: true,
      error: 'Command aborted',
    });
    expect(tui.map((e) => e.hook_event_name).filter((n) => /Compact|Interrupt|Session/.test(n))).toEqual([
      'SessionStart',
      'PreCompact',
      'PostCompact',
      'Interrupt',
      'SessionEnd',
    ]);
  });

  it("gives the same events from the extension's cut-down payload as from Pi's whole event", () => {
    for (const payload of runs.flatMap((r) => r.payloads)) {
      const name = payload.type as PiEventName;
      const whole = piSpec.normalize(payload);
      if (!isJournaled(name)) {
        expect(whole).toBeUndefined();
        continue;
      }
      const cut = piPayload(name, payload, sessionOf(payload));
      expect(JSON.stringify(cut).length).toBeLessThanOrEqual(JSON.stringify(payload).length);
      // Only a write's text and an edit's blocks are left out of the call's input.
      const { tool_input: cutInput, ...cutRest } = piSpec.normalize(cut)!;
      const { tool_input: wholeInput, ...wholeRest } = whole!;
      expect(cutRest).toEqual(wholeRest);
      expect(cutInput).toEqual(wholeInput && { ...wholeInput, content: undefined, edits: undefined });
    }
  });

  it('bounds what it writes: a huge output keeps its exit line; a file write drops its text', () => {
    const output = `${'x'.repeat(1_000_000)}\n\n\nCommand exited with code 7`;
    const session = { session_id: 's', cwd: '/p' };
    const end = piPayload(
      'tool_execution_end',
      { toolName: 'bash', toolCallId: 'c', isError: true, result: { content: [{ type: 'text', text: output }] } },
      session,
    );
    expect(JSON.stringify(end).length).toBeLessThan(5_000);
    expect(piSpec.normalize(end)).toMatchObject({ hook_event_name: 'PostToolUseFailure', exit_code: 7 });
    const write = piPayload(
      'tool_execution_start',
      { toolName: 'write', toolCallId: 'w', args: { path: '/p/f', content: 'y'.repeat(1_000_000) } },
      session,
    );
    expect(write.args).toEqual({ path: '/p/f' });
  });

  it('never takes an exit-code-like line inside the output for the exit code', () => {
    const text = 'Command exited with code 5\nmore output';
    const event = piSpec.normalize({
      type: 'tool_execution_end',
      session_id: 's',
      toolName: 'bash',
      isError: true,
      result: { content: [{ type: 'text', text }] },
    }) as InternalEvent;
    expect(event.exit_code).toBeUndefined();
    expect(event.error).toBe(text);
  });

  it('drops payloads with no session and events it leaves out, without throwing', () => {
    expect(piSpec.normalize({ type: 'before_agent_start', prompt: 'hi' })).toBeUndefined();
    expect(piSpec.normalize({ type: 'input', session_id: 's', text: 'hi' })).toBeUndefined();
    expect(piSpec.normalize({ type: 'message_update', session_id: 's' })).toBeUndefined();
    expect(piSpec.normalize({ type: 'agent_end', session_id: 's', messages: 'junk' })).toMatchObject({
      hook_event_name: 'Stop',
    });
    expect(piPayload('agent_end', null, {})).toEqual({ type: 'agent_end' });
  });
});
