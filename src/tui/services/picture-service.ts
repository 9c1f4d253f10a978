/**
 * The pane's picture pets: when the species drawn has a picture and the terminal has colour, the
 * frames at the size the layout gives the sprite come from the cache (at once) or are decoded
 * (sharp, imported on first use only) and join the sprite in the store. A broken picture is
 * reported in a notice naming the file and the sprite drawn before stays; a new terminal size
 * loads the frames again at that size, once the resizing has settled.
 */
import { dirname } from 'node:path';
import { lifetimeWithin, onAbort } from '../../process/lifetime.js';
import { parsePictureManifest } from '../../species/picture-manifest.js';
import { kittyDelete } from '../../species/picture-kitty.js';
import {
  loadPicture,
  loadPictureCached,
  pictureCellsFor,
  type LoadedPicture,
  type PictureSource,
} from '../../species/picture-load.js';
import { GREETING, animationFor, playMs } from '../../species/picture-states.js';
import { pictureModeFor, type PictureMode } from '../../species/picture-terminal.js';
import type { PictureView } from '../../species/picture-view.js';
import type { Species } from '../../species/species-schema.js';
import type { BuddyStore, SpriteView } from '../store/index.js';
import { toSafeText } from '../../text/safe-text.js';
import type { TuiLog } from '../tui-log.js';

export interface PictureServiceOptions {
  env: NodeJS.ProcessEnv;
  store: BuddyStore;
  log: TuiLog;
  stateRoot?: string;
  clock?: () => number;
  /** Where the kitty protocol's images are sent (the terminal). */
  write?: (text: string) => void;
  /** How long a size must hold before the frames are made again for it. */
  resizeSettleMs?: number;
  /** The owner's lifetime: this service closes when it ends. */
  signal?: AbortSignal;
}

export interface PictureService {
  /** Draws `view` with the species' picture (or, without one or without colour, as it is). */
  show(view: SpriteView, species: Species, file: string): void;
  /** Resolves when the load under way (if any) has finished: for tests and the benchmark. */
  settled(): Promise<void>;
  close(): void;
}

/** A frame loaded and its lines ready: what the store receives. */
function viewOf(
  view: SpriteView,
  loaded: LoadedPicture,
  source: PictureSource,
  key: string,
  greetUntil: number,
): SpriteView {
  const picture: PictureView = {
    key,
    cells: loaded.cells,
    lines: Object.fromEntries(loaded.lines),
    animations: source.manifest.animations,
    greetUntil,
  };
  return { ...view, picture };
}

/** The kitty images on the terminal: sent with a picture, deleted when replaced or at close. */
function kittyImages(write: (text: string) => void) {
  let sent: number[] = [];
  return {
    replace(loaded: LoadedPicture): void {
      if (!loaded.transmit) return;
      if (sent.length) write(kittyDelete(sent));
      write(loaded.transmit);
      sent = loaded.imageIds ?? [];
    },
    clear(): void {
      if (sent.length) write(kittyDelete(sent));
      sent = [];
    },
  };
}

/** Calls `onSettled` once the terminal size has held for `settleMs`; returns the unsubscribe. */
function onResize(store: BuddyStore, settleMs: number, onSettled: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.columns === previous.columns && state.rows === previous.rows) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(onSettled, settleMs);
    timer.unref?.();
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/** What the service holds between calls: the pet wanted, what is shown, the load under way. */
interface PictureState {
  readonly options: PictureServiceOptions;
  readonly clock: () => number;
  readonly mode: PictureMode;
  readonly images: ReturnType<typeof kittyImages>;
  readonly signal: AbortSignal;
  wanted?: { view: SpriteView; source: PictureSource; file: string; speciesId: string };
  shownKey?: string;
  greeted?: string;
  pending: Promise<void>;
  /** Counts the loads begun: a slower, older one never draws over a newer one. */
  generation: number;
}

const keyOf = (state: PictureState, speciesId: string, cells: { width: number; height: number }) =>
  `${speciesId}@${cells.width}x${cells.height}:${state.mode.kind === 'cells' ? state.mode.colors : state.mode.kind}`;

function applyPicture(state: PictureState, loaded: LoadedPicture, key: string): void {
  const { wanted } = state;
  if (!wanted) return;
  const { store } = state.options;
  state.images.replace(loaded);
  // A greeting when a pet first appears (not when it is only drawn at another size).
  const { animations } = wanted.source.manifest;
  const waving = animations[animationFor(animations, GREETING)];
  const greetUntil =
    state.greeted === wanted.speciesId
      ? (store.getState().sprite?.picture?.greetUntil ?? 0)
      : state.clock() + 3 * playMs(waving);
  state.greeted = wanted.speciesId;
  state.shownKey = key;
  store.getState().setSprite(viewOf(wanted.view, loaded, wanted.source, key, greetUntil));
}

function failPicture(state: PictureState, error: unknown): void {
  const { store, log } = state.options;
  const message = error instanceof Error ? error.message : String(error);
  log.report({ level: 'error', where: 'picture', message });
  store
    .getState()
    .setNotice(
      toSafeText(`${message} (the sprite drawn before is kept)`, { maxLength: 300 }),
      state.clock(),
      'warning',
    );
  // Nothing drawn yet: the species' text frames, rather than the default buddy.
  if (!store.getState().sprite && state.wanted) store.getState().setSprite(state.wanted.view);
}

/** The wanted pet's frames at the size the layout gives now: from the cache at once, else decoded. */
function loadWanted(state: PictureState): void {
  const { wanted } = state;
  if (!wanted || state.mode.kind === 'text' || state.signal.aborted) return;
  const { columns, rows } = state.options.store.getState();
  const cells = pictureCellsFor(columns, rows, wanted.source.manifest.frame);
  const key = keyOf(state, wanted.speciesId, cells);
  if (key === state.shownKey) return;
  const run = ++state.generation;
  const loadOptions = { stateRoot: state.options.stateRoot, imageBase: run };
  try {
    // A cache hit draws at once, in this very update (the pane's first frame has the picture).
    const cached = loadPictureCached(wanted.source, cells, state.mode, loadOptions);
    if (cached) return applyPicture(state, cached, key);
  } catch (error) {
    return failPicture(state, error);
  }
  // A miss decodes off this update; sharp itself is imported on this first use only.
  const current = () => run === state.generation && !state.signal.aborted;
  state.pending = loadPicture(wanted.source, cells, state.mode, loadOptions).then(
    (loaded) => void (current() && applyPicture(state, loaded, key)),
    (error) => void (current() && failPicture(state, error)),
  );
}

function showPicture(state: PictureState, view: SpriteView, species: Species, file: string): void {
  const { store } = state.options;
  const parsed = species.picture ? parsePictureManifest(species.picture) : undefined;
  if (!parsed?.manifest || state.mode.kind === 'text') {
    state.wanted = undefined;
    state.shownKey = undefined;
    state.generation += 1;
    state.images.clear();
    store.getState().setSprite(view);
    return;
  }
  const sameSpecies = state.wanted?.speciesId === species.id;
  state.wanted = { view, source: { folder: dirname(file), manifest: parsed.manifest }, file, speciesId: species.id };
  // The same pet redrawn (looks, stage): keep its frames, take the new text parts.
  const current = store.getState().sprite;
  if (sameSpecies && current?.picture && current.picture.key === state.shownKey)
    store.getState().setSprite({ ...view, picture: current.picture });
  else state.shownKey = undefined;
  loadWanted(state);
}

export function createPictureService(options: PictureServiceOptions): PictureService {
  const life = lifetimeWithin(options.signal);
  const state: PictureState = {
    options,
    clock: options.clock ?? Date.now,
    mode: pictureModeFor(options.env),
    images: kittyImages(options.write ?? ((text: string) => void process.stdout.write(text))),
    signal: life.signal,
    pending: Promise.resolve(),
    generation: 0,
  };
  const stopResize = onResize(options.store, options.resizeSettleMs ?? 150, () => loadWanted(state));
  onAbort(life.signal, () => {
    stopResize();
    state.images.clear();
  });
  return {
    show: (view, species, file) => showPicture(state, view, species, file),
    settled: () => state.pending,
    close: () => void life.end(),
  };
}
