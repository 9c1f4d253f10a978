/**
 * Decoding a spritesheet and bringing it down to the cells the pane gives the sprite, with
 * sharp (libvips): one pipeline decodes and resizes the whole sheet (WebP and JPEG shrink while
 * they load; then a Lanczos-3 pass), so every frame lands on exactly w × 2h pixels. sharp is
 * imported here only, lazily, so nothing but the pane's first use of a picture pet pays its
 * load time (docs/species.md has the numbers and the comparison with a wasm decoder).
 */
import { createRequire } from 'node:module';
import { PictureError } from './picture-file.js';
import { MAX_PICTURE_FRAMES, type PictureGrid } from './picture-manifest.js';

export interface PixelFrames {
  /** Pixels across a frame (one per cell). */
  width: number;
  /** Pixels down a frame (two per cell: half-blocks). */
  height: number;
  /** RGBA, width × height × 4, by sprite index; only the indices asked for. */
  frames: Map<number, Uint8Array>;
}

type Sharp = typeof import('sharp')['default'];
let sharpModule: Promise<Sharp> | undefined;

/**
 * sharp's CommonJS build, not its ES modules: Node loads the same code in half the time through
 * `require` (about 50 ms against 105 ms for `import('sharp')` on Node 20; docs/species.md).
 */
export function loadSharp(): Promise<Sharp> {
  sharpModule ??= Promise.resolve().then(() => createRequire(import.meta.url)('sharp') as Sharp);
  return sharpModule;
}

/** Checks the sheet against the grid: exactly covered, at most 256 frames. */
export function gridProblem(imageWidth: number, imageHeight: number, grid: PictureGrid): string | undefined {
  if (grid.columns * grid.rows > MAX_PICTURE_FRAMES)
    return `the grid has ${grid.columns * grid.rows} frames; at most ${MAX_PICTURE_FRAMES}`;
  const coverWidth = grid.columns * grid.width;
  const coverHeight = grid.rows * grid.height;
  if (imageWidth !== coverWidth || imageHeight !== coverHeight) {
    return `the spritesheet is ${imageWidth}×${imageHeight}, but its grid (${grid.columns} × ${grid.rows} frames of ${grid.width}×${grid.height}) covers ${coverWidth}×${coverHeight}`;
  }
  return undefined;
}

/**
 * The frames at `indices`, each `cells.width` pixels wide and `cells.height * 2` high.
 * Throws a PictureError naming `file` for a corrupt image or a grid that does not fit it.
 */
export async function decodeFrames(
  file: string,
  bytes: Buffer,
  grid: PictureGrid,
  cells: { width: number; height: number },
  indices: readonly number[],
): Promise<PixelFrames> {
  const sharp = await loadSharp();
  const width = cells.width;
  const height = cells.height * 2;
  let meta;
  try {
    // limitInputPixels: a sheet that claims a giant size is refused before it is decoded.
    meta = await sharp(bytes, { limitInputPixels: 4096 * 4096 * 4 }).metadata();
  } catch (error) {
    throw new PictureError(file, `is not an image sharp can read (${(error as Error).message})`);
  }
  const problem = gridProblem(meta.width ?? 0, meta.height ?? 0, grid);
  if (problem) throw new PictureError(file, problem);
  let data: Buffer;
  try {
    data = await sharp(bytes, { limitInputPixels: 4096 * 4096 * 4 })
      .ensureAlpha()
      .resize(grid.columns * width, grid.rows * height, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer();
  } catch (error) {
    throw new PictureError(file, `could not be decoded (${(error as Error).message})`);
  }
  const stride = grid.columns * width * 4;
  const frames = new Map<number, Uint8Array>();
  for (const index of new Set(indices)) {
    const column = index % grid.columns;
    const row = Math.floor(index / grid.columns);
    if (row >= grid.rows) continue;
    const frame = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y += 1) {
      const start = (row * height + y) * stride + column * width * 4;
      frame.set(data.subarray(start, start + width * 4), y * width * 4);
    }
    frames.set(index, frame);
  }
  return { width, height, frames };
}
