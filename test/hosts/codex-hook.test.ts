/**
 * The real `buddy-tui hook --host codex` process fed the real Codex 0.169.0 payloads as Codex
 * feeds them (one process per event, no trailing newline), with the rollout as it stood when
 * the last PostToolUse hook ran: the journal holds the failure with its exit code.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldEvents } from '../../src/state/reducer.js';
import { parseJournalLines } from '../../src/state/journal.js';
import { appendLaterTurns, payloadsWithRollout } from '../support/codex-fixtures.js';
import { CLI_ENTRY, runHook, runHookProcess } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';
import { makeTempDir } from '../support/temp-dir.js';

function journal(root: string, sid: string) {
  const path = join(root, sid, 'events.jsonl');
  return existsSync(path) ? parseJournalLines(readFileSync(path, 'utf8')) : [];
}

describe('buddy-tui hook --host codex', () => {
  it('journals a Codex session with host codex, the failed command as a failure with its exit code', async () => {
    const root = join(makeTempDir(), 'state');
    const { payloads } = payloadsWithRollout('exec-codemode', 'at-last-post');
    for (const payload of payloads) {
      const result = await runHook(JSON.stringify(payload), { BUDDY_TUI_STATE_DIR: root }, ['--host', 'codex']);
      expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    const events = journal(root, payloads[0].session_id);
    expect(events.map((e) => [e.hook_event_name, e.tool_name, e.host])).toEqual([
      ['PreToolUse', 'Bash', 'codex'],
      ['PostToolUse', 'Bash', 'codex'],
      ['PreToolUse', 'apply_patch', 'codex'],
      ['PostToolUse', 'apply_patch', 'codex'],
      ['PreToolUse', 'Bash', 'codex'],
      ['PostToolUseFailure', 'Bash', 'codex'],
    ]);
    expect(events[5]).toMatchObject({ exit_code: 3, error: 'Exit code 3\nabout-to-fail' });
    const state = foldEvents(undefined, events);
    expect(state.failures.map((f) => f.error)).toEqual(['Exit code 3\nabout-to-fail']);
    expect(state.filesTouched).toEqual(['/home/dev/project/patched.txt']);
  });

  it('a failure spooled while no pane ran, drained after 5 MB more of rollout, is still a failure in status --json', async () => {
    const root = join(makeTempDir(), 'state');
    mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
    const env = { BUDDY_TUI_STATE_DIR: root };
    const { payloads, rollout } = payloadsWithRollout('exec-codemode', 'at-last-post');
    // Codex has no status line: the real sh spool leaves every event in the inbox.
    for (const payload of payloads)
      expect(await runSpool(JSON.stringify(payload), env, 'codex')).toMatchObject({ code: 0, stdout: '' });
    expect(journal(root, payloads[0].session_id)).toEqual([]);
    // The session goes on for megabytes before anything drains.
    appendLaterTurns(rollout, 'exec-codemode', 5 * 1024 * 1024);
    // The next event falls back to the Node hook (as when the inbox is not there), which drains first.
    const stop = { ...payloads.at(-1), hook_event_name: 'Stop', tool_name: undefined, tool_use_id: undefined };
    expect(await runHook(JSON.stringify(stop), env, ['--host', 'codex'])).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const events = journal(root, payloads[0].session_id);
    expect(events.map((e) => e.hook_event_name)).toContain('PostToolUseFailure');
    const status = await runHookProcess(process.execPath, [CLI_ENTRY, 'status', '--json'], '', env);
    const report = JSON.parse(status.stdout);
    expect(report.sessions).toMatchObject([{ id: payloads[0].session_id, host: 'codex', failures: 1 }]);
  });
});
