/**
 * The state root's own watcher (watch-root.ts), on a real folder with real fs.watch: what each
 * file event leads to. A journal's append reads its session; a checkpoint, a view or buddy-tui's
 * own folders lead to nothing; a session folder made, removed or replaced lists the root again and
 * is watched afresh; a symbolic link to a folder is never watched; runner.lock and reactions.jsonl
 * reach their listeners.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ignoreReports } from '../../src/report/reporter.js';
import type { FollowedWatcher } from '../../src/state/follow-dir.js';
import { watchRoot } from '../../src/tui/watch/watch-root.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const watchers: FollowedWatcher[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.close()));
});

function world(sessions: string[] = []) {
  const root = join(makeTempDir('buddy-watch-root-'), 'root');
  mkdirSync(root, { mode: 0o700 });
  for (const id of sessions) {
    mkdirSync(join(root, id));
    writeFileSync(join(root, id, 'events.jsonl'), '');
  }
  const heard: string[] = [];
  const tracked = new Set(sessions);
  const watcher = watchRoot({
    root,
    isTracked: (id) => tracked.has(id),
    touched: (id, listAgain) => heard.push(`${listAgain ? 'list' : 'read'} ${id}`),
    listAgain: () => heard.push('list'),
    onLockChange: () => heard.push('lock'),
    onReactions: (id) => heard.push(`reactions ${id}`),
    onMadeAgain: () => heard.push('made again'),
    report: ignoreReports,
  });
  watchers.push(watcher);
  /** Waits until `what` is heard, then takes everything heard so far. */
  const take = async (what: string) => {
    await waitUntil(() => heard.includes(what), Boolean, what, 10_000);
    // Events for the same change come together: let the burst end.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return heard.splice(0);
  };
  return { root, heard, tracked, watcher, take };
}

describe("the state root's watcher", () => {
  it("reads a session at its journal's append, and nothing for a checkpoint or buddy-tui's own folders", async () => {
    const { root, watcher, take } = world(['s1']);
    await watcher.ready;
    writeFileSync(join(root, 's1', 'state.json.tmp'), '{}');
    renameSync(join(root, 's1', 'state.json.tmp'), join(root, 's1', 'state.json'));
    for (const own of ['statusline', 'mod-bridge']) {
      mkdirSync(join(root, own));
      writeFileSync(join(root, own, 'line'), 'x');
    }
    writeFileSync(join(root, 'tui.log'), 'a log line\n');
    appendFileSync(join(root, 's1', 'events.jsonl'), '{}\n');
    // The append's read is the first thing heard: the rest made no event of its own.
    expect((await take('read s1'))[0]).toBe('read s1');
  });

  it('lists the root again for a new session folder, then reads it at its appends', async () => {
    const { root, watcher, take, tracked } = world();
    await watcher.ready;
    mkdirSync(join(root, 'new-1'));
    expect(await take('list')).toContain('list');
    tracked.add('new-1');
    appendFileSync(join(root, 'new-1', 'events.jsonl'), '{}\n');
    expect(await take('read new-1')).toContain('read new-1');
  });

  it('follows a session folder replaced by a rename (a new inode): its appends are still read', async () => {
    const { root, watcher, take } = world(['s1']);
    await watcher.ready;
    const next = join(root, 'next');
    mkdirSync(next);
    writeFileSync(join(next, 'events.jsonl'), '');
    rmSync(join(root, 's1'), { recursive: true });
    renameSync(next, join(root, 's1'));
    expect(await take('list')).toContain('list');
    appendFileSync(join(root, 's1', 'events.jsonl'), '{}\n');
    expect(await take('read s1')).toContain('read s1');
  });

  it('never watches a symbolic link to a folder', async () => {
    const { root, watcher, take, heard } = world(['s1']);
    const elsewhere = makeTempDir('buddy-watch-root-elsewhere-');
    writeFileSync(join(elsewhere, 'events.jsonl'), '');
    await watcher.ready;
    symlinkSync(elsewhere, join(root, 'linked'));
    expect(await take('list')).toContain('list');
    appendFileSync(join(elsewhere, 'events.jsonl'), '{}\n');
    appendFileSync(join(root, 's1', 'events.jsonl'), '{}\n');
    await take('read s1');
    expect(heard).not.toContain('read linked');
  });

  it('tells the lock and the reactions', async () => {
    const { root, watcher, take } = world(['s1']);
    await watcher.ready;
    writeFileSync(join(root, 'runner.lock'), '{}');
    expect(await take('lock')).toContain('lock');
    appendFileSync(join(root, 's1', 'reactions.jsonl'), '{}\n');
    expect(await take('reactions s1')).toContain('reactions s1');
  });
});
