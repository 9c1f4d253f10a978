/**
 * Issue 22 §1: the drain must never set aside a file that is still being written. Real spool
 * processes write while real drainers (the pane's drainer, `buddy-tui status`) drain; the clock is
 * made to lie (mtimes in the future and the past). Every event is journaled exactly once and
 * nothing is set aside.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { createInboxDrainer } from '../../src/tui/watch/inbox-drainer.js';
import type { Report } from '../../src/report/reporter.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { damagedFiles, journal, slowSpool, spooledNames, startSpool, whenExists } from './spool-writers.js';

const SID = 'race0000-0000-4000-8000-000000000001';

function rootWithInbox(): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

const payload = (seq: number, body = '') =>
  `${JSON.stringify({ session_id: SID, hook_event_name: 'PostToolUse', tool_name: 'Bash', seq, tool_response: { stdout: body } })}\n`;

/**
 * The pane's drainer, kicked without pause until `until` settles (what chokidar does under load),
 * its clock 10 s behind the file system's (clock skew: every file being written looks "from the
 * future", as one just touched does to a drain that read its clock a moment before).
 */
async function paneDrainingWhile<T>(root: string, until: Promise<T>): Promise<{ value: T; reports: Report[] }> {
  const reports: Report[] = [];
  const drainer = createInboxDrainer(
    root,
    (report) => reports.push(report),
    {},
    () => Date.now() - 10_000,
  );
  let done = false;
  const loop = (async () => {
    while (!done) {
      drainer.drainNow();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  const value = await until;
  done = true;
  await loop;
  drainer.close();
  return { value, reports };
}

function expectEachOnce(root: string, count: number): void {
  drainInbox(root);
  expect(damagedFiles(root)).toEqual([]);
  expect(spooledNames(root)).toEqual([]);
  const seqs = journal(root, SID)
    .map((event) => Number(event.seq))
    .sort((a, b) => a - b);
  expect(seqs).toEqual(Array.from({ length: count }, (_, n) => n));
}

describe('the drain and files still being written', () => {
  it('the pane drains while slow writers spool 3 MB events in 64 KB pieces: each journaled once, none set aside', async () => {
    const root = rootWithInbox();
    const body = 'x'.repeat(3 * 1024 * 1024);
    const writers = Promise.all(
      Array.from({ length: 6 }, (_, n) => slowSpool({ BUDDY_TUI_STATE_DIR: root }, payload(n, body), 64 * 1024, 2)),
    );
    const { value: codes, reports } = await paneDrainingWhile(root, writers);
    expect(codes).toEqual(Array(6).fill(0));
    expect(reports.filter((r) => r.level === 'error')).toEqual([]);
    expectEachOnce(root, 6);
  }, 120_000);

  it('hundreds of parallel small spools while the pane drains: each journaled once, none set aside', async () => {
    const root = rootWithInbox();
    // Each in two pieces with a pause between: hundreds of files half-written at once.
    const writers = Promise.all(
      Array.from({ length: 300 }, (_, n) => slowSpool({ BUDDY_TUI_STATE_DIR: root }, payload(n), 60, 50)),
    );
    const { value: codes } = await paneDrainingWhile(root, writers);
    expect(codes.every((code) => code === 0)).toBe(true);
    expectEachOnce(root, 300);
  }, 120_000);

  it('`buddy-tui status` drains while slow writers spool 200 KB events in pieces, dated ahead: each journaled once', async () => {
    const root = rootWithInbox();
    const env = { ...process.env, BUDDY_TUI_STATE_DIR: root };
    let done = false;
    const statusLoop = (async () => {
      while (!done) {
        await new Promise((resolve) =>
          spawn(process.execPath, [CLI_ENTRY, 'status', '--json'], { env, stdio: 'ignore' }).once('close', resolve),
        );
      }
    })();
    // Each writer's file is dated 10 s ahead between its pieces (a skewed clock): nothing may judge it by that.
    for (let n = 0; n < 8; n += 1) {
      const writer = startSpool({ BUDDY_TUI_STATE_DIR: root });
      const whole = payload(n, 'y'.repeat(200_000));
      for (let at = 0; at < whole.length; at += 50_000) {
        writer.child.stdin.write(whole.slice(at, at + 50_000));
        // The last piece makes the event whole: a drain may take it at once, so there is no file left to date.
        if (at + 50_000 >= whole.length) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
        await whenExists(join(root, 'inbox', writer.name));
        const ahead = (Date.now() + 10_000) / 1000;
        utimesSync(join(root, 'inbox', writer.name), ahead, ahead);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(await writer.finish()).toBe(0);
    }
    done = true;
    await statusLoop;
    expectEachOnce(root, 8);
  }, 120_000);

  it('an empty file whose writer is alive is never judged, whatever its mtime says (past or future)', async () => {
    const root = rootWithInbox();
    const writer = startSpool({ BUDDY_TUI_STATE_DIR: root });
    const path = join(root, 'inbox', writer.name);
    await whenExists(path);
    for (const skewMs of [-600_000, 10_000]) {
      const at = (Date.now() + skewMs) / 1000;
      utimesSync(path, at, at);
      drainInbox(root);
      expect(spooledNames(root)).toEqual([writer.name]);
      expect(damagedFiles(root)).toEqual([]);
    }
    expect(await writer.finish(payload(0))).toBe(0);
    expectEachOnce(root, 1);
  });

  it('a half-written file with a clock-skewed mtime (10 s ahead, 2 min behind) waits for its live writer', async () => {
    const root = rootWithInbox();
    const whole = payload(0, 'z'.repeat(100_000));
    const writer = startSpool({ BUDDY_TUI_STATE_DIR: root });
    const path = join(root, 'inbox', writer.name);
    writer.child.stdin.write(whole.slice(0, 50_000));
    await whenExists(path);
    // Let cat write what it was given, then lie about the time.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const skewMs of [10_000, -120_000]) {
      const at = (Date.now() + skewMs) / 1000;
      utimesSync(path, at, at);
      expect(drainInbox(root, { now: Date.now() })).toMatchObject({ drained: 0, waiting: 1 });
      expect(damagedFiles(root)).toEqual([]);
    }
    expect(await writer.finish(whole.slice(50_000))).toBe(0);
    expectEachOnce(root, 1);
  });
});
