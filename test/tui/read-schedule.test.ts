import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createReadSchedule,
  FIRST_SCAN,
  foundryEventTarget,
  LIVE_READ,
  READ_SLICE_BYTES,
  rootEntryTarget,
  sessionEntryTarget,
} from '../../src/tui/watch/read-schedule.js';

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

  it("rechecks every session touched for a recheck (Foundry's) since the last recheck, once", () => {
    const schedule = createReadSchedule();
    schedule.touched('a', false, true);
    schedule.touched('new', true, true);
    schedule.touched('plain', false);
    schedule.take();
    schedule.recheckDue();
    expect(schedule.take()).toEqual({ relist: false, ids: ['a', 'new'] });
    schedule.recheckDue();
    expect(schedule.take()).toEqual({ relist: false, ids: [] });
  });

  it('lists again when a session folder came or went', () => {
    const schedule = createReadSchedule();
    schedule.listAgain();
    expect(schedule.take()).toEqual({ relist: true, ids: [] });
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

describe('state root entries', () => {
  it("tells the runner lock and session folders apart from buddy-tui's own names", () => {
    expect(rootEntryTarget('runner.lock')).toBe('lock');
    expect(rootEntryTarget('s1')).toEqual({ id: 's1' });
    // The inbox has a watcher of its own (watch-inbox.ts); the others are buddy-tui's files and folders.
    for (const own of ['inbox', 'statusline', 'mod-bridge', 'tui.log', 'views', 'pictures.cache'])
      expect(rootEntryTarget(own)).toBeUndefined();
    expect(rootEntryTarget('not a session')).toBeUndefined();
    expect(rootEntryTarget('.runner.lock.tmp-1')).toBeUndefined();
    // A platform that gives no name: list the root again.
    expect(rootEntryTarget(null)).toBe('relist');
  });

  it('in a session folder, reads the journal and follows the reactions; checkpoints do not matter', () => {
    expect(sessionEntryTarget('events.jsonl')).toBe('journal');
    expect(sessionEntryTarget(null)).toBe('journal');
    // What the runner said: a viewer shows it (reaction-follower.ts).
    expect(sessionEntryTarget('reactions.jsonl')).toBe('reactions');
    expect(sessionEntryTarget('state.json')).toBeUndefined();
    expect(sessionEntryTarget('.state.json.tmp-1')).toBeUndefined();
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
