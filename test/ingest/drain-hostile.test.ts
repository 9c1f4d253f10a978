/**
 * Issue 22 §2: one bad file holds only itself. An empty file left by an interrupted hook, a
 * regular file named `damaged`, a folder or a FIFO named `.drain.lock`: each is dealt with and the
 * rest of the inbox drains. And the Node hook never passes older events of its session.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { runHook } from '../support/hook-process.js';
import { runCli } from '../support/run-cli.js';
import { runSpool } from '../support/spool-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { damagedFiles, journal, spooledNames, startSpool, whenExists } from './spool-writers.js';

const A = 'hostile0-0000-4000-8000-00000000000a';
const B = 'hostile0-0000-4000-8000-00000000000b';
const event = (sid: string, name: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ session_id: sid, hook_event_name: name, ...extra })}\n`;

function rootWithInbox(): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

describe('one bad file holds only itself', () => {
  it('an empty file left by an interrupted hook (stdin closed before any byte) holds no other session', async () => {
    const root = rootWithInbox();
    const env = { BUDDY_TUI_STATE_DIR: root };
    expect(await runSpool('', env)).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const [empty] = spooledNames(root);
    expect(lstatSync(join(root, 'inbox', empty)).size).toBe(0);
    await runSpool(event(B, 'Stop'), env);
    expect(drainInbox(root)).toMatchObject({ drained: 1, waiting: 0 });
    expect(journal(root, B).map((e) => e.hook_event_name)).toEqual(['Stop']);
    // It held no event: nothing to set aside, and nothing left to hold anyone.
    expect(spooledNames(root)).toEqual([]);
    expect(damagedFiles(root)).toEqual([]);
  });

  it('the Node hook does not pass older spooled events of its session that are still being written', async () => {
    const root = rootWithInbox();
    const env = { BUDDY_TUI_STATE_DIR: root };
    const whole = event(A, 'PostToolUse', { tool_response: { stdout: 'o'.repeat(100_000) } });
    const writer = startSpool(env);
    writer.child.stdin.write(whole.slice(0, 60_000));
    await whenExists(join(root, 'inbox', writer.name));
    // The Node hook (the fallback, or a host without /bin/sh) for the next event of the same
    // session, while the older one is still being written.
    // It waits for the older file (up to 3 s); a hook that passed it would be done by now.
    const hook = runHook(event(A, 'Stop'), env);
    await Promise.race([hook, new Promise((resolve) => setTimeout(resolve, 1500))]);
    expect(await writer.finish(whole.slice(60_000))).toBe(0);
    expect(await hook).toMatchObject({ code: 0, stdout: '', stderr: '' });
    drainInbox(root);
    expect(journal(root, A).map((e) => e.hook_event_name)).toEqual(['PostToolUse', 'Stop']);
    expect(spooledNames(root)).toEqual([]);
    expect(damagedFiles(root)).toEqual([]);
  });

  it('`inbox/damaged` as a regular file does not stop the drain: it is moved aside, kept, and the drain goes on', () => {
    const root = rootWithInbox();
    writeFileSync(join(root, 'inbox', 'damaged'), 'not a folder');
    writeFileSync(join(root, 'inbox', 'claude.40'), '[1,2]');
    writeFileSync(join(root, 'inbox', 'claude.41'), event(A, 'Stop'));
    utimesSync(join(root, 'inbox', 'claude.41'), Date.now() / 1000 + 1, Date.now() / 1000 + 1);
    expect(drainInbox(root)).toMatchObject({ drained: 1, waiting: 0 });
    expect(journal(root, A).map((e) => e.hook_event_name)).toEqual(['Stop']);
    expect(lstatSync(join(root, 'inbox', 'damaged')).isDirectory()).toBe(true);
    expect(damagedFiles(root).map((name) => name.split('@')[0])).toEqual(['claude.40']);
    const aside = readdirSync(join(root, 'inbox')).filter((name) => name.startsWith('damaged.'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(root, 'inbox', aside[0]), 'utf8')).toBe('not a folder');
  });

  it('`.drain.lock` as a folder is no lock: broken at once, the drain goes on', () => {
    const root = rootWithInbox();
    mkdirSync(join(root, 'inbox', '.drain.lock'));
    writeFileSync(join(root, 'inbox', '.drain.lock', 'inside'), 'x');
    writeFileSync(join(root, 'inbox', 'claude.50'), event(A, 'Stop'));
    expect(drainInbox(root)).toMatchObject({ drained: 1, busy: false });
    expect(existsSync(join(root, 'inbox', '.drain.lock'))).toBe(false);
    expect(journal(root, A)).toHaveLength(1);
  });

  it('`.drain.lock` as a FIFO does not hang `buddy-tui status`, which drains', () => {
    const root = rootWithInbox();
    execFileSync('mkfifo', [join(root, 'inbox', '.drain.lock')]);
    writeFileSync(join(root, 'inbox', 'claude.60'), event(A, 'Stop'));
    const run = runCli(['status', '--json'], { BUDDY_TUI_STATE_DIR: root, HOME: makeTempDir() }, undefined, 20_000);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveProperty('version');
    expect(journal(root, A).map((e) => e.hook_event_name)).toEqual(['Stop']);
    expect(existsSync(join(root, 'inbox', '.drain.lock'))).toBe(false);
  });
});
