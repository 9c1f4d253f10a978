/**
 * Issue 44 §2: the inbox is journaled in the order its files were claimed, not the order their
 * writers finished. Real spool processes: the first event's host sends half its payload, the
 * next three events of the same session are spooled meanwhile, then the first one ends.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { claimedAtMs, compareInboxFiles, parseInboxName, type InboxFile } from '../../src/ingest/inbox-order.js';
import { runSpool } from '../support/spool-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { damagedFiles, journal, spooledNames, startSpool, whenExists } from './spool-writers.js';

const SID = 'order000-0000-4000-8000-000000000001';
const payload = (seq: number, body = '') =>
  `${JSON.stringify({ session_id: SID, hook_event_name: 'PostToolUse', seq, tool_response: { stdout: body } })}\n`;

function rootWithInbox(): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

describe('the inbox order', () => {
  it('an event written slowly is journaled before the events of its session spooled while it was written', async () => {
    const root = rootWithInbox();
    const env = { BUDDY_TUI_STATE_DIR: root };
    const first = payload(1, 'x'.repeat(10_000));
    const slow = startSpool(env);
    slow.child.stdin.write(first.slice(0, 5_000));
    await whenExists(join(root, 'inbox', slow.name));
    for (const seq of [2, 3, 4]) expect(await runSpool(payload(seq), env)).toMatchObject({ code: 0, stdout: '' });
    expect(await slow.finish(first.slice(5_000))).toBe(0);
    expect(drainInbox(root)).toMatchObject({ drained: 4, waiting: 0 });
    expect(journal(root, SID).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(spooledNames(root)).toEqual([]);
    expect(damagedFiles(root)).toEqual([]);
  });

  it('equal claim times (the clock is coarse): by pid, then by the retry number; no birth time: the mtime', () => {
    const file = (name: string, claimedMs: number): InboxFile => ({
      ...parseInboxName(name)!,
      claimedMs,
      mtimeMs: 5,
      size: 1,
    });
    const files = [file('claude.9', 2), file('claude.7.1', 1), file('claude.8', 1), file('claude.7', 1)];
    expect(files.sort(compareInboxFiles).map((f) => f.name)).toEqual([
      'claude.7',
      'claude.7.1',
      'claude.8',
      'claude.9',
    ]);
    expect(claimedAtMs({ birthtimeMs: 3, mtimeMs: 9 })).toBe(3);
    expect(claimedAtMs({ birthtimeMs: 0, mtimeMs: 9 })).toBe(9);
  });
});
