/**
 * The chattiness the user picked with the pane's `c` key, kept across restarts in
 * `$XDG_STATE_HOME/buddy-tui/pane-prefs.json` (written atomically, mode 0600).
 *
 * Precedence: the newest choice wins. `reactions.chattiness` in config.json is the default; a
 * pick with `c` overrides it and is saved with the config value it overrode. When config.json's
 * value later differs from that one (edited since, at start or while the pane runs), the config
 * wins again. Without either: normal.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { userStateDir } from '../config/paths.js';
import { DEFAULT_CHATTINESS, isChattiness, type Chattiness } from '../plugins/chattiness.js';
import { atomicWriteJsonSync } from '../state/atomic-write.js';
import { onAbort } from '../process/lifetime.js';
import type { BuddyStore } from './store/index.js';

export const panePrefsPath = (env: NodeJS.ProcessEnv = process.env): string =>
  join(userStateDir(env), 'pane-prefs.json');

export interface ChattinessPref {
  chattiness: Chattiness;
  /** config.json's `reactions.chattiness` when the pick was made (null: not set). */
  overrides: Chattiness | null;
}

/** The saved pick, or undefined when there is none or the file is not one we wrote (never throws). */
export function readChattinessPref(file: string): ChattinessPref | undefined {
  try {
    const value = JSON.parse(readSmallFile(file, { maxBytes: SMALL_FILE_LIMITS.state })) as {
      chattiness?: unknown;
      overrides?: unknown;
    };
    if (!isChattiness(value?.chattiness)) return undefined;
    return { chattiness: value.chattiness, overrides: isChattiness(value.overrides) ? value.overrides : null };
  } catch {
    return undefined;
  }
}

export function writeChattinessPref(file: string, pref: ChattinessPref): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  atomicWriteJsonSync(file, pref);
}

/** The level in force: the saved pick while config.json still says what it overrode, else the config. */
export function effectiveChattiness(configValue: Chattiness | undefined, pref: ChattinessPref | undefined): Chattiness {
  if (pref && pref.overrides === (configValue ?? null)) return pref.chattiness;
  return configValue ?? DEFAULT_CHATTINESS;
}

export interface ChattinessServiceOptions {
  store: BuddyStore;
  prefsFile: string;
  /** config.json's value at start. */
  configValue: Chattiness | undefined;
  /** Applies a level to the plugin runner (when there is one). */
  apply(level: Chattiness): void;
  onError(error: unknown): void;
  clock: () => number;
  /** The owner's lifetime: the store is no longer followed once it ends. */
  signal?: AbortSignal;
}

/**
 * Sets the store's level at start (saved pick or config), applies every change to the runner,
 * and saves the changes the runner pane makes. `configChanged` takes config.json reloads.
 */
export function startChattiness(options: ChattinessServiceOptions): {
  configChanged(value: Chattiness | undefined): void;
  close(): void;
} {
  const { store, prefsFile, clock } = options;
  let configValue = options.configValue;
  store.getState().setChattiness(effectiveChattiness(configValue, readChattinessPref(prefsFile)), clock());
  options.apply(store.getState().chattiness);
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.chattiness === previous.chattiness) return;
    options.apply(state.chattiness);
    if (state.role !== 'runner') return;
    try {
      writeChattinessPref(prefsFile, { chattiness: state.chattiness, overrides: configValue ?? null });
    } catch (error) {
      options.onError(error);
    }
  });
  if (options.signal) onAbort(options.signal, unsubscribe);
  return {
    configChanged(value) {
      if (value === configValue) return;
      configValue = value;
      store.getState().setChattiness(value ?? DEFAULT_CHATTINESS, clock(), true);
    },
    close: unsubscribe,
  };
}
