/**
 * What the pane's chokidar watchers look at: in the state root, only session folders, their
 * journals, the inbox and the runner lock (checkpoints and reaction logs change often and do not
 * matter); in the Foundry root, only its session folders.
 */
import { basename, relative, sep } from 'node:path';
import type { ChokidarOptions } from 'chokidar';
import { INBOX_DIR } from '../ingest/inbox-order.js';
import { FOUNDRY_DIR_PREFIX } from '../state/foundry.js';
import { JOURNAL_FILE, SESSION_ID_PATTERN } from '../state/state-root.js';
import { RUNNER_LOCK_FILE } from './runner-lock.js';

export function rootWatchOptions(root: string): ChokidarOptions {
  return {
    ignoreInitial: true,
    depth: 1,
    ignored: (path, stats) => {
      const rel = relative(root, path);
      if (!rel) return false;
      const parts = rel.split(sep);
      if (parts[0] === INBOX_DIR) return parts.length > 2;
      if (parts.length === 1) return !(SESSION_ID_PATTERN.test(parts[0]) || parts[0] === RUNNER_LOCK_FILE);
      return stats?.isFile() === true && basename(path) !== JOURNAL_FILE;
    },
  };
}

export function foundryWatchOptions(froot: string): ChokidarOptions {
  return {
    ignoreInitial: true,
    depth: 2,
    ignored: (path) => {
      const rel = relative(froot, path);
      return rel !== '' && !rel.split(sep)[0].startsWith(FOUNDRY_DIR_PREFIX);
    },
  };
}
