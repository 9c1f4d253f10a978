/**
 * "Waiting for you" ends when the user answers (issue 45), with real processes: the events of an
 * ask spooled by the real spool script, the mod's own modules (claude-plugin/hooks, with a `$` over
 * this machine's files and processes) seeing the ask at `tool.check` and the approved call start
 * at `tool.run` (Claude Code sends no hook then), and the built `buddy-tui mod-state --answered`
 * and `buddy-tui statusline`. (Run `npm run build` first.)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASK_ANSWERED } from '../../src/state/waiting.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';
import { modInTurn, modModule } from './mod-host.js';
import { until, worldsStoppedAfterEach } from './runner-world.js';

const SID = 'ask-1';
const CALL = 'toolu_ask_1';
const base = { session_id: SID, cwd: '/w', permission_mode: 'default' };
const bash = { tool_name: 'Bash', tool_input: { command: 'sleep 15', description: 'Wait' } };

// The mod's asks start a detached runner (--ensure-runner): each test stops its own.
const world = worldsStoppedAfterEach();

function cli(env: NodeJS.ProcessEnv, args: string[], input?: string) {
  const ran = spawnSync(process.execPath, [CLI_ENTRY, ...args], { env, input, encoding: 'utf8' });
  expect(ran.status, ran.stderr).toBe(0);
  return ran.stdout;
}

describe('the mod tells buddy-tui the user answered the ask', () => {
  it('an approved call: the band drops the ask at tool.run, and mod-state, the statusline and the journal follow', async () => {
    const { state, env } = world();
    for (const event of [
      { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'wait', prompt_id: 'p1' },
      { ...base, ...bash, hook_event_name: 'PreToolUse', tool_use_id: CALL },
      { ...base, ...bash, hook_event_name: 'PermissionRequest' },
    ])
      expect((await runSpool(JSON.stringify(event), env)).code).toBe(0);
    const statusline = () => cli(env, ['statusline'], JSON.stringify({ session_id: SID, cwd: '/w' }));

    const turn = await modInTurn(env, SID);
    try {
      await until(
        () => turn.band().some((row) => row.includes('waiting for you: approve Bash')),
        'the ask in the band',
      );
      // The mod draws the buddy in this session (its heartbeat names a live process), so the
      // statusLine leaves the ask to the band rather than show it twice (test/statusline/mod-draws.test.ts).
      expect(statusline()).not.toContain('approve Bash');
      expect(JSON.parse(cli(env, ['mod-state', '--session', SID])).waiting).toBeDefined();

      const { onToolCheck, onToolRun } = await modModule('ask-answered');
      onToolCheck({ tool: 'Bash', tool_use_id: CALL, approver: 'person', input: {} }, { decision: 'ask' });
      const asked = turn.runs.length;
      onToolRun(turn.$, { tool: 'Bash', tool_use_id: CALL });
      // At once, before any buddy-tui process answered.
      expect(turn.band().join('\n')).not.toContain('waiting for you');

      const journal = join(state, SID, 'events.jsonl');
      await until(() => readFileSync(journal, 'utf8').includes(ASK_ANSWERED), 'the answer journaled');
      expect(turn.runs.slice(asked).flat()).toContain(`${CALL}/Bash`);
      expect(JSON.parse(cli(env, ['mod-state', '--session', SID])).waiting).toBeUndefined();
      expect(statusline()).not.toContain('approve');
      // The call still runs: the session works, it does not wait.
      expect(JSON.parse(cli(env, ['mod-state', '--session', SID])).working).toBe(true);
      expect(turn.band().join('\n')).not.toContain('waiting for you');
    } finally {
      turn.stop();
    }
  }, 90_000);

  it('an answer that is not an id (or a tool) is not journaled; the look is printed all the same', async () => {
    const { state, env } = world();
    expect(
      (await runSpool(JSON.stringify({ ...base, ...bash, hook_event_name: 'PreToolUse', tool_use_id: CALL }), env))
        .code,
    ).toBe(0);
    const out = cli(env, ['mod-state', '--session', SID, '--answered', '../x/Bash', '--answered', `${CALL}/a b`]);
    expect(JSON.parse(out).v).toBe(1);
    expect(readFileSync(join(state, SID, 'events.jsonl'), 'utf8')).not.toContain(ASK_ANSWERED);
  }, 60_000);

  it('an `ask` verdict the rules then allowed (no dialog, buddy-tui shows no wait): no buddy-tui process, the answer goes with the next ask', async () => {
    const { env } = world();
    for (const event of [
      { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'echo', prompt_id: 'p1' },
      { ...base, ...bash, hook_event_name: 'PreToolUse', tool_use_id: CALL },
    ])
      expect((await runSpool(JSON.stringify(event), env)).code).toBe(0);
    const turn = await modInTurn(env, SID);
    try {
      expect(turn.mod.look.waiting).toBeUndefined();
      await until(() => turn.mod.inflight === undefined, 'the first ask done');
      const { onToolCheck, onToolRun } = await modModule('ask-answered');
      onToolCheck({ tool: 'Bash', tool_use_id: CALL, approver: 'person', input: {} }, { decision: 'ask' });
      const asked = turn.runs.length;
      onToolRun(turn.$, { tool: 'Bash', tool_use_id: CALL });
      // A process would have been started by now (ask() runs it before its first await).
      expect(turn.runs.length).toBe(asked);
      expect(turn.mod.answers).toEqual([`${CALL}/Bash`]);
      const { ask } = await modModule('ask-buddy-tui');
      await ask(turn.$);
      expect(turn.runs.at(-1)).toContain(`${CALL}/Bash`);
    } finally {
      turn.stop();
    }
  }, 60_000);
});
