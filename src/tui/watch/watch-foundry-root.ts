/**
 * Foundry's root is the temp folder, where builds and browsers make and remove files all day
 * (issue 50: a watcher that listed it again on every change cost a quiet pane 6.8% of a core).
 * So the root itself gets one plain fs.watch whose events are filtered on the name before any
 * work: a name that does not start with `claude-state-` costs a string compare and nothing more.
 * Only the `claude-state-<sid>` folders found so are watched inside, by one chokidar watcher.
 * Where fs.watch gives no name, and while the root is busy, the root is listed again (names only,
 * a stat for Foundry's alone), at most once every RELIST_MS.
 */
import { lstatSync, readdirSync, watch as watchFolder, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { watch } from 'chokidar';
import { reportingAs, type Reporter } from '../../report/reporter.js';
import { FOUNDRY_DIR_PREFIX } from '../../state/foundry.js';
import { followWatcher, type FollowedWatcher, type OpenedWatcher } from '../../state/follow-dir.js';
import { SESSION_ID_PATTERN } from '../../state/state-root.js';
import { foundryEventTarget } from './read-schedule.js';

/** A name-less event, or a busy root, lists the root again at most this often. */
export const RELIST_MS = 2000;
/** More changes than this in a second make the root busy: listed, not watched, for BUSY_LISTING_MS. */
export const BUSY_EVENTS = 50;
export const BUSY_LISTING_MS = 30_000;
/** Foundry folders watched at most (a temp folder full of old ones must not cost a watch each). */
export const MAX_FOUNDRY_FOLDERS = 500;

export interface FoundryRootSpec {
  froot: string;
  isTracked(id: string): boolean;
  /** A Foundry session to read (or the roots to list again). */
  touched(id: string, listAgain: boolean): void;
  /** The root was made again and is watched afresh. */
  onMadeAgain(): void;
  report: Reporter;
  /** fs.watch, or (tests) one that gives no names, as on some platforms. */
  watchFolder?: (dir: string, listener: (event: string, name: string | null) => void) => FSWatcher;
}

const foundryId = (name: string): string | undefined => {
  if (!name.startsWith(FOUNDRY_DIR_PREFIX)) return undefined;
  const id = name.slice(FOUNDRY_DIR_PREFIX.length);
  return SESSION_ID_PATTERN.test(id) ? id : undefined;
};

/** A real folder (a symbolic link is not followed: anyone may plant one in the temp folder). */
const isFolder = (path: string): boolean => {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The root's Foundry folder names, as many as may be watched. */
function listFoundryFolders(froot: string): string[] {
  let names: string[];
  try {
    names = readdirSync(froot);
  } catch {
    return [];
  }
  return names
    .filter((name) => foundryId(name) !== undefined && isFolder(join(froot, name)))
    .slice(0, MAX_FOUNDRY_FOLDERS);
}

/** The chokidar watcher inside the Foundry folders, and which folders it follows. */
function followFoundryFolders(spec: FoundryRootSpec) {
  const { froot, isTracked, touched, report } = spec;
  const inner = watch([], { ignoreInitial: true, depth: 1, followSymlinks: false })
    .on('all', (event, path) => {
      const target = foundryEventTarget(froot, event, path, isTracked);
      if (target) touched(target.id, target.listAgain);
    })
    .on('error', (error) => report({ level: 'error', where: 'watch', error }));
  const watched = new Set<string>();
  const follow = (name: string) => {
    watched.add(name);
    inner.add(join(froot, name));
  };
  const unfollow = (name: string) => {
    watched.delete(name);
    void inner.unwatch(join(froot, name));
  };

  /** A `claude-state-*` entry changed: it came, went, or was made again. */
  const changed = (event: string, name: string, id: string) => {
    const present = isFolder(join(froot, name));
    const known = watched.has(name);
    if (present && (!known || event === 'rename')) {
      // A rename of a watched folder may be a new folder under the old name: watch it afresh.
      if (known) unfollow(name);
      if (watched.size < MAX_FOUNDRY_FOLDERS) follow(name);
      touched(id, true);
    } else if (!present && known) {
      unfollow(name);
      touched(id, true);
    } else if (present) touched(id, !isTracked(id));
  };

  return {
    changed,
    /** For events without a name: what came and went since the last listing. */
    relist() {
      const now = new Set(listFoundryFolders(froot));
      for (const name of [...watched]) if (!now.has(name)) changed('rename', name, foundryId(name) ?? '');
      for (const name of now) if (!watched.has(name)) changed('rename', name, foundryId(name) ?? '');
    },
    /** The folders there at the start, followed without a word (the first scan reads them). */
    followPresent(): Promise<void> {
      const present = listFoundryFolders(froot);
      for (const name of present) follow(name);
      return present.length ? new Promise<void>((resolve) => inner.once('ready', () => resolve())) : Promise.resolve();
    },
    close: () => inner.close(),
  };
}

type Folders = ReturnType<typeof followFoundryFolders>;

/**
 * The root's own entries: its fs.watch, filtered on the name, while it is calm. Each event still
 * costs a call into JavaScript (~20 µs), so while other programs make more than BUSY_EVENTS
 * changes a second the watch is closed and the root is listed every RELIST_MS instead, for
 * BUSY_LISTING_MS, then watched again.
 */
function watchRootEntries(spec: FoundryRootSpec, folders: Folders): { close(): void } {
  let handle: FSWatcher | undefined;
  let nameless: NodeJS.Timeout | undefined;
  let listing: NodeJS.Timeout | undefined;
  let calm: NodeJS.Timeout | undefined;
  let events = 0;
  let since = Date.now();
  const closeWatch = () => {
    handle?.close();
    handle = undefined;
  };
  const busy = () => {
    closeWatch();
    listing = setInterval(() => folders.relist(), RELIST_MS);
    calm = setTimeout(() => {
      clearInterval(listing);
      folders.relist();
      open();
    }, BUSY_LISTING_MS);
  };
  const onEvent = (event: string, name: string | null) => {
    const id = name === null ? undefined : foundryId(name);
    if (name === null)
      nameless ??= setTimeout(() => {
        nameless = undefined;
        folders.relist();
      }, RELIST_MS);
    else if (id !== undefined) folders.changed(event, name, id);
    if (++events < BUSY_EVENTS) return;
    const now = Date.now();
    if (now - since < 1000) return busy();
    events = 0;
    since = now;
  };
  const open = () => {
    events = 0;
    since = Date.now();
    try {
      handle = (spec.watchFolder ?? watchFolder)(spec.froot, onEvent);
      // The root went away: follow-dir.ts opens it again when it is made again.
      handle.on('error', closeWatch);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') spec.report({ level: 'error', where: 'watch', error });
    }
  };
  open();
  return {
    close() {
      for (const timer of [nameless, listing, calm]) clearTimeout(timer);
      closeWatch();
    },
  };
}

/** One opening of the root: its entries watched, and the watcher inside its Foundry folders. */
function openFoundryRoot(spec: FoundryRootSpec): OpenedWatcher {
  const folders = followFoundryFolders(spec);
  const entries = watchRootEntries(spec, folders);
  // Listed after the watch starts, so a folder made in between is not missed.
  const ready = folders.followPresent();
  return {
    ready,
    close: async () => {
      entries.close();
      await folders.close();
    },
  };
}

export function watchFoundryRoot(spec: FoundryRootSpec): FollowedWatcher {
  return followWatcher(spec.froot, () => openFoundryRoot(spec), spec.onMadeAgain, reportingAs(spec.report, 'watch'));
}
