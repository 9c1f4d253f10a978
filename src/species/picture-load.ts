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
  fromCache: boolean;
  sheetFile: string;
}

export interface LoadOptions {
  stateRoot?: string;
  /** The kitty images' id base (one per pet and size). */
  imageBase?: number;
}

async function framesFor(sheetFile: string, bytes: Buffer, source: PictureSource, pixels: CellSize, stateRoot?: string): Promise<{ frames: PixelFrames; fromCache: boolean }> {
  const indices = usedIndices(source.manifest.animations);
  const key = cacheKey(bytes, source.manifest.frame, pixels, indices);
  const cached = stateRoot ? readCachedFrames(stateRoot, key) : undefined;
  if (cached && indices.every((index) => cached.frames.has(index))) return { frames: cached, fromCache: true };
  const frames = await decodeFrames(sheetFile, bytes, source.manifest.frame, pixels, indices);
  if (stateRoot) {
    try {
      writeCachedFrames(stateRoot, key, frames);
    } catch {
      // A cache that cannot be written costs the next start a decode, nothing more.
    }
  }
  return { frames, fromCache: false };
}

export async function loadPicture(source: PictureSource, cells: CellSize, mode: Exclude<PictureMode, { kind: 'text' }>, options: LoadOptions = {}): Promise<LoadedPicture> {
  const { file: sheetFile, bytes } = readSheet(source.folder, source.manifest.spritesheetPath);
  const lines = new Map<number, string[]>();
  if (mode.kind === 'kitty') {
    const size = { width: Math.min(cells.width, MAX_KITTY_CELLS), height: Math.min(cells.height, MAX_KITTY_CELLS) };
    // Decoded at 4×8 pixels a cell: the decoder's "cells" are half-block cells, two pixels high.
    const { frames, fromCache } = await framesFor(sheetFile, bytes, source, { width: size.width * KITTY_CELL_PIXELS.width, height: (size.height * KITTY_CELL_PIXELS.height) / 2 }, options.stateRoot);
    let transmit = '';
    for (const [index, rgba] of frames.frames) {
      const id = kittyImageId(options.imageBase ?? 1, index);
      transmit += kittyTransmit(id, rgba, { width: frames.width, height: frames.height }, size);
      lines.set(index, kittyLines(id, size));
    }
    return { cells: size, lines, transmit, fromCache, sheetFile };
  }
  const { frames, fromCache } = await framesFor(sheetFile, bytes, source, cells, options.stateRoot);
  for (const [index, rgba] of frames.frames) lines.set(index, linesOf(cellsOf(rgba, frames.width, frames.height), mode.colors));
  return { cells, lines, fromCache, sheetFile };
}

/**
 * The cells a picture gets in a pane of `columns` × `rows`: as wide as the buddy column allows
 * (components/layout.ts: 42% of the width up to 44 in two columns), as tall as leaves the needs
 * bars and a bubble room, keeping the frame's shape (a cell is two pixels high).
 */
export function pictureCellsFor(columns: number, rows: number, frame: { width: number; height: number }): CellSize {
  const twoColumns = columns >= 76;
  const maxWidth = Math.max(4, Math.min(40, (twoColumns ? Math.min(44, Math.floor((columns - 1) * 0.42)) : columns - 1) - 4));
  const maxHeight = Math.max(3, rows - (twoColumns ? 11 : 14));
  let width = maxWidth;
  let height = Math.ceil((width * frame.height) / frame.width / 2);
  if (height > maxHeight) {
    height = maxHeight;
    width = Math.max(2, Math.round((height * 2 * frame.width) / frame.height));
  }
  return { width, height };
}
