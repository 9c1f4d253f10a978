/**
 * The kitty graphics protocol with Unicode placeholders: each frame is sent once as an image
 * with a virtual placement (q=2: the terminal answers nothing), and the pane draws it as ordinary
 * text, U+10EEEE in every cell with row and column diacritics and the image id as the foreground
 * colour. Ink lays that text out and diffs it like any other, so frames change by changing text,
 * and nothing is drawn at a cursor position behind Ink's back. kitty and Ghostty support it.
 */
import { deflateSync } from 'node:zlib';

export const PLACEHOLDER = String.fromCodePoint(0x10eeee);

/** kitty's rowcolumn-diacritics, the first 64 (rows and columns up to 64 cells). */
const DIACRITICS = [
  0x0305, 0x030d, 0x030e, 0x0310, 0x0312, 0x033d, 0x033e, 0x033f, 0x0346, 0x034a, 0x034b, 0x034c, 0x0350, 0x0351,
  0x0352, 0x0357, 0x035b, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369, 0x036a, 0x036b, 0x036c, 0x036d,
  0x036e, 0x036f, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599,
  0x059c, 0x059d, 0x059e, 0x059f, 0x05a0, 0x05a1, 0x05a8, 0x05a9, 0x05ab, 0x05ac, 0x05af, 0x05c4, 0x0610, 0x0611,
  0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658,
].map((point) => String.fromCodePoint(point));

export const MAX_KITTY_CELLS = DIACRITICS.length;
/** Pixels per cell sent to the terminal: enough detail for a sprite, little to send. */
export const KITTY_CELL_PIXELS = { width: 4, height: 8 } as const;

/** The image id of a sprite index for one pet and size: a base in 24 bits, so the colour carries it. */
export const kittyImageId = (base: number, index: number) => ((base & 0xffff) << 8) | (index & 0xff) || 1;

/** The APC sequence that transmits one frame (raw RGBA, deflated, base64 in 4096-byte chunks) with a virtual placement. */
export function kittyTransmit(
  id: number,
  rgba: Uint8Array,
  pixels: { width: number; height: number },
  cells: { width: number; height: number },
): string {
  const payload = deflateSync(rgba).toString('base64');
  const chunks = payload.match(/.{1,4096}/gs) ?? [''];
  return chunks
    .map((chunk, i) => {
      const more = i < chunks.length - 1 ? 1 : 0;
      const keys =
        i === 0
          ? `a=T,U=1,q=2,f=32,o=z,i=${id},s=${pixels.width},v=${pixels.height},c=${cells.width},r=${cells.height},m=${more}`
          : `q=2,m=${more}`;
      return `\x1b_G${keys};${chunk}\x1b\\`;
    })
    .join('');
}

/** The placeholder lines for an image: every cell carries its row and column, the id is the colour. */
export function kittyLines(id: number, cells: { width: number; height: number }): string[] {
  const color = `\x1b[38;2;${(id >> 16) & 255};${(id >> 8) & 255};${id & 255}m`;
  return Array.from({ length: Math.min(cells.height, MAX_KITTY_CELLS) }, (_, row) => {
    let line = color;
    for (let column = 0; column < Math.min(cells.width, MAX_KITTY_CELLS); column += 1)
      line += PLACEHOLDER + DIACRITICS[row] + DIACRITICS[column];
    return `${line}\x1b[39m`;
  });
}

/** Deletes the images of one pet and size (a reload or a new size sends them again). */
export const kittyDelete = (ids: readonly number[]) => ids.map((id) => `\x1b_Ga=d,d=I,q=2,i=${id}\x1b\\`).join('');
