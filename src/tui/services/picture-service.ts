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

export function createPictureService(options: PictureServiceOptions): PictureService {
  const { store, log } = options;
  const clock = options.clock ?? Date.now;
  const mode: PictureMode = pictureModeFor(options.env);
  const images = kittyImages(options.write ?? ((text: string) => void process.stdout.write(text)));
  let wanted: { view: SpriteView; source: PictureSource; file: string; speciesId: string } | undefined;
  let shownKey: string | undefined;
  let greeted: string | undefined;
  let pending: Promise<void> = Promise.resolve();
  const life = lifetimeWithin(options.signal);
  const closed = () => life.signal.aborted;
  let generation = 0;

  const keyOf = (speciesId: string, cells: { width: number; height: number }) =>
    `${speciesId}@${cells.width}x${cells.height}:${mode.kind === 'cells' ? mode.colors : mode.kind}`;

  function apply(loaded: LoadedPicture, key: string): void {
    if (!wanted) return;
    const now = clock();
    images.replace(loaded);
    // A greeting when a pet first appears (not when it is only drawn at another size).
    const { animations } = wanted.source.manifest;
    const waving = animations[animationFor(animations, GREETING)];
    const greetUntil =
      greeted === wanted.speciesId ? (store.getState().sprite?.picture?.greetUntil ?? 0) : now + 3 * playMs(waving);
    greeted = wanted.speciesId;
    shownKey = key;
    store.getState().setSprite(viewOf(wanted.view, loaded, wanted.source, key, greetUntil));
  }

  function fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    log.report({ level: 'error', where: 'picture', message });
    store
      .getState()
      .setNotice(toSafeText(`${message} (the sprite drawn before is kept)`, { maxLength: 300 }), clock(), 'warning');
    // Nothing drawn yet: the species' text frames, rather than the default buddy.
    if (!store.getState().sprite && wanted) store.getState().setSprite(wanted.view);
  }

  function load(): void {
    if (!wanted || mode.kind === 'text' || closed()) return;
    const { columns, rows } = store.getState();
    const cells = pictureCellsFor(columns, rows, wanted.source.manifest.frame);
    const key = keyOf(wanted.speciesId, cells);
    if (key === shownKey) return;
    const run = ++generation;
    const loadOptions = { stateRoot: options.stateRoot, imageBase: run };
    try {
      // A cache hit draws at once, in this very update (the pane's first frame has the picture).
      const cached = loadPictureCached(wanted.source, cells, mode, loadOptions);
      if (cached) {
        apply(cached, key);
        return;
      }
    } catch (error) {
      fail(error);
      return;
    }
    // A miss decodes off this update; sharp itself is imported on this first use only.
    pending = loadPicture(wanted.source, cells, mode, loadOptions).then(
      (loaded) => {
        if (run === generation && !closed()) apply(loaded, key);
      },
      (error) => {
        if (run === generation && !closed()) fail(error);
      },
    );
  }

  const stopResize = onResize(store, options.resizeSettleMs ?? 150, () => load());
  onAbort(life.signal, () => {
    stopResize();
    images.clear();
  });

  return {
    show(view, species, file) {
      const parsed = species.picture ? parsePictureManifest(species.picture) : undefined;
      if (!parsed?.manifest || mode.kind === 'text') {
        wanted = undefined;
        shownKey = undefined;
        generation += 1;
        images.clear();
        store.getState().setSprite(view);
        return;
      }
      const sameSpecies = wanted?.speciesId === species.id;
      wanted = { view, source: { folder: dirname(file), manifest: parsed.manifest }, file, speciesId: species.id };
      // The same pet redrawn (looks, stage): keep its frames, take the new text parts.
      const current = store.getState().sprite;
      if (sameSpecies && current?.picture && current.picture.key === shownKey)
        store.getState().setSprite({ ...view, picture: current.picture });
      else shownKey = undefined;
      load();
    },
    settled: () => pending,
    close: () => void life.end(),
  };
}
