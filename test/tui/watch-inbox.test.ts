/**
 * The inbox's own watcher (issue 50): a plain fs.watch whose events only kick the drain. A spooled
 * file's coming kicks it; the drain's own lock does not; an inbox made after the watcher started
 * (or made again) is watched then and kicks at once.
 */
import { mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ignoreReports } from '../../src/report/reporter.js';
import { isSpoolName, watchInbox } from '../../src/tui/watch/watch-inbox.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function watched(root: string) {
  let kicks = 0;
  const watcher = watchInbox({ root, kick: () => (kicks += 1), report: ignoreReports });
  closers.push(watcher.close);
  return { kicks: () => kicks, ready: watcher.ready };
}

describe('the inbox watcher', () => {
  it('skips dot names (the drain lock, the refusal mark) and takes every other name', () => {
    expect(isSpoolName('.drain.lock')).toBe(false);
    expect(isSpoolName('.root-refused')).toBe(false);
    expect(isSpoolName('claude.1234')).toBe(true);
    expect(isSpoolName(null)).toBe(true);
  });

  it('kicks the drain for a spooled file, not for the lock', async () => {
    const root = makeTempDir('buddy-watch-inbox-');
    mkdirSync(join(root, 'inbox'), { recursive: true });
    const { kicks, ready } = watched(root);
    await ready;
    writeFileSync(join(root, 'inbox', '.drain.lock'), '1\n');
    unlinkSync(join(root, 'inbox', '.drain.lock'));
    // A spooled file after the lock: once it is heard, the lock's events were heard before it.
    const before = kicks();
    writeFileSync(join(root, 'inbox', 'claude.1234'), '{}');
    await waitUntil(kicks, (n) => n > before, 'a kick for the spooled file');
    expect(before).toBe(0);
  });

  it('watches an inbox made later, and one made again', async () => {
    const root = makeTempDir('buddy-watch-inbox-');
    const { kicks, ready } = watched(root);
    await ready;
    mkdirSync(join(root, 'inbox'));
    await waitUntil(kicks, (n) => n > 0, 'a kick when the inbox was made');
    const made = kicks();
    writeFileSync(join(root, 'inbox', 'claude.1'), '{}');
    await waitUntil(kicks, (n) => n > made, 'a kick for a file in the new inbox');
    const before = kicks();
    rmSync(join(root, 'inbox'), { recursive: true });
    mkdirSync(join(root, 'inbox'));
    // The new inbox is watched once its own kick came (the follower opens the watch, then kicks).
    await waitUntil(kicks, (n) => n > before, 'a kick when the inbox was made again');
    const again = kicks();
    writeFileSync(join(root, 'inbox', 'claude.2'), '{}');
    await waitUntil(kicks, (n) => n > again, 'a kick for a file in the inbox made again');
  });
});
