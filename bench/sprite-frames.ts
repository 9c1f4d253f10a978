/**
 * One frame of the pane's sprite (components/BuddySprite.tsx) through Ink, in the 40-column box
 * of an 80-column pane: what bench/pictures.ts compares a picture pet's frame with an ASCII one by.
 * Ink's caches outlive the frame, as in the pane (src/tui/ink/ink-output-cache.ts).
 */
import { execFileSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { render } from 'ink';
import { BuddySprite } from '../components/BuddySprite.js';
import { type SafeText, toSafeText } from '../src/text/safe-text.js';
import { shareInkOutputCaches } from '../src/tui/ink/ink-output-cache.js';
import { REPO_ROOT, median } from './measure.js';

export type Sprite = Parameters<typeof BuddySprite>[0]['sprite'];

/** The ASCII sprite with each frame tiled to `cells` characters, a space between the copies across. */
export function tiledTo(sprite: Sprite, cells: { width: number; height: number }): Sprite {
  const tile = (frame: SafeText[]) => {
    const width = Math.max(1, ...frame.map((line) => line.length));
    return Array.from({ length: cells.height }, (_, y) => {
      const line = (frame[y % frame.length] ?? '').padEnd(width + 1);
      return toSafeText(line.repeat(Math.ceil(cells.width / line.length)).slice(0, cells.width));
    });
  };
  const frames = Object.fromEntries(Object.entries(sprite.frames).map(([mood, list]) => [mood, list.map(tile)]));
  return { ...sprite, frames, blink: sprite.blink && { ...sprite.blink, lines: tile(sprite.blink.lines) } };
}

/** Milliseconds an Ink render of each sprite takes per frame (median over `frames` ticks after as many to warm up), the sprites taking turns. */
export function framesMs(sprites: Sprite[], frames = 300): number[] {
  // The pane draws through Ink with its line caches kept across frames (start-tui.ts): so does this.
  shareInkOutputCaches();
  const renders = sprites.map((sprite) => {
    const sink = Object.assign(new EventEmitter(), { columns: 80, rows: 24, isTTY: false, write: () => true });
    const props = (tick: number) => ({
      sprite,
      mood: 'working',
      tick,
      now: tick * 125,
      mode: 'sprite' as const,
      width: 40,
      name: toSafeText('Bench'),
    });
    const instance = render(createElement(BuddySprite, props(0)), {
      stdout: sink as never,
      debug: true,
      patchConsole: false,
      exitOnCtrlC: false,
    });
    return { instance, props, samples: [] as number[] };
  });
  // The pane draws for hours: the first `frames` ticks warm the JIT and the caches and are not counted.
  for (let tick = 1; tick <= 2 * frames; tick += 1) {
    for (const one of renders) {
      const start = performance.now();
      one.instance.rerender(createElement(BuddySprite, one.props(tick)));
      if (tick > frames) one.samples.push(performance.now() - start);
    }
  }
  for (const one of renders) one.instance.unmount();
  return renders.map((one) => median(one.samples));
}

/**
 * The same in a child process with React's production build (NODE_ENV=production, as the built
 * pane runs; `npm run bench` has the development build loaded): the sprites go through a file.
 */
export function productionFramesMs(sprites: Sprite[], scratchDir: string): number[] {
  const file = join(scratchDir, 'sprites.json');
  writeFileSync(file, JSON.stringify(sprites));
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), file], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return JSON.parse(out) as number[];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sprites = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Sprite[];
  process.stdout.write(JSON.stringify(framesMs(sprites)));
}
