/**
 * The Codex translator over real Codex 0.169.0 payloads and the real rollouts of the same runs
 * (test/fixtures/codex/): the exit code recovered from the rollout as it stood when the hook ran.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeHostEvent, type HostEvent } from '../../src/hosts/host-translator.js';
import { readCallOutcome } from '../../src/hosts/codex-rollout.js';
import { sessionMood } from '../../src/display/mood.js';
import { eventKinds } from '../../src/protocol/event-kind.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { lastFailure } from '../../src/state/selectors.js';
import { toSafeSession } from '../../src/state/safe-session.js';
import { appendLaterTurns, codexPayloads, payloadsWithRollout, rolloutCopy } from '../support/codex-fixtures.js';
import { makeTempDir } from '../support/temp-dir.js';

const T0 = Date.UTC(2026, 10, 30, 23, 29, 25);
const stamp = (events: HostEvent[]): JournalEvent[] =>
  events.map((e, i) => ({ ...e, ts: T0 + i * 1000 }) as JournalEvent);
const codex = (payloads: HostEvent[]) => payloads.map((p) => normalizeHostEvent('codex', p)!);
const posts = (payloads: HostEvent[]) => payloads.filter((p) => p.hook_event_name === 'PostToolUse');

describe('reading a call outcome from the rollout', () => {
  it('finds the exit code in item_completed, which is there when PostToolUse runs (function_call_output is not yet)', () => {
    const rollout = rolloutCopy('exec-basic', 'at-last-post');
    const [ok, failed] = posts(codexPayloads('exec-basic'));
    expect(readCallOutcome(rollout, failed.tool_use_id as string)).toEqual({
      exitCode: 3,
      durationMs: 0,
      status: 'failed',
      source: 'item',
    });
    expect(readCallOutcome(rollout, ok.tool_use_id as string)).toMatchObject({ exitCode: 0, status: 'completed' });
  });

  it('reads the later function_call_output too, and code-mode calls that only have the item', () => {
    const [, failed] = posts(codexPayloads('exec-basic'));
    expect(readCallOutcome(rolloutCopy('exec-basic', 'final'), failed.tool_use_id as string)).toMatchObject({
      exitCode: 3,
      status: 'failed',
    });
    const nested = posts(codexPayloads('exec-codemode')).at(-1)!;
    expect(nested.tool_use_id).toMatch(/^exec-/);
    expect(readCallOutcome(rolloutCopy('exec-codemode', 'final'), nested.tool_use_id as string)).toMatchObject({
      exitCode: 3,
    });
  });

  it('says nothing for an unknown call, a symlink, a relative path, a non-jsonl name or a missing file', () => {
    const rollout = rolloutCopy('exec-basic', 'at-last-post');
    const [, failed] = posts(codexPayloads('exec-basic'));
    const id = failed.tool_use_id as string;
    expect(readCallOutcome(rollout, 'call_unknown')).toBeUndefined();
    const link = join(makeTempDir(), 'rollout-link.jsonl');
    symlinkSync(rollout, link);
    expect(readCallOutcome(link, id)).toBeUndefined();
    expect(readCallOutcome('rollout.jsonl', id)).toBeUndefined();
    const other = join(makeTempDir(), 'rollout.txt');
    writeFileSync(other, '');
    expect(readCallOutcome(other, id)).toBeUndefined();
    expect(readCallOutcome(join(makeTempDir(), 'gone.jsonl'), id)).toBeUndefined();
  });

  it('finds the call with megabytes of rollout after it (a pane that started late), and skips a line still being written', () => {
    const rollout = rolloutCopy('exec-basic', 'at-last-post');
    const [, failed] = posts(codexPayloads('exec-basic'));
    const id = failed.tool_use_id as string;
    const after = appendLaterTurns(rollout, 'exec-basic', 5 * 1024 * 1024);
    expect(after).toBeGreaterThan(4 * 1024 * 1024);
    expect(readCallOutcome(rollout, id)).toMatchObject({ exitCode: 3, status: 'failed', source: 'item' });
    // Asked again (the drain meets the same rollout for each event): the same answer from what was read.
    expect(readCallOutcome(rollout, id)).toMatchObject({ exitCode: 3, status: 'failed' });
    const half = join(makeTempDir(), 'rollout-half.jsonl');
    writeFileSync(
      half,
      `{"type":"event_msg","payload":{"type":"item_completed","item":{"id":${JSON.stringify(id)},"exit_code":3`,
    );
    expect(readCallOutcome(half, id)).toBeUndefined();
  });

  it('reads what Codex appended since the last look, and the older part it had not reached', () => {
    const rollout = rolloutCopy('exec-basic', 'at-last-post');
    const [ok, failed] = posts(codexPayloads('exec-basic'));
    const later = `{"type":"event_msg","payload":{"type":"item_completed","item":{"id":"call_later","exit_code":7,"status":"failed"}}}`;
    // The newest call first: the scan stops there, short of the older ones.
    appendFileSync(rollout, `${later}\n`);
    expect(readCallOutcome(rollout, 'call_later')).toMatchObject({ exitCode: 7 });
    expect(readCallOutcome(rollout, failed.tool_use_id as string)).toMatchObject({ exitCode: 3 });
    expect(readCallOutcome(rollout, ok.tool_use_id as string)).toMatchObject({ exitCode: 0 });
    appendFileSync(rollout, `${later.replace('call_later', 'call_newer').replace('7', '9')}\n`);
    expect(readCallOutcome(rollout, 'call_newer')).toMatchObject({ exitCode: 9 });
    expect(readCallOutcome(rollout, 'call_unknown')).toBeUndefined();
  });

  it('stops at its time budget: a rollout too big to read in it says nothing rather than hang', () => {
    const rollout = rolloutCopy('exec-basic', 'at-last-post');
    const [, failed] = posts(codexPayloads('exec-basic'));
    appendLaterTurns(rollout, 'exec-basic', 1024 * 1024);
    expect(readCallOutcome(rollout, failed.tool_use_id as string, -1)).toBeUndefined();
    expect(readCallOutcome(rollout, failed.tool_use_id as string)).toMatchObject({ exitCode: 3 });
  });

  it('never opens a FIFO or a directory named like a rollout', () => {
    const dir = makeTempDir();
    execFileSync('mkfifo', [join(dir, 'fifo.jsonl')]);
    mkdirSync(join(dir, 'dir.jsonl'));
    expect(readCallOutcome(join(dir, 'fifo.jsonl'), 'call_x')).toBeUndefined();
    expect(readCallOutcome(join(dir, 'dir.jsonl'), 'call_x')).toBeUndefined();
  });
});

describe('normalising Codex events', () => {
  it('stamps host and keeps the payload otherwise as Codex sent it', () => {
    for (const payload of codexPayloads('shared-capture')) {
      const event = normalizeHostEvent('codex', payload);
      expect(event).toEqual({ ...payload, host: 'codex' });
    }
  });

  it('turns a PostToolUse whose command exited non-zero into the failure event, with its exit code', () => {
    const { payloads } = payloadsWithRollout('exec-basic', 'at-last-post');
    const [ok, failed] = codex(posts(payloads));
    expect(ok).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      exit_code: 0,
      tool_response: '',
      host: 'codex',
    });
    expect(failed).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'echo about-to-fail; exit 3' },
      error: 'Exit code 3\nabout-to-fail',
      is_interrupt: false,
      exit_code: 3,
      duration_ms: 0,
      host: 'codex',
    });
    expect(failed).not.toHaveProperty('tool_response');
  });

  it('leaves a PostToolUse as it is when the rollout cannot say', () => {
    const payload = posts(codexPayloads('exec-basic'))[1];
    expect(normalizeHostEvent('codex', payload)).toEqual({ ...payload, host: 'codex' });
  });

  it('lists the files an apply_patch wrote, resolved against cwd, and keeps the tool name', () => {
    const { payloads } = payloadsWithRollout('exec-codemode', 'at-last-post');
    const patch = posts(codex(payloads)).find((e) => e.tool_name === 'apply_patch')!;
    expect(patch).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'apply_patch',
      files_touched: ['/home/dev/project/patched.txt'],
    });
    expect(eventKinds(patch as JournalEvent)).toContain('file_written');
  });
});

describe('the reducer over a normalised Codex session', () => {
  it('sees the failure with its exit code, the tools and the patched file; the buddy looks worried', () => {
    const { payloads } = payloadsWithRollout('exec-codemode', 'at-last-post');
    const events = stamp(codex(payloads));
    const state = foldEvents(undefined, events);
    expect(state.toolFailuresTotal).toBe(1);
    expect(lastFailure(state)).toMatchObject({
      tool: 'Bash',
      error: 'Exit code 3\nabout-to-fail',
      detail: 'echo about-to-fail; exit 3',
    });
    expect(state.toolsThisTurn).toEqual({ Bash: 2, apply_patch: 1 });
    expect(state.filesTouched).toEqual(['/home/dev/project/patched.txt']);
    expect(state.model).toBe('gpt-6.1-sol');
    expect(state.host).toBe('codex');
    expect(toSafeSession(state).host).toBe('codex');
    expect(eventKinds(events.at(-1)!)).toEqual(['tool_failure']);
    expect(sessionMood(state, events.at(-1)!.ts)).toBe('error');
  });

  it('tracks a Codex subagent under the parent session, and an Interrupt ends the turn', () => {
    const events = stamp(codex(codexPayloads('shared-capture')));
    const sub = events.filter((e) => e.hook_event_name === 'SubagentStart' || e.hook_event_name === 'SubagentStop');
    expect(new Set(sub.map((e) => e.session_id)).size).toBe(1);
    const started = foldEvents(undefined, events.slice(0, events.indexOf(sub[0]) + 1));
    expect(Object.values(started.subagents)).toMatchObject([{ agentType: 'default' }]);
    expect(started.subagentsStartedTotal).toBe(1);
    const stopped = foldEvents(undefined, events.slice(0, events.indexOf(sub[1]) + 1));
    expect(stopped.subagents).toEqual({});

    const interrupt = events.find((e) => e.hook_event_name === 'Interrupt')!;
    const turn = {
      ...interrupt,
      hook_event_name: 'UserPromptSubmit',
      prompt: 'SCENARIO:slow',
      ts: interrupt.ts - 2000,
    };
    const running = {
      ...interrupt,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_use_id: 'call_slow',
      tool_input: { command: 'sleep 20' },
      ts: interrupt.ts - 1000,
    };
    const before = foldEvents(undefined, [turn, running]);
    expect(before.pendingPrompts).toBe(1);
    const after = foldEvents(before, [interrupt]);
    expect(after.pendingPrompts).toBe(0);
    expect(after.toolsRunning).toEqual({});
  });
});
