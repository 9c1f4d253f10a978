/**
 * A picture pet ready for the pane: its spritesheet read safely, its frames from the cache or
 * decoded and downsampled (then cached), drawn as half-block lines or kitty placeholders at one
 * size. Every failure is a PictureError naming the file; the caller keeps what it drew before.
 */
import { cellsOf, linesOf } from './picture-cells.js';
import { cacheKey, readCachedFrames, writeCachedFrames } from './picture-cache.js';
import { decodeFrames, type PixelFrames } from './picture-decode.js';
import { readSheet } from './picture-file.js';
import { KITTY_CELL_PIXELS, MAX_KITTY_CELLS, kittyImageId, kittyLines, kittyTransmit } from './picture-kitty.js';
import type { PictureManifest } from './picture-manifest.js';
import { usedIndices } from './picture-states.js';
import type { PictureMode } from './picture-terminal.js';

export interface PictureSource {
  /** The pet's folder: the spritesheet must be inside it. */
  folder: string;
  manifest: PictureManifest;
}

type DrawMode = Exclude<PictureMode, { kind: 'text' }>;

export interface CellSize {
  width: number;
  height: number;
}

export interface LoadedPicture {
  cells: CellSize;
  /** The lines of each sprite index, as the pane draws them. */
  lines: Map<number, string[]>;
  /** For the kitty protocol: what to write to the terminal once before drawing the lines. */
  transmit?: string;
  /** For the kitty protocol: the images sent (to delete them when they are replaced). */
  imageIds?: number[];
  fromCache: boolean;
  sheetFile: string;
}

export interface LoadOptions {
  stateRoot?: string;
  /** The kitty images' id base (one per pet and size). */
  imageBase?: number;
}

interface Prepared {
  sheetFile: string;
  bytes: Buffer;
  /** The pixels a frame is brought down to. */
  pixels: CellSize;
  /** The cells drawn. */
  cells: CellSize;
  indices: number[];
  key: string;
}

function prepare(source: PictureSource, cells: CellSize, mode: DrawMode): Prepared {
  const { file: sheetFile, bytes } = readSheet(source.folder, source.manifest.spritesheetPath);
  const drawn =
    mode.kind === 'kitty'
      ? { width: Math.min(cells.width, MAX_KITTY_CELLS), height: Math.min(cells.height, MAX_KITTY_CELLS) }
      : cells;
  // The decoder's size is in half-block cells (two pixels high); kitty gets 4×8 pixels a cell.
  const pixels =
    mode.kind === 'kitty'
      ? { width: drawn.width * KITTY_CELL_PIXELS.width, height: (drawn.height * KITTY_CELL_PIXELS.height) / 2 }
      : drawn;
  const indices = usedIndices(source.manifest.animations);
  return {
    sheetFile,
    bytes,
    pixels,
    cells: drawn,
    indices,
    key: cacheKey(bytes, source.manifest.frame, pixels, indices),
  };
}

function render(
  prepared: Prepared,
  frames: PixelFrames,
  mode: DrawMode,
  fromCache: boolean,
  imageBase: number,
): LoadedPicture {
  const lines = new Map<number, string[]>();
  if (mode.kind === 'cells') {
    for (const [index, rgba] of frames.frames)
      lines.set(index, linesOf(cellsOf(rgba, frames.width, frames.height), mode.colors));
    return { cells: prepared.cells, lines, fromCache, sheetFile: prepared.sheetFile };
  }
  let transmit = '';
  const imageIds: number[] = [];
  for (const [index, rgba] of frames.frames) {
    const id = kittyImageId(imageBase, index);
    transmit += kittyTransmit(id, rgba, { width: frames.width, height: frames.height }, prepared.cells);
    lines.set(index, kittyLines(id, prepared.cells));
    imageIds.push(id);
  }
  return { cells: prepared.cells, lines, transmit, imageIds, fromCache, sheetFile: prepared.sheetFile };
}

const cachedFrames = (prepared: Prepared, stateRoot?: string): PixelFrames | undefined => {
  const cached = stateRoot ? readCachedFrames(stateRoot, prepared.key) : undefined;
  return cached && prepared.indices.every((index) => cached.frames.has(index)) ? cached : undefined;
};

/** The picture from the cache alone, synchronously (the pane's first frame), or undefined on a miss. */
export function loadPictureCached(
  source: PictureSource,
  cells: CellSize,
  mode: DrawMode,
  options: LoadOptions = {},
): LoadedPicture | undefined {
  const prepared = prepare(source, cells, mode);
  const cached = cachedFrames(prepared, options.stateRoot);
  return cached ? render(prepared, cached, mode, true, options.imageBase ?? 1) : undefined;
}

export async function loadPicture(
  source: PictureSource,
  cells: CellSize,
  mode: DrawMode,
  options: LoadOptions = {},
): Promise<LoadedPicture> {
  const prepared = prepare(source, cells, mode);
  const cached = cachedFrames(prepared, options.stateRoot);
  if (cached) return render(prepared, cached, mode, true, options.imageBase ?? 1);
  const frames = await decodeFrames(
    prepared.sheetFile,
    prepared.bytes,
    source.manifest.frame,
    prepared.pixels,
    prepared.indices,
  );
  if (options.stateRoot) {
    try {
      writeCachedFrames(options.stateRoot, prepared.key, frames);
    } catch {
      // A cache that cannot be written costs the next start a decode, nothing more.
    }
  }
  return render(prepared, frames, mode, false, options.imageBase ?? 1);
}

/**
 * The cells a picture gets in a pane of `columns` × `rows`: as wide as the buddy column allows
 * (components/layout.ts: 42% of the width up to 44 in two columns), as tall as leaves the needs
 * bars and a bubble room, keeping the frame's shape (a cell is two pixels high).
 */
export function pictureCellsFor(columns: number, rows: number, frame: { width: number; height: number }): CellSize {
  const twoColumns = columns >= 76;
  const maxWidth = Math.max(
    4,
    Math.min(40, (twoColumns ? Math.min(44, Math.floor((columns - 1) * 0.42)) : columns - 1) - 4),
  );
  const maxHeight = Math.max(3, rows - (twoColumns ? 11 : 14));
  let width = maxWidth;
  let height = Math.ceil((width * frame.height) / frame.width / 2);
  if (height > maxHeight) {
    height = maxHeight;
    width = Math.max(2, Math.round((height * 2 * frame.width) / frame.height));
  }
  return { width, height };
}
