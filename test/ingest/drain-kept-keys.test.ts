/**
 * The pane drains again and again (issue 50): it keeps the journals' recent keys between drains,
 * so a journal only it appended to is not read again for them at every drain. A journal another
 * drainer appended to since is read again, so nothing is doubled. fs.openSync and fs.readSync
 * are wrapped (they still run) to count the drain's reads of the journal's lines.
 */
import fs, { copyFileSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import type { KeyMemory } from '../../src/ingest/journal-event.js';
import { makeTempDir } from '../support/temp-dir.js';
import { A, T0, event, journal, names, rootWithInbox, spool, spooled } from './drain-inbox-support.js';

const originalOpen = fs.openSync;
const originalRead = fs.readSync;
afterEach(() => {
  fs.openSync = originalOpen;
  fs.readSync = originalRead;
  syncBuiltinESMExports();
});

/** Counts the opens of `path`. */
function countOpensOf(path: string): () => number {
  let opens = 0;
  fs.openSync = ((...args: Parameters<typeof originalOpen>) => {
    if (args[0] === path) opens += 1;
    return originalOpen(...args);
  }) as typeof originalOpen;
  syncBuiltinESMExports();
  return () => opens;
}

/** Counts the reads of more than one byte (the key scan's; the newline check reads one) from `path`'s descriptors. */
function countReadsOf(path: string): () => number {
  const fds = new Set<number>();
  let reads = 0;
  fs.openSync = ((...args: Parameters<typeof originalOpen>) => {
    const fd = originalOpen(...args);
    // A descriptor number comes round again for other files once closed.
    if (args[0] === path) fds.add(fd);
    else fds.delete(fd);
    return fd;
  }) as typeof originalOpen;
  fs.readSync = ((...args: Parameters<typeof originalRead>) => {
    const length = (args as unknown[])[3];
    if (fds.has(args[0]) && (typeof length !== 'number' || length > 1)) reads += 1;
    return originalRead(...args);
  }) as typeof originalRead;
  syncBuiltinESMExports();
  return () => reads;
}

describe('the keys a drainer keeps between drains', () => {
  it('reads a journal only this drainer appended to once, not at every drain', () => {
    const root = rootWithInbox();
    const keys: KeyMemory = new Map();
    // The journal holds a line from before (the Node hook's): the first drain reads it for keys.
    mkdirSync(join(root, A), { mode: 0o700 });
    writeFileSync(join(root, A, 'events.jsonl'), event(A, 'SessionStart'), { mode: 0o600 });
    const reads = countReadsOf(join(root, A, 'events.jsonl'));
    for (let k = 0; k < 5; k += 1) {
      spool(root, `claude.${100 + k}`, event(A, 'PreToolUse', { tool_use_id: `t${k}` }), T0 + k);
      expect(drainInbox(root, { now: T0 + 10, keys })).toMatchObject({ drained: 1, waiting: 0 });
    }
    expect(names(root, A)).toHaveLength(6);
    expect(reads()).toBe(1);
  });

  it('reads a journal again when another drainer appended to it, and doubles nothing', () => {
    const root = rootWithInbox();
    const keys: KeyMemory = new Map();
    spool(root, 'claude.50', event(A, 'PreToolUse'), T0);
    const saved = join(makeTempDir(), 'copy');
    copyFileSync(join(root, 'inbox', 'claude.50'), saved);
    drainInbox(root, { now: T0 + 5, keys });
    // Another drainer journaled claude.51 and died before its unlink; claude.50 is spooled again as it was.
    spool(root, 'claude.51', event(A, 'Stop'), T0 + 1);
    drainInbox(root, { now: T0 + 6 });
    spool(root, 'claude.51', event(A, 'Stop'), T0 + 1);
    copyFileSync(saved, join(root, 'inbox', 'claude.50'));
    utimesSync(join(root, 'inbox', 'claude.50'), T0 / 1000, T0 / 1000);
    expect(drainInbox(root, { now: T0 + 7, keys })).toEqual({ drained: 2, waiting: 0, busy: false });
    expect(names(root, A)).toEqual(['PreToolUse', 'Stop']);
    expect(spooled(root)).toEqual([]);
  });

  it('opens the journal of a session once for a drain of several of its events, each still its own line in order', () => {
    const root = rootWithInbox();
    const opens = countOpensOf(join(root, A, 'events.jsonl'));
    for (let k = 0; k < 3; k += 1)
      spool(root, `claude.${200 + k}`, event(A, 'PreToolUse', { tool_use_id: `t${k}` }), T0 + k);
    expect(drainInbox(root, { now: T0 + 10 })).toMatchObject({ drained: 3, waiting: 0 });
    expect(journal(root, A).map((e) => e.tool_use_id)).toEqual(['t0', 't1', 't2']);
    expect(opens()).toBe(1);
  });
});
