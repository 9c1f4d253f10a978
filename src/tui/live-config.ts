/**
 * The pane's config.json, reloaded while it runs (like species files): the config folder is
 * watched (not the file: editors save by writing a new file and renaming it over the old one),
 * and a folder made later, or removed and made again, is followed. A file that cannot be read
 * or parsed (saved half-edited) keeps the last good config; a broken section keeps its last
 * good value (see config-file.ts). Every problem goes to tui.log naming the file and JSON path,
 * and the pane's footer says what is wrong.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { formatConfigError, type BuddyConfig } from '../config/config-file.js';
import { loadPlugins, type PluginSetup } from '../config/plugin-setup.js';
import { lifetimeWithin, onAbort } from '../process/lifetime.js';
import { reportingAs } from '../report/reporter.js';
import { followDir } from '../state/follow-dir.js';
import { toSafeText } from '../text/safe-text.js';
import type { BuddyStore } from './store/index.js';
import type { TuiLog } from './tui-log.js';

/** Editors save in steps (truncate, write, rename): one load once they are done. */
const SETTLE_MS = 100;

export interface LiveConfigOptions {
  configFile: string;
  env: NodeJS.ProcessEnv;
  log: TuiLog;
  store: BuddyStore;
  clock: () => number;
  /** A reload that read the file (not one that kept the last good config). */
  onReload(setup: PluginSetup): void;
  /** The owner's lifetime: this service closes when it ends. */
  signal?: AbortSignal;
}

export interface LiveConfig {
  /** What is in use: the last load that read the file. */
  current(): PluginSetup;
  /** Resolves when the folder is watched (or found missing and followed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Loads the file; reports its problems (to tui.log and the footer); returns the setup when the
 * file itself was read.
 */
function loadConfig(
  { configFile, env, log, store, clock }: LiveConfigOptions,
  lastGood: BuddyConfig | undefined,
): PluginSetup | undefined {
  let setup: PluginSetup;
  try {
    setup = loadPlugins({ env, configFile, previous: lastGood });
  } catch (error) {
    log.report({ level: 'error', where: 'config', error });
    return undefined;
  }
  for (const error of setup.errors)
    log.report({ level: 'warning', where: 'config', message: formatConfigError(error) });
  if (!setup.fileOk) {
    const first = setup.errors[0];
    const what = first ? formatConfigError(first) : configFile;
    store.getState().setNotice(toSafeText(`${what} (last good config kept)`, { maxLength: 300 }), clock(), 'warning');
    return undefined;
  }
  if (setup.errors.length) {
    store
      .getState()
      .setNotice(toSafeText(`${setup.errors.length} config problem(s): run \`buddy-tui plugins\``), clock(), 'warning');
  }
  return setup;
}

/** What the live config holds: the setup in use, the last good config, the folder's watcher. */
interface LiveState {
  readonly options: LiveConfigOptions;
  readonly signal: AbortSignal;
  readonly dir: string;
  readonly name: string;
  current: PluginSetup;
  lastGood?: BuddyConfig;
  settle?: NodeJS.Timeout;
  watcher?: FSWatcher;
  opening: Promise<void>;
}

/** Loads the file, keeping the config read as the last good one; undefined when the file was not read. */
function loadKeepingLastGood(state: Pick<LiveState, 'options' | 'lastGood'>): PluginSetup | undefined {
  const setup = loadConfig(state.options, state.lastGood);
  if (setup) state.lastGood = setup.config;
  return setup;
}

function reloadSoon(state: LiveState): void {
  if (state.settle) clearTimeout(state.settle);
  state.settle = setTimeout(() => {
    state.settle = undefined;
    if (state.signal.aborted) return;
    const setup = loadKeepingLastGood(state);
    if (!setup) return;
    state.current = setup;
    state.options.log.info(`config reloaded: ${setup.handlers.length} plugin handler(s)`);
    state.options.onReload(setup);
  }, SETTLE_MS);
}

/** Watches the config folder (again), for the config file's name only; its `opening` resolves once watched. */
function openWatcher(state: LiveState): void {
  const { dir, name, signal, options } = state;
  const previous = state.watcher;
  state.watcher = undefined;
  state.opening = (async () => {
    await previous?.close();
    if (signal.aborted || !existsSync(dir)) return;
    const { watch } = await import('chokidar');
    if (signal.aborted) return;
    const watcher = watch(dir, {
      ignoreInitial: true,
      depth: 0,
      ignored: (path) => path !== dir && basename(path) !== name,
    });
    state.watcher = watcher;
    watcher
      .on('all', () => reloadSoon(state))
      .on('error', (error) => options.log.report({ level: 'error', where: 'config watch', error }));
    await new Promise<void>((ready) => watcher.once('ready', () => ready()));
  })().catch((error) => options.log.report({ level: 'error', where: 'config watch', error }));
}

export function startLiveConfig(options: LiveConfigOptions): LiveConfig {
  const { configFile, log } = options;
  const life = lifetimeWithin(options.signal);
  const first: Pick<LiveState, 'options' | 'lastGood'> = { options };
  // The first load: with the file broken from the start there is no last good one, so defaults.
  const current = loadKeepingLastGood(first) ?? { config: {}, configFile, handlers: [], errors: [], fileOk: false };
  const state: LiveState = {
    options,
    signal: life.signal,
    dir: dirname(resolve(configFile)),
    name: basename(configFile),
    current,
    lastGood: first.lastGood,
    opening: Promise.resolve(),
  };
  openWatcher(state);
  const ready = state.opening;
  // The folder made (no config yet at start) or made again: watch the new one, read the file.
  const follower = followDir(
    state.dir,
    () => {
      openWatcher(state);
      reloadSoon(state);
    },
    reportingAs(log.report, 'config watch'),
  );
  onAbort(life.signal, async () => {
    follower.close();
    if (state.settle) clearTimeout(state.settle);
    await state.opening;
    await state.watcher?.close();
  });
  return { current: () => state.current, ready, close: life.end };
}
