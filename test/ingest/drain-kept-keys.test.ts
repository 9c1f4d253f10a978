/**
 * The pane drains again and again (issue 50): it keeps the journals' recent keys between drains,
 * so a journal only it appended to is not read again for them at every drain. A journal another
 * drainer appended to since is read again, so nothing is doubled. fs.openSync is wrapped (it
 * still runs) to count the drain's reads of the journal.
 */
import fs, { constants, copyFileSync, utimesSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import type { KeyMemory } from '../../src/ingest/journal-event.js';
import { makeTempDir } from '../support/temp-dir.js';
import { A, T0, event, names, rootWithInbox, spool, spooled } from './drain-inbox-support.js';

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const original = fs.openSync;
afterEach(() => {
  fs.openSync = original;
  syncBuiltinESMExports();
});

/** Counts the opens of `path` for reading (the key scan's), until the test ends. */
function countReadsOf(path: string): () => number {
  let reads = 0;
  fs.openSync = ((...args: Parameters<typeof original>) => {
    if (args[0] === path && args[1] === READ_FLAGS) reads += 1;
    return original(...args);
  }) as typeof original;
  syncBuiltinESMExports();
  return () => reads;
}

describe('the keys a drainer keeps between drains', () => {
  it('reads a journal only this drainer appended to once, not at every drain', () => {
    const root = rootWithInbox();
    const keys: KeyMemory = new Map();
    const reads = countReadsOf(join(root, A, 'events.jsonl'));
    for (let k = 0; k < 5; k += 1) {
      spool(root, `claude.${100 + k}`, event(A, 'PreToolUse', { tool_use_id: `t${k}` }), T0 + k);
      expect(drainInbox(root, { now: T0 + 10, keys })).toMatchObject({ drained: 1, waiting: 0 });
    }
    expect(names(root, A)).toHaveLength(5);
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
});
