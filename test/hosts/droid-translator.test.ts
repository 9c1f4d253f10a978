/**
 * The Droid translator over real Factory Droid 0.215.0 payloads (test/fixtures/droid/, from
 * ../shared/droid-0.215.0: `droid exec --auto high -m custom:mock-model` against the loopback
 * mock, a fresh HOME whose ~/.factory/settings.json has a custom model and the hooks; the
 * exp-* runs are the hook-output experiments). A failed tool fires no hook: the transcript lines
 * below are the shape Droid 0.215.0 wrote for such a run (the failed `exit 3` has only its
 * `tool_result` with `is_error`), and the Stop of that turn must show the failure, never a success.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';
import { makeTempDir } from '../support/temp-dir.js';

const SESSION = 'de47880f-f547-46da-b703-378de50f406a';

const journal = (name: string, transcript?: string): JournalEvent[] =>
  HOST_FIXTURES.droid()
    .find((r) => r.name === name)!
    .payloads.flatMap((p, i) => {
      const e = normalizeHostEvent('droid', transcript ? { ...p, transcript_path: transcript } : p);
      return e ? [{ ...e, ts: 10_000 + i * 100 } as JournalEvent] : [];
    });

const message = (role: string, content: unknown[], extra: Record<string, unknown> = {}, id = `m${Math.random()}`) =>
  JSON.stringify({ type: 'message', id, message: { role, content, ...extra } });
const toolUse = (id: string, name: string, input: Record<string, unknown>) =>
  message('assistant', [{ type: 'tool_use', id, name, input }]);
const toolResult = (id: string, isError: boolean, content: string) =>
  message('user', [{ type: 'tool_result', tool_use_id: id, is_error: isError, content }]);
const prompt = (text: string) => message('user', [{ type: 'text', text }], { interactionMode: 'auto' });
const stopHook = () => message('user', [], { visibility: 'user_only', hookEventName: 'Stop' });
/** p-basic's Stop names the turn's last message (`message_id`); Droid writes its Stop and SessionEnd records after it. */
const STOP_MESSAGE = '962aa1fd-7d01-41bd-8743-530b36317302';
const lastMessage = () => message('assistant', [{ type: 'text', text: 'Mock model: done.' }], {}, STOP_MESSAGE);
const afterTheTurn = () => [
  stopHook(),
  message('user', [], { visibility: 'user_only', hookEventName: 'SessionEnd' }),
  prompt('a later turn, already in the transcript when the drain runs'),
  toolUse('call_later', 'Execute', { command: 'exit 9' }),
  toolResult('call_later', true, 'Error: Command failed (exit code: 9)\n\n\n[Process exited with code 9]'),
];

/** A transcript of Droid 0.215.0's shape: an earlier turn that failed, then p-basic's turn. */
function transcript(turn: string[]): string {
  const dir = makeTempDir('buddy-droid-transcript-');
  const path = join(dir, `${SESSION}.jsonl`);
  const earlier = [
    prompt('an earlier turn'),
    toolUse('call_old', 'Execute', { command: 'false' }),
    toolResult('call_old', true, 'Error: Command failed (exit code: 1)\n\n\n[Process exited with code 1]'),
    stopHook(),
  ];
  const context = message('user', [{ type: 'text', text: '<system-reminder>\ntools\n</system-reminder>' }]);
  writeFileSync(
    path,
    `${[JSON.stringify({ type: 'session_start', id: SESSION }), ...earlier, context, ...turn].join('\n')}\n`,
  );
  return path;
}

const P_BASIC_TURN = [
  prompt('run ls, then fail'),
  toolUse('call_mock_2_0', 'Execute', { command: 'ls' }),
  toolResult('call_mock_2_0', false, 'file1.txt\n\n\n[Process exited with code 0]'),
  toolUse('call_mock_3_0', 'Execute', { command: 'echo about-to-fail; exit 3' }),
  toolResult(
    'call_mock_3_0',
    true,
    'Error: Command failed (exit code: 3)\nabout-to-fail\n\n\n[Process exited with code 3]',
  ),
  toolUse('call_mock_6_0', 'Edit', { file_path: '/p/hello.txt', old_str: 'x', new_str: 'y' }),
  toolResult('call_mock_6_0', true, 'Error: Error: The text to replace was not found in the file.'),
  lastMessage(),
  ...afterTheTurn(),
];

describe('the Droid translator', () => {
  it('p-basic: the failed `exit 3` (no hook of its own) shows at the turn end as a failure with its exit code', () => {
    const events = journal('p-basic', transcript(P_BASIC_TURN));
    const stop = events.find((e) => e.hook_event_name === 'StopFailure');
    expect(stop).toMatchObject({
      host: 'droid',
      tool_name: 'Execute',
      tool_input: { command: 'echo about-to-fail; exit 3' },
      error: 'Exit code 3\nabout-to-fail\n(also failed this turn: Edit)',
    });
    expect(events.some((e) => e.hook_event_name === 'Stop')).toBe(false);
    const state = foldEvents(undefined, events, SESSION);
    expect(state.host).toBe('droid');
    expect(state.failures).toEqual([
      expect.objectContaining({ tool: 'Execute', error: expect.stringMatching(/^Exit code 3\n/) }),
    ]);
    expect(state.pendingPrompts).toBe(0);
    expect(state.endedAt).toBeDefined();
    // The command that succeeded: exit code 0, the shell role; the file Droid created is touched.
    expect(events.find((e) => e.hook_event_name === 'PostToolUse' && e.tool_name === 'Execute')).toMatchObject({
      exit_code: 0,
      tool_role: 'shell',
    });
    expect(state.filesTouched.some((f) => f.endsWith('hello.txt'))).toBe(true);
  });

  it("a turn with no failed call ends with a plain Stop; an earlier or a later turn's failure is not this one's", () => {
    const events = journal(
      'p-basic',
      transcript([
        prompt('run ls'),
        toolUse('c1', 'Execute', { command: 'ls' }),
        toolResult('c1', false, 'ok\n\n[Process exited with code 0]'),
        lastMessage(),
        ...afterTheTurn(),
      ]),
    );
    expect(events.map((e) => e.hook_event_name)).toContain('Stop');
    expect(foldEvents(undefined, events, SESSION).failures).toEqual([]);
  });

  it("a Stop whose message_id is not in the transcript takes the turn nearest the transcript's end", () => {
    // The turn up to its failed Edit: no last message, nothing after it.
    const events = journal('p-basic', transcript(P_BASIC_TURN.slice(0, 7)));
    expect(events.find((e) => e.hook_event_name === 'StopFailure')).toMatchObject({ tool_name: 'Execute' });
  });

  it('a transcript that is missing, a symlink or a FIFO is passed over: a plain Stop, no hang', () => {
    const dir = makeTempDir('buddy-droid-hostile-');
    const real = transcript(P_BASIC_TURN);
    symlinkSync(real, join(dir, 'link.jsonl'));
    execFileSync('mkfifo', [join(dir, 'fifo.jsonl')]);
    mkdirSync(join(dir, 'dir.jsonl'));
    for (const path of [
      '/nonexistent/x.jsonl',
      join(dir, 'link.jsonl'),
      join(dir, 'fifo.jsonl'),
      join(dir, 'dir.jsonl'),
      'relative.jsonl',
    ])
      expect(
        journal('p-basic', path).map((e) => e.hook_event_name),
        path,
      ).toContain('Stop');
  });

  it('exp-exit2-pre: a blocked tool (no PostToolUse) is no success either', () => {
    const events = journal('exp-exit2-pre');
    expect(
      events.filter(
        (e) =>
          e.hook_event_name === 'PostToolUse' &&
          e.tool_name === 'Execute' &&
          e.tool_input &&
          String((e.tool_input as { command?: unknown }).command).includes('exit 3'),
      ),
    ).toEqual([]);
  });
});
