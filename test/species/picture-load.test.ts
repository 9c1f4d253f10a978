/**
 * A picture pet from its spritesheet to the lines the pane draws: decoded and downsampled with
 * sharp, cached under the state root, drawn in 24-bit, 256 and 16 colours or as kitty
 * placeholders; every bad file refused with a message naming it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PictureCell, type Rgb, cellsOf, linesOf } from '../../src/species/picture-cells.js';
import { decodeFrames } from '../../src/species/picture-decode.js';
import { PLACEHOLDER } from '../../src/species/picture-kitty.js';
import { loadPicture, loadPictureCached, pictureCellsFor } from '../../src/species/picture-load.js';
import { parsePictureManifest } from '../../src/species/picture-manifest.js';
import { ROW_COLORS, cellColors, sheetBytes, writeCodexPet } from '../support/picture-sheet.js';
import { makeTempDir } from '../support/temp-dir.js';

const TRUECOLOR = { kind: 'cells', colors: 'truecolor' } as const;
const cells = { width: 16, height: 9 };

async function pet(manifest: Record<string, unknown> = {}, options = {}) {
  const dir = makeTempDir('buddy-picture-');
  const folder = await writeCodexPet(join(dir, 'pets'), 'chefito', manifest, options);
  return { dir, folder, manifest: parsePictureManifest(manifest).manifest! };
}

describe('picture load', () => {
  it('draws each row in its colour as half-blocks, and a second load comes from the cache', async () => {
    const { dir, folder, manifest } = await pet();
    const stateRoot = join(dir, 'root');
    const first = await loadPicture({ folder, manifest }, cells, TRUECOLOR, { stateRoot });
    expect(first.fromCache).toBe(false);
    for (const [animation, row] of [
      ['idle', 0],
      ['running', 7],
      ['waiting', 6],
      ['failed', 5],
    ] as const) {
      const lines = first.lines.get(manifest.animations[animation].frames[0])!;
      expect(lines).toHaveLength(cells.height);
      const middle = cellColors(lines[4]);
      expect(middle).toHaveLength(cells.width);
      // Inside the square: a full block in the row's colour; the margin is blank.
      expect(middle[8]).toEqual({ glyph: '█', fg: ROW_COLORS[row], bg: undefined });
      expect(middle[0]).toEqual({ glyph: ' ', fg: undefined, bg: undefined });
    }
    expect(readdirSync(join(stateRoot, 'pictures.cache'))).toHaveLength(1);
    const again = loadPictureCached({ folder, manifest }, cells, TRUECOLOR, { stateRoot });
    expect(again?.fromCache).toBe(true);
    expect(again!.lines.get(0)).toEqual(first.lines.get(0));
    expect((await loadPicture({ folder, manifest }, cells, TRUECOLOR, { stateRoot })).fromCache).toBe(true);
    // Another size is another cache entry.
    expect(
      loadPictureCached({ folder, manifest }, { width: 20, height: 11 }, TRUECOLOR, { stateRoot }),
    ).toBeUndefined();
  });

  it('falls back to 256 and 16 colours', async () => {
    const { folder, manifest } = await pet();
    const x256 = await loadPicture({ folder, manifest }, cells, { kind: 'cells', colors: '256' });
    // Red (220, 44, 44) is cube colour 16 + 36·4 + 6·0 + 0 = 160.
    expect(x256.lines.get(0)![4]).toContain('\x1b[38;5;160m███');
    expect(x256.lines.get(0)![4]).not.toContain('38;2;');
    const x16 = await loadPicture({ folder, manifest }, cells, { kind: 'cells', colors: '16' });
    expect(x16.lines.get(0)![4]).toContain('\x1b[31m███');
    // Brown (124, 84, 28) is nearest bright black, orange (252, 140, 20) nearest yellow.
    expect(x16.lines.get(56)![4]).toContain('\x1b[90m███');
    expect(x16.lines.get(48)![4]).toContain('\x1b[33m███');
    // A cell with two colours (the square's edge, where the resize blends): ▀ with a foreground and a background code.
    const edges = await loadPicture({ folder, manifest }, { width: 16, height: 8 }, { kind: 'cells', colors: '16' });
    expect(edges.lines.get(0)!.join('\n')).toMatch(/\x1b\[(3|9)\d;(4|10)\dm▀/);
  });

  it('writes the kitty graphics protocol: each frame sent once, drawn with Unicode placeholders', async () => {
    const { folder, manifest } = await pet();
    const kitty = await loadPicture({ folder, manifest }, cells, { kind: 'kitty' }, { imageBase: 3 });
    expect(kitty.transmit).toMatch(/^\x1b_Ga=T,U=1,q=2,f=32,o=z,i=768,s=64,v=72,c=16,r=9,m=[01];[A-Za-z0-9+/=]+\x1b\\/);
    expect(kitty.imageIds).toContain(768);
    const line = kitty.lines.get(0)![0];
    expect(line.startsWith('\x1b[38;2;0;3;0m')).toBe(true);
    expect([...line].filter((char) => char === PLACEHOLDER)).toHaveLength(16);
  });

  it('sizes the picture to the room of the buddy column', () => {
    expect(pictureCellsFor(80, 24, { width: 192, height: 208 })).toEqual({ width: 24, height: 13 });
    expect(pictureCellsFor(120, 40, { width: 192, height: 208 })).toEqual({ width: 40, height: 22 });
  });

  it.each([
    [
      'a sheet of the wrong size',
      { frame: { width: 100 } },
      {},
      /is 1536×1872, but its grid \(8 × 9 frames of 100×208\) covers 800×1872/,
    ],
    ['a grid that does not cover the sheet', {}, { rows: 8 }, /is 1536×1664, but its grid .* covers 1536×1872/],
  ])('refuses %s, naming the file', async (_what, manifest, options, message) => {
    const { folder, manifest: parsed } = await pet(manifest, options);
    const error = await loadPicture({ folder, manifest: parsed }, cells, TRUECOLOR).catch((e: Error) => e);
    expect(String(error)).toContain(join(folder, 'spritesheet.webp'));
    expect(String(error)).toMatch(message);
  });

  it('refuses a corrupt image, a symlink, a FIFO, a huge file and a sheet outside the folder', async () => {
    const { dir, folder, manifest } = await pet();
    const sheet = join(folder, 'spritesheet.webp');
    const source = { folder, manifest };
    const failure = async () => String(await loadPicture(source, cells, TRUECOLOR).catch((e: Error) => e));

    writeFileSync(sheet, Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '), Buffer.alloc(64, 7)]));
    expect(await failure()).toMatch(new RegExp(`${sheet}: (is not an image sharp can read|could not be decoded)`));

    execFileSync('rm', [sheet]);
    writeFileSync(join(dir, 'real.webp'), await sheetBytes({ format: 'webp' }));
    symlinkSync(join(dir, 'real.webp'), sheet);
    expect(await failure()).toContain(`${sheet}: is a symlink`);

    execFileSync('rm', [sheet]);
    execFileSync('mkfifo', [sheet]);
    expect(await failure()).toContain(`${sheet}: is not a regular file (a FIFO)`);

    execFileSync('rm', [sheet]);
    writeFileSync(sheet, '');
    truncateSync(sheet, 17 * 1024 * 1024);
    expect(await failure()).toContain(`${sheet}: is 17825792 bytes, the limit is 16777216`);

    // A folder inside the pet that is a symlink out of it.
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(dir, 'elsewhere', 'sheet.webp'), await sheetBytes({ format: 'webp' }));
    symlinkSync(join(dir, 'elsewhere'), join(folder, 'art'));
    const outside = parsePictureManifest({ spritesheetPath: 'art/sheet.webp' }).manifest!;
    expect(String(await loadPicture({ folder, manifest: outside }, cells, TRUECOLOR).catch((e: Error) => e))).toContain(
      "is outside the pet's folder",
    );
    const dotted = { ...manifest, spritesheetPath: '../real.webp' };
    expect(String(await loadPicture({ folder, manifest: dotted }, cells, TRUECOLOR).catch((e: Error) => e))).toContain(
      'no ".."',
    );
  });

  it('refuses a grid of more than 256 frames at decode too', async () => {
    const bytes = await sheetBytes({ frameWidth: 4, frameHeight: 4, columns: 17, rows: 16, margin: 0, format: 'png' });
    const error = await decodeFrames(
      '/x/sheet.png',
      bytes,
      { width: 4, height: 4, columns: 17, rows: 16 },
      cells,
      [0],
    ).catch((e: Error) => e);
    expect(String(error)).toContain('/x/sheet.png: the grid has 272 frames; at most 256');
  });

  it('draws transparent halves as the background (▄ for a bottom-only cell) and two colours as ▀', () => {
    const rgba = new Uint8Array([0, 0, 0, 0, 10, 20, 30, 255, 200, 0, 0, 255, 10, 20, 30, 255]);
    // Colours snap to 32 levels a channel: 10, 20, 30 is drawn 12, 20, 28.
    expect(cellsOf(rgba.subarray(0, 8), 1, 2)).toEqual([[{ glyph: '▄', bottom: [12, 20, 28] }]]);
    expect(cellsOf(rgba.subarray(8), 1, 2)).toEqual([[{ glyph: '▀', top: [204, 4, 4], bottom: [12, 20, 28] }]]);
  });

  it('says only what changes from one cell to the next, and every cell keeps its colours', () => {
    // Cells of every kind in a changing order, colours repeating so that some codes are left out.
    const palette: Rgb[] = [
      [12, 20, 28],
      [204, 4, 4],
      [252, 140, 20],
    ];
    const kinds = ['▀', '▀', '█', '▄', ' ', '▀', '█', '█', '▄', '▀'] as const;
    const row: PictureCell[] = Array.from({ length: 40 }, (_, i) => {
      const glyph = kinds[(i * 7) % kinds.length];
      const top = palette[i % 3];
      const bottom = palette[(i >> 1) % 3];
      if (glyph === '▀') return i % 4 === 0 ? { glyph, top } : { glyph, top, bottom };
      if (glyph === '█') return { glyph, top, bottom: top };
      if (glyph === '▄') return { glyph, bottom };
      return { glyph };
    });
    const [line] = linesOf([row], 'truecolor');
    // What the terminal shows at each cell: the glyph, and the colours the codes before it left set.
    expect(cellColors(line)).toEqual(
      row.map((cell) => ({
        glyph: cell.glyph,
        fg: cell.glyph === '▄' ? cell.bottom : cell.glyph === ' ' ? undefined : cell.top,
        bg: cell.glyph === '▀' ? cell.bottom : undefined,
      })),
    );
    expect(line).not.toContain('\x1b[0;');
    expect(line.endsWith('\x1b[0m')).toBe(true);
  });
});
