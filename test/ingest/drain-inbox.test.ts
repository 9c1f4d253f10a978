/**
 * The drain of `<root>/inbox`: order, files still being written (their writer alive), damaged
 * files (their writer gone), a drain that died between append and unlink, and what the drain
 * leaves alone. The lock and other processes at once: ./drain-inbox-processes.test.ts.
 */
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox, retryAllDamaged } from '../../src/ingest/drain-inbox.js';
import { isHookPayload } from '../../src/ingest/payload-edges.js';
import { hookPayloadSchema } from '../../src/protocol/hook-event.js';
import { listSessions } from '../../src/state/reader.js';
import { pruneSessions } from '../../src/state/retention.js';
import { sessionDirName } from '../../src/state/state-root.js';
import { makeTempDir } from '../support/temp-dir.js';
import {
  A,
  B,
  collect,
  event,
  journal,
  names,
  rootWithInbox,
  spool,
  spooled,
  T0,
  useLiveWriters,
} from './drain-inbox-support.js';

const { liveWriter } = useLiveWriters();

describe('drainInbox', () => {
  it('journals the first claimed first, whatever the mtimes say, and stamps the file time, the host and the key', () => {
    const root = rootWithInbox();
    // Created in this order (the coarse clock may give them one birth time: then the pid decides).
    spool(root, 'claude.300', event(A, 'UserPromptSubmit'), T0 + 20);
    spool(root, 'claude.900', event(A, 'PreToolUse'), T0 + 10);
    spool(root, 'claude.901', event(A, 'PostToolUse'), T0 + 5);
    spool(root, 'codex.5', event(B, 'Stop'), T0 + 15);
    const { mtimeMs } = statSync(join(root, 'inbox', 'claude.300'));
    expect(drainInbox(root, { now: T0 + 100 })).toEqual({ drained: 4, waiting: 0, busy: false });
    expect(names(root, A)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PostToolUse']);
    expect(journal(root, A)[0]).toMatchObject({
      ts: Math.floor(mtimeMs),
      host: 'claude',
      inbox: `claude.300@${mtimeMs}`,
    });
    expect(journal(root, B)[0]).toMatchObject({ host: 'codex', hook_event_name: 'Stop' });
    expect(spooled(root)).toEqual([]);
  });

  it('a file still being written (its writer alive) waits, and the later files of its session with it; other sessions go on', () => {
    const root = rootWithInbox();
    const whole = event(A, 'PreToolUse', { tool_name: 'Bash' });
    const pid = liveWriter();
    const writing = `claude.${pid}`;
    // Cut after its session_id: the drain knows whose it is. Later hooks: later claims, later pids.
    spool(root, writing, whole.slice(0, 70), T0);
    spool(root, `claude.${pid + 1}`, event(A, 'PostToolUse'), T0 + 1);
    spool(root, `claude.${pid + 2}`, event(B, 'Stop'), T0 + 2);
    expect(drainInbox(root, { now: T0 + 5 })).toEqual({ drained: 1, waiting: 2, busy: false });
    expect(names(root, A)).toEqual([]);
    expect(names(root, B)).toEqual(['Stop']);
    appendFileSync(join(root, 'inbox', writing), whole.slice(70));
    utimesSync(join(root, 'inbox', writing), T0 / 1000, T0 / 1000);
    expect(drainInbox(root, { now: T0 + 10 })).toEqual({ drained: 2, waiting: 0, busy: false });
    expect(names(root, A)).toEqual(['PreToolUse', 'PostToolUse']);
  });

  it('an empty file whose writer is alive (no session known yet) holds back everything after it', () => {
    const root = rootWithInbox();
    const pid = liveWriter();
    const writing = `claude.${pid}`;
    spool(root, writing, '', T0);
    spool(root, `claude.${pid + 1}`, event(B, 'Stop'), T0 + 1);
    expect(drainInbox(root, { now: T0 + 5 })).toEqual({ drained: 0, waiting: 2, busy: false });
    expect(spooled(root)).toEqual([writing, `claude.${pid + 1}`].sort());
  });

  it('a file not whole when its writer has ended goes to damaged/, reported; its session goes on; once whole it is journaled', () => {
    const root = rootWithInbox();
    const { reports, report } = collect();
    const whole = event(A, 'PreToolUse');
    spool(root, 'claude.30', whole.slice(0, 50), T0);
    spool(root, 'claude.31', event(A, 'Stop'), T0 + 1);
    expect(drainInbox(root, { report })).toEqual({ drained: 1, waiting: 0, busy: false });
    expect(names(root, A)).toEqual(['Stop']);
    const damaged = readdirSync(join(root, 'inbox', 'damaged'));
    expect(damaged).toEqual([`claude.30@${T0}`]);
    expect(reports.map((r) => r.message).join('\n')).toMatch(
      /claude\.30 \(50 bytes\) is not a whole JSON event and its writer \(pid 30\) has ended.*damaged.*--retry-damaged/,
    );
    // Unchanged, it is not read again by every drain; `doctor --retry-damaged` tries it and keeps it.
    spool(root, 'claude.32', event(B, 'Stop'), T0 + 2);
    expect(drainInbox(root, { report }).drained).toBe(1);
    expect(retryAllDamaged(root)).toEqual({ journaled: 0, kept: 1 });
    // Its cat went on writing after it was set aside: the next drain journals it.
    writeFileSync(join(root, 'inbox', 'damaged', damaged[0]), whole);
    utimesSync(join(root, 'inbox', 'damaged', damaged[0]), (T0 + 7) / 1000, (T0 + 7) / 1000);
    expect(drainInbox(root, { report }).drained).toBe(1);
    expect(names(root, A)).toEqual(['Stop', 'PreToolUse']);
    expect(readdirSync(join(root, 'inbox', 'damaged'))).toEqual([]);
  });

  it('`doctor --retry-damaged` journals a set-aside file that is whole, exactly once', () => {
    const root = rootWithInbox();
    mkdirSync(join(root, 'inbox', 'damaged'), { mode: 0o700 });
    writeFileSync(join(root, 'inbox', 'damaged', `claude.33@${T0}`), event(A, 'Stop'));
    utimesSync(join(root, 'inbox', 'damaged', `claude.33@${T0}`), T0 / 1000, T0 / 1000);
    expect(retryAllDamaged(root)).toEqual({ journaled: 1, kept: 0 });
    expect(retryAllDamaged(root)).toEqual({ journaled: 0, kept: 0 });
    expect(names(root, A)).toEqual(['Stop']);
  });

  it('JSON that is not an event, and an unsafe session id, go to damaged/ (never journaled, never deleted)', () => {
    const root = rootWithInbox();
    const { reports, report } = collect();
    spool(root, 'claude.40', '[1,2]', T0);
    spool(root, 'claude.41', event('../escape', 'Stop'), T0 + 1);
    spool(root, 'claude.42', event('inbox', 'Stop'), T0 + 2);
    expect(drainInbox(root, { now: T0 + 5, report }).drained).toBe(0);
    expect(
      readdirSync(join(root, 'inbox', 'damaged'))
        .map((name) => name.split('@')[0])
        .sort(),
    ).toEqual(['claude.40', 'claude.41', 'claude.42']);
    expect(reports).toHaveLength(3);
    expect(readdirSync(root).sort()).toEqual(['inbox']);
  });

  it('a drain that died between append and unlink does not double the event', () => {
    const root = rootWithInbox();
    spool(root, 'claude.50', event(A, 'PreToolUse'), T0);
    const saved = join(makeTempDir(), 'copy');
    copyFileSync(join(root, 'inbox', 'claude.50'), saved);
    drainInbox(root, { now: T0 + 5 });
    // The crash: the line is in the journal and the file is still in the inbox.
    copyFileSync(saved, join(root, 'inbox', 'claude.50'));
    utimesSync(join(root, 'inbox', 'claude.50'), T0 / 1000, T0 / 1000);
    expect(drainInbox(root, { now: T0 + 6 })).toEqual({ drained: 1, waiting: 0, busy: false });
    expect(names(root, A)).toEqual(['PreToolUse']);
    expect(spooled(root)).toEqual([]);
  });

  it('leaves other names alone and reports them once', () => {
    const root = rootWithInbox();
    const { reports, report } = collect();
    spool(root, 'notes.txt', 'hello', T0);
    spool(root, 'claude.70', event(A, 'Stop'), T0);
    drainInbox(root, { now: T0 + 1, report });
    spool(root, 'claude.71', event(A, 'Stop'), T0);
    drainInbox(root, { now: T0 + 1, report });
    expect(reports.filter((r) => r.message?.includes('notes.txt'))).toHaveLength(1);
    expect(readdirSync(join(root, 'inbox'))).toContain('notes.txt');
  });

  it('a missing inbox is nothing to do; a symlinked one is refused and reported', () => {
    const base = makeTempDir();
    const root = join(base, 'state');
    mkdirSync(root, { mode: 0o700 });
    expect(drainInbox(root)).toEqual({ drained: 0, waiting: 0, busy: false });
    const { reports, report } = collect();
    mkdirSync(join(base, 'other'), { mode: 0o700 });
    writeFileSync(join(base, 'other', 'claude.1'), event(A, 'Stop'));
    symlinkSync(join(base, 'other'), join(root, 'inbox'));
    expect(drainInbox(root, { report })).toEqual({ drained: 0, waiting: 0, busy: false });
    expect(String(reports[0]?.error)).toMatch(/symbolic link/);
    expect(existsSync(join(root, A))).toBe(false);
  });

  it('the inbox is no session: listing skips it and retention never removes it, however old', () => {
    const root = rootWithInbox();
    mkdirSync(join(root, 'inbox', 'damaged'), { mode: 0o700 });
    writeFileSync(join(root, 'inbox', 'damaged', 'claude.1@1'), '{');
    const longAgo = (T0 - 30 * 24 * 3600_000) / 1000;
    utimesSync(join(root, 'inbox'), longAgo, longAgo);
    expect(listSessions(root, { BUDDY_TUI_FOUNDRY_DIR: join(root, 'no-foundry') })).toEqual([]);
    expect(pruneSessions(root, { now: T0 })).toEqual([]);
    expect(readdirSync(join(root, 'inbox', 'damaged'))).toEqual(['claude.1@1']);
    expect(sessionDirName('inbox')).toBeUndefined();
  });

  it('checks a payload exactly as hookPayloadSchema does', () => {
    const values: unknown[] = [
      { session_id: 's', hook_event_name: 'Stop' },
      { session_id: 's', hook_event_name: 'Stop', more: [1] },
      { session_id: 1, hook_event_name: 'Stop' },
      { session_id: 's' },
      { hook_event_name: 'Stop' },
      [],
      ['s'],
      null,
      'text',
      3,
      true,
      { session_id: null, hook_event_name: 'x' },
      {},
      Object.assign(Object.create(null), { session_id: 's', hook_event_name: 'x' }),
    ];
    for (const value of values)
      expect({ value, ok: isHookPayload(value) }).toEqual({ value, ok: hookPayloadSchema.safeParse(value).success });
  });
});
