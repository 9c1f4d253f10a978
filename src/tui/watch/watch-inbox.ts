/**
 * The inbox's own watcher: one plain fs.watch on `<root>/inbox` whose events only kick the drain
 * (the drain lists the folder itself). chokidar's watcher listed the folder again and put a
 * watch on each spooled file for every file event, and heard the drain's own lock come and go
 * (issue 50: 10 hook events a second cost the pane several times what the drain did). Names
 * starting with a dot (the drain's lock, the spool's refusal mark) are skipped before any work.
 * Followed: an inbox made after the pane started, or made again, is watched then and drained.
 */
import { watch as watchFolder, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { INBOX_DIR } from '../../ingest/inbox-order.js';
import { reportingAs, type Reporter } from '../../report/reporter.js';
import { followWatcher, type FollowedWatcher, type OpenedWatcher } from '../../state/follow-dir.js';

export interface InboxWatchSpec {
  root: string;
  /** A file in the inbox came, changed or went (`name` and fs.watch's `event`), or the inbox was made: drain soon. */
  kick(name?: string | null, event?: string): void;
  report: Reporter;
  /** fs.watch, or (tests) a stand-in. */
  watchFolder?: (dir: string, listener: (event: string, name: string | null) => void) => FSWatcher;
}

const defaultWatch = (dir: string, listener: (event: string, name: string | null) => void) =>
  // Not persistent: the state root's watcher keeps the pane alive, this one never does alone.
  watchFolder(dir, { persistent: false }, listener);

/** Whether a file event in the inbox may bring an event to drain. */
export const isSpoolName = (name: string | null): boolean => name === null || !name.startsWith('.');

export function watchInbox(spec: InboxWatchSpec): FollowedWatcher {
  const inbox = join(spec.root, INBOX_DIR);
  const watch = spec.watchFolder ?? defaultWatch;
  const open = (): OpenedWatcher => {
    let handle: FSWatcher | undefined;
    try {
      handle = watch(inbox, (event, name) => {
        if (isSpoolName(name)) spec.kick(name, event);
      });
      handle.on('error', (error) => spec.report({ level: 'error', where: 'watch', error }));
    } catch (error) {
      // No inbox yet: the follower sees it made, opens this again and kicks.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') spec.report({ level: 'error', where: 'watch', error });
    }
    return { ready: Promise.resolve(), close: async () => handle?.close() };
  };
  return followWatcher(inbox, open, () => spec.kick(), reportingAs(spec.report, 'watch'));
}
