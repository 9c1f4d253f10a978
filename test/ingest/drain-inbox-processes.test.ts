/**
 * The drain of `<root>/inbox` with other processes: the lock (a live holder, a dead one, a pid
 * reused), real hook processes draining at once, the real sh spool, and a big payload whose
 * writer is still writing. The drain's own rules: ./drain-inbox.test.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { DRAIN_LOCK_FILE } from '../../src/ingest/drain-lock.js';
import { runHook } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';
import { A, B, event, journal, rootWithInbox, spool, T0, useLiveWriters } from './drain-inbox-support.js';

const { liveWriter, writers } = useLiveWriters();

describe('drainInbox', () => {
  it('a lock held by a live drainer: busy, nothing touched; a dead holder’s lock is taken over', async () => {
    const root = rootWithInbox();
    spool(root, 'claude.60', event(A, 'Stop'), T0);
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(root, 'inbox', DRAIN_LOCK_FILE), `${sleeper.pid}\n`);
      expect(drainInbox(root, { now: Date.now() })).toEqual({ drained: 0, waiting: 1, busy: true });
    } finally {
      sleeper.kill();
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    expect(drainInbox(root, { now: Date.now() })).toEqual({ drained: 1, waiting: 0, busy: false });
    expect(existsSync(join(root, 'inbox', DRAIN_LOCK_FILE))).toBe(false);
  });

  it('a lock older than 30 s is stale even when its pid runs (a pid reused)', () => {
    const root = rootWithInbox();
    spool(root, 'claude.61', event(A, 'Stop'), T0);
    writeFileSync(join(root, 'inbox', DRAIN_LOCK_FILE), `${process.pid}\n`);
    utimesSync(join(root, 'inbox', DRAIN_LOCK_FILE), T0 / 1000, T0 / 1000);
    expect(drainInbox(root, { now: T0 + 30_001 }).drained).toBe(1);
  });

  it('drainers at once (real hook processes): every spooled event exactly once, in order', async () => {
    const root = rootWithInbox();
    for (let n = 0; n < 120; n += 1) spool(root, `claude.${1000 + n}`, event(A, 'PostToolUse', { seq: n }), T0 + n);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) => runHook(event(B, 'Notification', { n }), { BUDDY_TUI_STATE_DIR: root })),
    );
    for (const result of results) expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // A hook that found the lock busy left the work to the holder; one more drain ends any rest.
    drainInbox(root);
    expect(journal(root, A).map((e) => e.seq)).toEqual(Array.from({ length: 120 }, (_, n) => n));
    expect(journal(root, B)).toHaveLength(6);
  });

  it('a Codex payload without a trailing newline, spooled by the real sh hook, is whole', async () => {
    const root = rootWithInbox();
    expect(
      await runSpool(
        JSON.stringify({ session_id: A, hook_event_name: 'Stop', turn_id: 't1' }),
        { BUDDY_TUI_STATE_DIR: root },
        'codex',
      ),
    ).toMatchObject({ code: 0, stdout: '' });
    expect(drainInbox(root).drained).toBe(1);
    expect(journal(root, A)[0]).toMatchObject({ host: 'codex', turn_id: 't1' });
  });

  it('a spooled payload over 16 MiB is journaled as the Node hook journals it: a marker from its edges, once its writer is done', async () => {
    const root = rootWithInbox();
    const big = `{"session_id":"${A}","hook_event_name":"PostToolUse","tool_name":"Bash","tool_response":"${'z'.repeat(17 * 1024 * 1024)}","tool_use_id":"toolu_big"}\n`;
    const writing = `claude.${liveWriter()}`;
    spool(root, writing, big.slice(0, big.length - 30), T0);
    // Still being written (its end not there yet): it waits.
    expect(drainInbox(root, { now: T0 + 5 })).toEqual({ drained: 0, waiting: 1, busy: false });
    spool(root, writing, big, T0);
    // Whole by its last byte alone, which a chunk still being written can fake: it waits for its writer.
    expect(drainInbox(root, { now: T0 + 6 }).drained).toBe(0);
    const writer = writers.pop()!;
    writer.kill();
    await new Promise((resolve) => writer.once('exit', resolve));
    expect(drainInbox(root, { now: T0 + 7 }).drained).toBe(1);
    expect(journal(root, A)[0]).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_use_id: 'toolu_big',
      truncated: true,
      payload_bytes: big.length,
    });
  });
});
