#!/usr/bin/env node
// Draws an original sample Codex pet, "Mochi", that the package ships in examples/pets/mochi for
// the README's picture pet and its screenshot (buddy-tui ships no one else's art): a round,
// outlined creature in Codex's 8 × 9 grid of 192×208 frames, one pose per row (idle breathing,
// running bobbing, waving arm, failed greyed with closed eyes, waiting with raised eyebrows...).
// Writes <dir>/mochi/pet.json and spritesheet.webp.
// Usage: node scripts/screenshot/sample-pet.mjs examples/pets   (rewrites the shipped sample)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const [W, H, COLUMNS, ROWS] = [192, 208, 8, 9];
const OUTLINE = [40, 34, 48];
// Body colour by row: idle, running-right, running-left, waving, jumping, failed, waiting, running, review.
const BODY = [
  [250, 214, 226],
  [250, 214, 226],
  [250, 214, 226],
  [250, 214, 226],
  [255, 226, 150],
  [176, 184, 204],
  [250, 214, 226],
  [250, 214, 226],
  [200, 230, 255],
];

function pixel(row, column, x, y) {
  const bob =
    row === 0
      ? Math.round(Math.sin((column / 6) * Math.PI * 2) * 3)
      : [1, 2, 7].includes(row)
        ? (column % 2) * 8
        : row === 4
          ? -Math.round(Math.sin((column / 5) * Math.PI) * 30)
          : 0;
  const cx = 96 + (row === 1 ? column : row === 2 ? -column : 0);
  const cy = 126 + bob;
  const d = ((x - cx) / 72) ** 2 + ((y - cy) / 66) ** 2;
  // The waving arm: a small outlined circle that moves up and down beside the body.
  if (row === 3) {
    const arm = ((x - (cx + 74)) / 16) ** 2 + ((y - (cy - 30 - (column % 2) * 22)) / 16) ** 2;
    if (arm < 1) return arm > 0.6 ? [...OUTLINE, 255] : [...BODY[row], 255];
  }
  if (d >= 1) return [0, 0, 0, 0];
  if (d > 0.86) return [...OUTLINE, 255];
  const eyeY = cy - 10 - (row === 6 ? 4 : 0);
  for (const ex of [cx - 26, cx + 26]) {
    const eye = ((x - ex) / 9) ** 2 + ((y - eyeY) / 12) ** 2;
    if (row === 5 && Math.abs(y - eyeY) < 2 && Math.abs(x - ex) < 11) return [...OUTLINE, 255];
    if (row !== 5 && eye < 1)
      return ((x - ex + 3) / 4) ** 2 + ((y - eyeY + 5) / 4) ** 2 < 1 ? [255, 255, 255, 255] : [...OUTLINE, 255];
    if (row === 6 && Math.abs(y - (eyeY - 20)) < 2 && Math.abs(x - ex) < 12) return [...OUTLINE, 255];
  }
  for (const ex of [cx - 44, cx + 44])
    if (((x - ex) / 12) ** 2 + ((y - (cy + 12)) / 7) ** 2 < 1) return [246, 150, 170, 255];
  const mouth = Math.hypot(x - cx, y - (cy + 6));
  if (row !== 5 && mouth > 9 && mouth < 12 && y > cy + 8) return [...OUTLINE, 255];
  if (row === 5 && mouth > 9 && mouth < 12 && y < cy + 14 && y > cy + 6) return [...OUTLINE, 255];
  const shade = y < cy - 40 ? 1.04 : y > cy + 40 ? 0.9 : 1;
  return [...BODY[row].map((c) => Math.min(255, Math.round(c * shade))), 255];
}

const dir = join(process.argv[2] ?? '.', 'mochi');
mkdirSync(dir, { recursive: true });
const data = Buffer.alloc(W * COLUMNS * H * ROWS * 4);
for (let y = 0; y < H * ROWS; y += 1) {
  for (let x = 0; x < W * COLUMNS; x += 1)
    data.set(pixel(Math.floor(y / H), Math.floor(x / W), x % W, y % H), (y * W * COLUMNS + x) * 4);
}
await sharp(data, { raw: { width: W * COLUMNS, height: H * ROWS, channels: 4 } })
  .webp({ quality: 90 })
  .toFile(join(dir, 'spritesheet.webp'));
writeFileSync(
  join(dir, 'pet.json'),
  `${JSON.stringify({ id: 'mochi', displayName: 'Mochi', description: 'A round, soft sample pet drawn by buddy-tui for its README.' }, null, 2)}\n`,
);
process.stdout.write(`wrote ${dir}\n`);
