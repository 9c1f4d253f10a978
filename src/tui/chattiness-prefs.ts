/**
 * The one setting of every pane and the runner: the chattiness picked with `c` and the mute of
 * `m`, pressed in any pane (or `/buddy mute` in Claude Code, through `buddy-tui mod-state --act
 * mute`), kept in `$XDG_STATE_HOME/buddy-tui/pane-prefs.json` (written atomically, mode 0600).
 * Each process follows the file (a changed signature is read again on the tick), so a `c` in a
 * viewer reaches the runner's plugin runner, and a mute every pane and the runner's
 * notifications; the mod and the statusline read the mute too (src/statusline/mute-setting.ts).
 *
 * Precedence: the newest choice wins. `reactions.chattiness` in config.json is the default; a
 * pick with `c` overrides it and is saved with the config value it overrode. When config.json's
 * value later differs from that one (edited since, at start or while the pane runs), the config
 * wins again. Without either: normal.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileSignature } from '../files/file-signature.js';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { DEFAULT_CHATTINESS, isChattiness, type Chattiness } from '../plugins/chattiness.js';
import { atomicWriteJsonSync } from '../state/atomic-write.js';
import { onAbort } from '../process/lifetime.js';
import type { BuddyStore } from './store/index.js';

export { panePrefsPath } from '../config/paths.js';

export interface ChattinessPref {
  chattiness: Chattiness;
  /** config.json's `reactions.chattiness` when the pick was made (null: not set). */
  overrides: Chattiness | null;
}

/** What the file holds: the chattiness pick, if one was made, and whether reactions are muted. */
export interface PanePrefs {
  pick?: ChattinessPref;
  muted: boolean;
}

/** The file's prefs; none picked and not muted when it is missing or not one we wrote (never throws). */
export function readPanePrefs(file: string): PanePrefs {
  try {
    const value = JSON.parse(readSmallFile(file, { maxBytes: SMALL_FILE_LIMITS.state })) as {
      chattiness?: unknown;
      overrides?: unknown;
      muted?: unknown;
    };
    const muted = value?.muted === true;
    if (!isChattiness(value?.chattiness)) return { muted };
    return {
      pick: { chattiness: value.chattiness, overrides: isChattiness(value.overrides) ? value.overrides : null },
      muted,
    };
  } catch {
    return { muted: false };
  }
}

/** The saved pick, or undefined when there is none or the file is not one we wrote (never throws). */
export const readChattinessPref = (file: string): ChattinessPref | undefined => readPanePrefs(file).pick;

/** `muted` is written only when true: a file of an older version reads the same. */
export function writePanePrefs(file: string, prefs: PanePrefs): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  atomicWriteJsonSync(file, { ...prefs.pick, ...(prefs.muted ? { muted: true } : {}) });
}

export const writeChattinessPref = (file: string, pref: ChattinessPref): void =>
  writePanePrefs(file, { pick: pref, muted: false });

/** The level in force: the saved pick while config.json still says what it overrode, else the config. */
export function effectiveChattiness(configValue: Chattiness | undefined, pref: ChattinessPref | undefined): Chattiness {
  if (pref && pref.overrides === (configValue ?? null)) return pref.chattiness;
  return configValue ?? DEFAULT_CHATTINESS;
}

export interface PanePrefsServiceOptions {
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

export interface PanePrefsService {
  configChanged(value: Chattiness | undefined): void;
  /** Reads the file again if another process wrote it since (the tick calls this). */
  refresh(): void;
  close(): void;
}

/**
 * Sets the store's level (saved pick or config) and mute at start, applies every level to the
 * runner, saves what this process changes (`c`, `m`, a config reload), and takes what another
 * pane saved (`refresh`). `configChanged` takes config.json reloads.
 */
export function startPanePrefs(options: PanePrefsServiceOptions): PanePrefsService {
  const { store, prefsFile, clock } = options;
  let configValue = options.configValue;
  /** The file as this process last read or wrote it: another signature is another pane's write. */
  let signature = fileSignature(prefsFile);
  /** Set while the store takes the file's values: those are not written back. */
  let adopting = false;
  const adopt = (prefs: PanePrefs) => {
    const state = store.getState();
    const level = effectiveChattiness(configValue, prefs.pick);
    adopting = true;
    try {
      state.setChattiness(level, clock(), state.chattiness !== level);
      state.setMuted(prefs.muted, clock(), state.muted !== prefs.muted);
    } finally {
      adopting = false;
    }
  };
  const saved = readPanePrefs(prefsFile);
  store.getState().setChattiness(effectiveChattiness(configValue, saved.pick), clock());
  store.getState().setMuted(saved.muted, clock());
  options.apply(store.getState().chattiness);
  const unsubscribe = store.subscribe((state, previous) => {
    const levelChanged = state.chattiness !== previous.chattiness;
    if (!levelChanged && state.muted === previous.muted) return;
    if (levelChanged) options.apply(state.chattiness);
    if (adopting) return;
    try {
      writePanePrefs(prefsFile, {
        pick: { chattiness: state.chattiness, overrides: configValue ?? null },
        muted: state.muted,
      });
      signature = fileSignature(prefsFile);
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
    refresh() {
      const now = fileSignature(prefsFile);
      if (now === signature) return;
      signature = now;
      adopt(readPanePrefs(prefsFile));
    },
    close: unsubscribe,
  };
}
