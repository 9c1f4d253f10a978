/**
 * The real hook process at its limits: a payload far over the cap, a stdin that never closes, a
 * root it cannot create, a journal that is not ours, a chosen root open to others. Whatever
 * happens it exits 0, prints nothing on stdout and stays small.
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateRootCheck } from '../../src/doctor/doctor-local.js';
import { parseJournalLines } from '../../src/state/journal.js';
import { runHook, runHookStreamed } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const SID = 'limits-0000-4000-8000-000000000001';
const payload = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ session_id: SID, hook_event_name: 'PostToolUse', tool_name: 'Bash', cwd: '/p', ...fields });

/** A PostToolUse of `mb` MiB, generated a MiB at a time (never whole in the test process). */
function* hugePayload(mb: number): Generator<Buffer> {
  yield Buffer.from(
    `{"session_id":"${SID}","hook_event_name":"PostToolUse","tool_name":"Bash","cwd":"/p","tool_response":{"stdout":"`,
  );
  const block = Buffer.alloc(1024 * 1024, 'x');
  for (let i = 0; i < mb; i += 1) yield block;
  yield Buffer.from('"},"tool_use_id":"toolu_huge","duration_ms":5}');
}

describe('buddy-tui hook limits', () => {
  it('reads 500 MB of stdin in bounded memory and journals a marker naming the event and its size', async () => {
    const root = join(makeTempDir(), 'state');
    const result = await runHookStreamed(hugePayload(500), { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // A resource bound, not a timing: the old hook held all of it (over 1 GB).
    if (result.maxRssKb !== undefined) expect(result.maxRssKb / 1024).toBeLessThan(200);
    const events = parseJournalLines(readFileSync(join(root, SID, 'events.jsonl')));
    expect(events).toEqual([
      expect.objectContaining({
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_use_id: 'toolu_huge',
        truncated: true,
        payload_bytes: expect.any(Number),
      }),
    ]);
    expect(events[0].payload_bytes).toBeGreaterThan(500 * 1024 * 1024);
    expect(events[0]).not.toHaveProperty('tool_response');
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toMatch(/over the \d+-byte cap: journaled as a marker/);
  }, 120_000);

  it('gives up when stdin stays silent past its deadline, exits 0 and notes it in the log', async () => {
    const root = join(makeTempDir(), 'state');
    mkdirSync(root, { mode: 0o700 });
    const result = await runHookStreamed(undefined, { BUDDY_TUI_STATE_DIR: root, BUDDY_TUI_HOOK_DEADLINE_MS: '200' });
    expect(result).toMatchObject({ code: 0, signal: null, stdout: '', stderr: '' });
    expect(existsSync(join(root, SID))).toBe(false);
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toMatch(/stdin silent for 200 ms after 0 bytes: gave up/);
  });

  it('exits 0 with a root under /proc, where Node’s mkdir -p loops forever', async () => {
    const root = `/proc/buddy-tui-test-${process.pid}/state`;
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root, BUDDY_TUI_DEBUG: '1' });
    expect(result).toMatchObject({ code: 0, signal: null, stdout: '' });
    expect(result.stderr).toMatch(/ENOENT/);
  });

  it('refuses an events.jsonl that is not a regular file', async () => {
    const root = join(makeTempDir(), 'state');
    mkdirSync(join(root, SID), { recursive: true, mode: 0o700 });
    execFileSync('mkfifo', ['-m', '600', join(root, SID, 'events.jsonl')]);
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toMatch(/events\.jsonl: is not a regular file/);
  });

  it('refuses an events.jsonl that is a symbolic link, and writes nothing through it', async () => {
    const base = makeTempDir();
    const root = join(base, 'state');
    mkdirSync(join(root, SID), { recursive: true, mode: 0o700 });
    writeFileSync(join(base, 'target'), '');
    symlinkSync(join(base, 'target'), join(root, SID, 'events.jsonl'));
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(base, 'target'), 'utf8')).toBe('');
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toMatch(/ELOOP/);
  });

  it.runIf(process.getuid?.() === 0)('refuses to append to an events.jsonl another user owns', async () => {
    const root = join(makeTempDir(), 'state');
    const journal = join(root, SID, 'events.jsonl');
    mkdirSync(join(root, SID), { recursive: true, mode: 0o700 });
    writeFileSync(journal, 'planted\n', { mode: 0o666 });
    chownSync(journal, 65534, 65534);
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(journal, 'utf8')).toBe('planted\n');
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toMatch(/events\.jsonl: is owned by uid 65534/);
  });

  it('leaves a BUDDY_TUI_STATE_DIR open to others as it is, says why on stderr, and doctor gives the fix', async () => {
    const root = join(makeTempDir(), 'chosen');
    mkdirSync(root);
    chmodSync(root, 0o755);
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe(
      `buddy-tui hook: state root refused: ${root}: is mode 755, open to others; buddy-tui leaves a folder you chose as it is: run chmod 700 ${root}\n`,
    );
    expect(statSync(root).mode & 0o777).toBe(0o755);
    expect(existsSync(join(root, SID))).toBe(false);
    expect(stateRootCheck({ BUDDY_TUI_STATE_DIR: root })).toMatchObject({ status: 'fail', fix: `chmod 700 ${root}` });
    chmodSync(root, 0o700);
    expect(await runHook(payload(), { BUDDY_TUI_STATE_DIR: root })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(join(root, SID, 'events.jsonl'))).toBe(true);
  });
});
