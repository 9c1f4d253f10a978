/**
 * Picture-pet benchmarks (issue 28), on 1536×1872 lossy WebPs made here: cartoon frames (flat
 * shades, outlines, eyes), and gradients for the worst case (a colour change at every cell):
 * - decode and downsample on first use, in a fresh process, sharp's import included (goal ≤ 150 ms);
 * - the same frames from the cache (what every later start pays);
 * - one frame of the pane's sprite through Ink, picture pet against the cat's ASCII frame (goal ≤ 1x),
 *   also with React's production build, and for scale the cat's art tiled to the picture's size;
 * - the built pane's first frame with a picture pet (cache warm, and cold) against an ASCII pet.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { hatchPet } from '../src/pet/hatch.js';
import { savePet } from '../src/pet/pet-file.js';
import { loadPicture, loadPictureCached } from '../src/species/picture-load.js';
import { parsePictureManifest } from '../src/species/picture-manifest.js';
import { createSpeciesRegistry } from '../src/species/species-registry.js';
import { spriteViewOf } from '../src/tui/species-view.js';
import { REPO_ROOT, formatMs, median, type BenchRow } from './measure.js';
import { PaneProcess, scratch } from './pane-process.js';
import { framesMs, productionFramesMs, tiledTo } from './sprite-frames.js';

const TRUECOLOR = { kind: 'cells', colors: 'truecolor' } as const;
const CELLS = { width: 24, height: 13 };

const BODY = [
  [220, 80, 60],
  [80, 180, 90],
  [70, 110, 220],
  [230, 200, 60],
  [190, 90, 200],
  [60, 190, 200],
  [240, 150, 50],
  [150, 100, 60],
  [170, 170, 170],
];

/** One pixel of a cartoon pet (flat body, three shades, a dark outline, two eyes) or, with `gradient`, a colour change at every pixel. */
function petPixel(x: number, y: number, gradient: boolean): [number, number, number, number] {
  const inX = x % 192;
  const inY = y % 208;
  if (gradient)
    return [
      (inX * 4) & 255,
      (inY * 3) & 255,
      ((x + y) >> 3) & 255,
      inX > 16 && inX < 176 && inY > 8 && inY < 200 ? 255 : 0,
    ];
  const d = ((inX - 96) / 70) ** 2 + ((inY - 112) / 86) ** 2;
  if (d >= 1) return [0, 0, 0, 0];
  if (d > 0.82) return [30, 30, 40, 255];
  if ((inX - 70) ** 2 + (inY - 92) ** 2 < 80 || (inX - 122) ** 2 + (inY - 92) ** 2 < 80) return [20, 20, 20, 255];
  const [r, g, b] = BODY[Math.floor(y / 208) % BODY.length];
  const shade = inY < 80 ? 1.15 : inY < 150 ? 1 : 0.8;
  return [Math.min(255, r * shade), Math.min(255, g * shade), Math.min(255, b * shade), 255];
}

/** A Codex pet folder with a 1536×1872 lossy WebP (as the gallery's are) of cartoon or gradient frames. */
async function benchPet(folder: string, gradient: boolean): Promise<void> {
  const width = 1536;
  const height = 1872;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(petPixel(x, y, gradient), (y * width + x) * 4);
  }
  mkdirSync(folder, { recursive: true });
  await sharp(data, { raw: { width, height, channels: 4 } })
    .webp({ quality: 85 })
    .toFile(join(folder, 'spritesheet.webp'));
  writeFileSync(join(folder, 'pet.json'), JSON.stringify({ id: 'bench', displayName: 'Bench' }));
}

/** First use in a fresh process: load sharp as the pane does (picture-decode.ts), read, decode, downsample, draw the lines. */
function firstUseMs(folder: string): { total: number; sharpImport: number } {
  // The modules load first, untimed (the pane has them in its bundle); then sharp, as the pane loads it.
  const script = `
    const { loadSharp } = await import(${JSON.stringify(join(REPO_ROOT, 'src/species/picture-decode.ts'))});
    const { loadPicture } = await import(${JSON.stringify(join(REPO_ROOT, 'src/species/picture-load.ts'))});
    const { parsePictureManifest } = await import(${JSON.stringify(join(REPO_ROOT, 'src/species/picture-manifest.ts'))});
    const manifest = parsePictureManifest({}).manifest;
    const t0 = performance.now();
    await loadSharp();
    const t1 = performance.now();
    await loadPicture({ folder: ${JSON.stringify(folder)}, manifest }, ${JSON.stringify(CELLS)}, { kind: 'cells', colors: 'truecolor' });
    const t2 = performance.now();
    process.stdout.write(JSON.stringify({ total: t2 - t0, sharpImport: t1 - t0 }));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out) as { total: number; sharpImport: number };
}

/** Spawn to the first frame showing `marker`, for each of `runs` starts on one state root (so the cache is warm after the first). */
async function paneFirstFramesMs(
  species: string,
  env: Record<string, string>,
  marker: string,
  runs: number,
): Promise<number[]> {
  const s = scratch('picture');
  try {
    savePet(
      join(s.base, 'state', 'buddy-tui', 'pet.json'),
      hatchPet({ seed: 'bench', speciesIds: ['cat'], species, name: 'Bench', now: Date.now() }),
    );
    Object.assign(s.env, env);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const start = performance.now();
      const pane = new PaneProcess(s);
      try {
        times.push((await pane.waitFor(marker, 20_000)) - start);
      } finally {
        await pane.stop();
      }
    }
    return times;
  } finally {
    rmSync(s.base, { recursive: true, force: true });
  }
}

export async function bench(): Promise<BenchRow[]> {
  const base = mkdtempSync(join(tmpdir(), 'buddy-bench-pictures-'));
  const folder = join(base, 'codex', 'pets', 'cartoon');
  const gradientFolder = join(base, 'codex', 'pets', 'gradient');
  try {
    await benchPet(folder, false);
    await benchPet(gradientFolder, true);
    const firstUse = Array.from({ length: 5 }, () => firstUseMs(folder));
    const firstMs = median(firstUse.map((run) => run.total));
    const importMs = median(firstUse.map((run) => run.sharpImport));

    const manifest = parsePictureManifest({}).manifest!;
    const stateRoot = join(base, 'root');
    mkdirSync(stateRoot, { recursive: true, mode: 0o700 });
    const loaded = await loadPicture({ folder, manifest }, CELLS, TRUECOLOR, { stateRoot });
    const cacheSamples = Array.from({ length: 20 }, () => {
      const start = performance.now();
      loadPictureCached({ folder, manifest }, CELLS, TRUECOLOR, { stateRoot });
      return performance.now() - start;
    });

    const cat = createSpeciesRegistry().get('cat')!.species;
    const ascii = spriteViewOf(cat);
    const asPicture = (lines: Map<number, string[]>) => ({
      ...ascii,
      picture: {
        key: 'bench',
        cells: CELLS,
        lines: Object.fromEntries(lines),
        animations: manifest.animations,
        greetUntil: 0,
      },
    });
    const picture = asPicture(loaded.lines);
    const gradient = asPicture((await loadPicture({ folder: gradientFolder, manifest }, CELLS, TRUECOLOR)).lines);
    // Interleaved, so the machine's load weighs on all alike.
    const [asciiFrame, pictureFrame, gradientFrame, tiledFrame] = framesMs([
      ascii,
      picture,
      gradient,
      tiledTo(ascii, CELLS),
    ]);
    const [asciiBuilt, pictureBuilt] = productionFramesMs([ascii, picture], base);

    const codexEnv = { CODEX_HOME: join(base, 'codex'), BUDDY_TUI_PICTURES: 'truecolor' };
    const asciiStart = median(await paneFirstFramesMs('cat', {}, 'Bench', 5));
    const [coldStart, ...warmStarts] = await paneFirstFramesMs('codex:cartoon', codexEnv, '▀', 6);
    const warmStart = median(warmStarts);
    return [
      {
        area: 'picture',
        name: 'decode + downsample one pet on first use (fresh process, sharp import included)',
        value: `${formatMs(firstMs)} (sharp import ${formatMs(importMs)})`,
        goal: '<= 150 ms',
        ok: firstMs <= 150,
      },
      {
        area: 'picture',
        name: 'the same frames from the cache (every later start)',
        value: formatMs(median(cacheSamples)),
      },
      {
        area: 'picture',
        name: `one sprite frame through Ink: picture pet (${CELLS.width}×${CELLS.height} cells) / ASCII cat`,
        value: `${(pictureFrame / asciiFrame).toFixed(2)}x (${formatMs(pictureFrame)} / ${formatMs(asciiFrame)})`,
        goal: '<= 1x',
        ok: pictureFrame <= asciiFrame,
      },
      {
        area: 'picture',
        name: 'the same, worst case (a colour change at every cell) / ASCII cat',
        value: `${(gradientFrame / asciiFrame).toFixed(2)}x (${formatMs(gradientFrame)})`,
      },
      {
        area: 'picture',
        name: `the same with React's production build (as the built pane runs) / ASCII cat`,
        value: `${(pictureBuilt / asciiBuilt).toFixed(2)}x (${formatMs(pictureBuilt)} / ${formatMs(asciiBuilt)})`,
      },
      {
        area: 'picture',
        name: `for scale: the cat's art tiled to ${CELLS.width}×${CELLS.height} characters / ASCII cat (the picture / it)`,
        value: `${(tiledFrame / asciiFrame).toFixed(2)}x (${formatMs(tiledFrame)}; ${(pictureFrame / tiledFrame).toFixed(2)}x)`,
      },
      {
        area: 'picture',
        name: 'pane first frame: picture pet from the cache / ASCII pet',
        value: `${(warmStart / asciiStart).toFixed(2)}x (${formatMs(warmStart)} / ${formatMs(asciiStart)})`,
        goal: '<= 1.25x',
        ok: warmStart <= asciiStart * 1.25,
      },
      {
        area: 'picture',
        name: 'pane first picture frame, cache cold (decoded on first use) / ASCII pet',
        value: `${(coldStart / asciiStart).toFixed(2)}x (${formatMs(coldStart)} / ${formatMs(asciiStart)})`,
      },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
