/**
 * Spritesheets made in the tests themselves, with sharp (so no third-party art is in the repo):
 * every frame a solid square of its row's colour on a transparent margin, in Codex's grid.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export type Rgb = [number, number, number];

/**
 * One colour a row: idle red, running-right/left, waving, jumping, failed, waiting, running,
 * review. Every channel is one the cells keep as it is (4 more than a multiple of 8).
 */
export const ROW_COLORS: Rgb[] = [
  [220, 44, 44],
  [44, 196, 60],
  [44, 60, 220],
  [228, 196, 28],
  [196, 44, 196],
  [28, 196, 212],
  [252, 140, 20],
  [124, 84, 28],
  [164, 164, 164],
];

export interface SheetOptions {
  frameWidth?: number;
  frameHeight?: number;
  columns?: number;
  rows?: number;
  /** Transparent pixels around each frame's square. */
  margin?: number;
  format?: 'png' | 'webp';
}

export function sheetPixels(options: SheetOptions = {}): { data: Buffer; width: number; height: number } {
  const { frameWidth = 192, frameHeight = 208, columns = 8, rows = 9, margin = 24 } = options;
  const width = frameWidth * columns;
  const height = frameHeight * rows;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const inY = y % frameHeight;
    const color = ROW_COLORS[Math.floor(y / frameHeight) % ROW_COLORS.length];
    for (let x = 0; x < width; x += 1) {
      const inX = x % frameWidth;
      if (inX < margin || inX >= frameWidth - margin || inY < margin || inY >= frameHeight - margin) continue;
      const i = (y * width + x) * 4;
      data[i] = color[0];
      data[i + 1] = color[1];
      data[i + 2] = color[2];
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

export async function sheetBytes(options: SheetOptions = {}): Promise<Buffer> {
  const { data, width, height } = sheetPixels(options);
  const image = sharp(data, { raw: { width, height, channels: 4 } });
  return options.format === 'webp' ? image.webp({ lossless: true }).toBuffer() : image.png().toBuffer();
}

/** `<petsDir>/<id>/pet.json` and its spritesheet; returns the pet's folder. */
export async function writeCodexPet(
  petsDir: string,
  id: string,
  manifest: Record<string, unknown> = {},
  options: SheetOptions = {},
): Promise<string> {
  const folder = join(petsDir, id);
  mkdirSync(folder, { recursive: true });
  const sheet = (manifest.spritesheetPath as string | undefined) ?? 'spritesheet.webp';
  writeFileSync(join(folder, sheet), await sheetBytes({ format: sheet.endsWith('.png') ? 'png' : 'webp', ...options }));
  writeFileSync(
    join(folder, 'pet.json'),
    JSON.stringify({ id, displayName: id.charAt(0).toUpperCase() + id.slice(1), ...manifest }),
  );
  return folder;
}

/** Every 24-bit foreground and background colour in a line with SGR codes, cell by cell. */
export function cellColors(line: string): Array<{ glyph: string; fg?: Rgb; bg?: Rgb }> {
  const cells: Array<{ glyph: string; fg?: Rgb; bg?: Rgb }> = [];
  let fg: Rgb | undefined;
  let bg: Rgb | undefined;
  for (const part of line.split(/(\x1b\[[0-9;]*m)/)) {
    const sgr = /^\x1b\[([0-9;]*)m$/.exec(part);
    if (!sgr) {
      for (const glyph of part) cells.push({ glyph, fg, bg });
      continue;
    }
    const codes = sgr[1].split(';').map(Number);
    for (let i = 0; i < codes.length; i += 1) {
      const code = codes[i];
      if (code === 0 || sgr[1] === '') [fg, bg] = [undefined, undefined];
      else if (code === 39) fg = undefined;
      else if (code === 49) bg = undefined;
      else if ((code === 38 || code === 48) && codes[i + 1] === 2) {
        const color: Rgb = [codes[i + 2], codes[i + 3], codes[i + 4]];
        if (code === 38) fg = color;
        else bg = color;
        i += 4;
      } else if ((code === 38 || code === 48) && codes[i + 1] === 5) i += 2;
    }
  }
  return cells;
}

/** A cell filled with one colour: █ in it, or ▀ with it above and below. */
export const solidColor = (cell: { glyph: string; fg?: Rgb; bg?: Rgb }): Rgb | undefined =>
  cell.glyph === '█'
    ? cell.fg
    : cell.glyph === '▀' && cell.fg && cell.bg && near(cell.fg, cell.bg, 0)
      ? cell.fg
      : undefined;

export const near = (a: Rgb | undefined, b: Rgb, tolerance = 3) =>
  a !== undefined && a.every((value, i) => Math.abs(value - b[i]) <= tolerance);
