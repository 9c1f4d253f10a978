/**
 * Foundry's root is the temp folder, where other programs make and remove files all day (issue
 * 50). Such a change must cost the pane's watcher nothing beyond a look at its name: no stat of the
 * other program's file, no listing per change. The file system's functions are wrapped (they
 * still run) and count what the watcher, chokidar included, asks of them.
 */
import fs, { mkdirSync, rmSync, unlinkSync, watch, writeFileSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ignoreReports } from '../../src/report/reporter.js';
import { watchFoundryRoot } from '../../src/tui/watch/watch-foundry-root.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';
import { useWatcherWorlds } from '../support/watcher-world.js';

const setup = useWatcherWorlds('buddy-busy-temp-');

type Fns = Record<string, (...args: unknown[]) => unknown>;

/** Counts listings of `froot` and stats of its entries that are not Foundry's, until `restore`. */
function countWorkOn(froot: string) {
  const counts = { lists: 0, foreignLooks: 0 };
  const restores: Array<() => void> = [];
  // Node's own modules may keep a wrapper they loaded meanwhile: it stops counting.
  let active = true;
  const wrap = (module: object, names: string[], counted: (path: string) => keyof typeof counts | undefined) => {
    const fns = module as Fns;
    for (const name of names) {
      const original = fns[name];
      fns[name] = function (this: unknown, ...args: unknown[]) {
        const kind = counted(String(args[0]));
        if (kind && active) counts[kind] += 1;
        return original.apply(this, args);
      };
      restores.push(() => {
        fns[name] = original;
      });
    }
  };
  const list = (path: string) => (path === froot ? 'lists' : undefined);
  const look = (path: string) =>
    dirname(path) === froot && !basename(path).startsWith('claude-state-') ? 'foreignLooks' : undefined;
  wrap(fs, ['readdir', 'readdirSync', 'opendir', 'opendirSync'], list);
  wrap(fsPromises, ['readdir', 'opendir'], list);
  wrap(fs, ['stat', 'statSync', 'lstat', 'lstatSync'], look);
  wrap(fsPromises, ['stat', 'lstat'], look);
  // ES module imports of node:fs (chokidar's, readdirp's) see the wrapped functions too.
  syncBuiltinESMExports();
  return {
    counts,
    restore() {
      active = false;
      for (const restore of restores) restore();
      syncBuiltinESMExports();
    },
  };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Foundry watcher in a busy temp folder', () => {
  it("does no work for other programs' files, and still sees a claude-state folder come and go", {
    timeout: 60_000,
  }, async () => {
    const { store, start, env } = setup();
    const froot = env.BUDDY_TUI_FOUNDRY_DIR as string;
    const watcher = start();
    await watcher.ready;
    // The listing every start makes once ready, before counting.
    watcher.flush();
    const work = countWorkOn(froot);
    try {
      // 500 files come, are written again, and half go (by the test's own calls, which count
      // nothing), with turns of the event loop between.
      for (let i = 0; i < 500; i += 1) {
        writeFileSync(join(froot, `build-${i}.tmp`), 'x');
        if (i % 25 === 24) await turn();
      }
      for (let i = 0; i < 500; i += 1) writeFileSync(join(froot, `build-${i}.tmp`), 'xy');
      await turn();
      for (let i = 0; i < 250; i += 1) unlinkSync(join(froot, `build-${i}.tmp`));
      await turn();
      const listsDuringChurn = work.counts.lists;

      const folder = join(froot, 'claude-state-busy1');
      mkdirSync(join(folder, 'tools'), { recursive: true, mode: 0o700 });
      writeFileSync(join(folder, 'tools', 'Bash.json'), JSON.stringify({ tool: 'Bash', count: 3 }));
      const session = await waitUntil(
        () => store.getState().sessions.busy1,
        (state) => state?.toolRunsTotal === 3,
        'the Foundry session with its Bash runs',
      );
      expect(session.origin).toBe('foundry');
      // Never a stat of another program's file; a listing (names only) at most every 2 s while the
      // folder is this busy, whatever the number of changes.
      expect(work.counts.foreignLooks).toBe(0);
      expect(listsDuringChurn).toBeLessThanOrEqual(2);

      rmSync(folder, { recursive: true });
      await waitUntil(
        () => store.getState().sessions.busy1,
        (state) => state === undefined,
        'the removed Foundry session to go',
      );
      expect(work.counts.foreignLooks).toBe(0);
    } finally {
      work.restore();
    }
  });

  it('lists the folder again, seldom, where the file system gives no names', { timeout: 60_000 }, async () => {
    const froot = join(makeTempDir('buddy-nameless-'), 'foundry');
    mkdirSync(froot, { mode: 0o700 });
    const touched: string[] = [];
    const watcher = watchFoundryRoot({
      froot,
      isTracked: () => false,
      touched: (id, listAgain) => touched.push(`${id}${listAgain ? ' (list again)' : ''}`),
      onMadeAgain: () => undefined,
      report: ignoreReports,
      // The real fs.watch, its names dropped as some platforms drop them.
      watchFolder: (dir, listener) => watch(dir, (event) => listener(event, null)),
    });
    await watcher.ready;
    const work = countWorkOn(froot);
    try {
      for (let i = 0; i < 500; i += 1) {
        writeFileSync(join(froot, `build-${i}.tmp`), 'x');
        if (i % 25 === 24) await turn();
      }
      mkdirSync(join(froot, 'claude-state-nameless1'), { mode: 0o700 });
      await waitUntil(
        () => touched.join(),
        (all) => all.includes('nameless1 (list again)'),
        'the new Foundry folder, found by listing again',
      );
      // 500 nameless changes and a folder: a listing now and then, not one per change.
      expect(work.counts.lists).toBeGreaterThan(0);
      expect(work.counts.lists).toBeLessThan(50);
      rmSync(join(froot, 'claude-state-nameless1'), { recursive: true });
      await waitUntil(
        () => touched.filter((t) => t === 'nameless1 (list again)').length,
        (n) => n === 2,
        'the removed Foundry folder, found by listing again',
      );
    } finally {
      work.restore();
      await watcher.close();
    }
  });
});
