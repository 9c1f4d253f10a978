import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createReadSchedule,
  FIRST_SCAN,
  foundryEventTarget,
  LIVE_READ,
  READ_SLICE_BYTES,
  rootEventTarget,
  rootIgnored,
} from '../../src/tui/watch/read-schedule.js';

const root = '/state';
const froot = '/foundry';
const known =
  (...ids: string[]) =>
  (id: string) =>
    ids.includes(id);

describe('read schedule', () => {
  it('reads the first scan whole without handing it on, and live reads in slices', () => {
    expect(FIRST_SCAN).toEqual({ maxBytes: Infinity, handOn: false });
    expect(LIVE_READ).toEqual({ maxBytes: READ_SLICE_BYTES, handOn: true });
  });

  it('has nothing to read until something happens', () => {
    expect(createReadSchedule().take()).toEqual({ relist: false, ids: [] });
  });

  it('reads a touched known session, and lists again for a new one; a take clears what it took', () => {
    const schedule = createReadSchedule();
    schedule.touched('a', false);
    schedule.touched('b', false);
    schedule.touched('a', false);
    expect(schedule.take()).toEqual({ relist: false, ids: ['a', 'b'] });
    schedule.touched('new', true);
    expect(schedule.take()).toEqual({ relist: true, ids: [] });
    expect(schedule.take()).toEqual({ relist: false, ids: [] });
  });

  it('rechecks every session touched since the last recheck, once', () => {
    const schedule = createReadSchedule();
    schedule.touched('a', false);
    schedule.touched('new', true);
    schedule.take();
    schedule.recheckDue();
    expect(schedule.take()).toEqual({ relist: false, ids: ['a', 'new'] });
    schedule.recheckDue();
    expect(schedule.take()).toEqual({ relist: false, ids: [] });
  });

  it('reads a session again when its read stopped at the slice limit', () => {
    const schedule = createReadSchedule();
    schedule.readAgain(['big']);
    expect(schedule.take()).toEqual({ relist: false, ids: ['big'] });
  });

  it('lists again and reads every tracked session once the watchers are ready (or the root is made again)', () => {
    const schedule = createReadSchedule();
    schedule.everything(['a', 'b']);
    expect(schedule.take()).toEqual({ relist: true, ids: ['a', 'b'] });
  });
});

describe('state root events', () => {
  it('tells the runner lock and the inbox apart from sessions', () => {
    expect(rootEventTarget(root, 'change', join(root, 'runner.lock'), known())).toEqual({ kind: 'lock' });
    // The inbox has a watcher of its own (watch-inbox.ts).
    expect(rootEventTarget(root, 'add', join(root, 'inbox', '1.json'), known())).toBeUndefined();
    expect(rootEventTarget(root, 'addDir', root, known())).toBeUndefined();
    expect(rootEventTarget(root, 'add', join(root, 'not a session', 'events.jsonl'), known())).toBeUndefined();
  });

  it('reads a known session on a change, and lists again for a new id or a folder that came or went', () => {
    const journal = join(root, 's1', 'events.jsonl');
    expect(rootEventTarget(root, 'change', journal, known('s1'))).toEqual({
      kind: 'session',
      id: 's1',
      listAgain: false,
    });
    expect(rootEventTarget(root, 'change', journal, known())).toEqual({ kind: 'session', id: 's1', listAgain: true });
    expect(rootEventTarget(root, 'addDir', join(root, 's1'), known('s1'))).toEqual({
      kind: 'session',
      id: 's1',
      listAgain: true,
    });
    expect(rootEventTarget(root, 'unlinkDir', join(root, 's1'), known('s1'))).toEqual({
      kind: 'session',
      id: 's1',
      listAgain: true,
    });
  });

  it('watches session folders, journals and the lock only', () => {
    expect(rootIgnored(root, root, undefined)).toBe(false);
    expect(rootIgnored(root, join(root, 's1'), false)).toBe(false);
    expect(rootIgnored(root, join(root, 'runner.lock'), true)).toBe(false);
    expect(rootIgnored(root, join(root, 'tui.log'), true)).toBe(true);
    expect(rootIgnored(root, join(root, 's1', 'events.jsonl'), true)).toBe(false);
    expect(rootIgnored(root, join(root, 's1', 'checkpoint.json'), true)).toBe(true);
    // What the runner said: a viewer shows it (reaction-follower.ts).
    expect(rootIgnored(root, join(root, 's1', 'reactions.jsonl'), true)).toBe(false);
    expect(rootEventTarget(root, 'change', join(root, 's1', 'reactions.jsonl'), () => true)).toEqual({
      kind: 'reactions',
      id: 's1',
    });
    // Not yet statted: kept, so a folder is not skipped before chokidar knows what it is.
    expect(rootIgnored(root, join(root, 's1', 'checkpoint.json'), undefined)).toBe(false);
    // The inbox has a watcher of its own: chokidar's listed it again and watched each spooled file.
    expect(rootIgnored(root, join(root, 'inbox'), false)).toBe(true);
    expect(rootIgnored(root, join(root, 'inbox', 'claude.123'), true)).toBe(true);
    expect(rootIgnored(root, join(root, 'inbox', 'sub', '1.json'), true)).toBe(true);
  });
});

describe('Foundry events', () => {
  it('reads a known claude-state folder, lists again for a new one or one removed', () => {
    const log = join(froot, 'claude-state-s1', 'task-log.js');
    expect(foundryEventTarget(froot, 'change', log, known('s1'))).toEqual({ id: 's1', listAgain: false });
    expect(foundryEventTarget(froot, 'add', log, known())).toEqual({ id: 's1', listAgain: true });
    expect(foundryEventTarget(froot, 'unlinkDir', join(froot, 'claude-state-s1'), known('s1'))).toEqual({
      id: 's1',
      listAgain: true,
    });
    expect(foundryEventTarget(froot, 'unlinkDir', join(froot, 'claude-state-s1', 'sub'), known('s1'))).toEqual({
      id: 's1',
      listAgain: false,
    });
    expect(foundryEventTarget(froot, 'add', join(froot, 'other', 'x'), known())).toBeUndefined();
    // Another program's folder whose name is as long as the prefix and ends like an id.
    expect(foundryEventTarget(froot, 'add', join(froot, 'mozilla-cache-s1', 'x'), known())).toBeUndefined();
  });
});
