/**
 * The picture cache stays bounded (docs/species.md: 24 entries, 16 MB, 30 days), pruned by the
 * write of a new entry, and the prune never follows, opens or deletes anything that is not one of
 * its own regular files: not a symlink (nor what it points to), a FIFO or a folder in the cache,
 * nor anything when the cache folder itself is a symlink to the user's files.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheKey, readCachedFrames, writeCachedFrames } from '../../src/species/picture-cache.js';
import { loadPicture } from '../../src/species/picture-load.js';
import { type PictureGrid, parsePictureManifest } from '../../src/species/picture-manifest.js';
import { writeCodexPet } from '../support/picture-sheet.js';
import { makeTempDir } from '../support/temp-dir.js';

const DAY = 86_400_000;
const grid: PictureGrid = { width: 4, height: 4, columns: 1, rows: 1 };

/** A real cache key for entry `n`, and frames of `bytes` RGBA bytes. */
const keyOf = (n: number) => cacheKey(Buffer.from(`sheet ${n}`), grid, { width: 8, height: 4 }, [0]);
const framesOf = (bytes: number) => ({
  width: bytes / 4 / 8,
  height: 8,
  frames: new Map([[0, new Uint8Array(bytes).fill(7)]]),
});

function freshRoot(): { root: string; cache: string } {
  const root = join(makeTempDir('buddy-prune-'), 'root');
  return { root, cache: join(root, 'pictures.cache') };
}

/** Sets an entry's write time `days` ago (never through a link). */
const age = (file: string, days: number) => {
  const when = new Date(Date.now() - days * DAY);
  utimesSync(file, when, when);
};

const bins = (cache: string) => readdirSync(cache).filter((name) => name.endsWith('.bin'));

describe('picture cache bounds', () => {
  it('30 pane sizes of a real pet leave at most 24 entries, the newest readable', async () => {
    const base = makeTempDir('buddy-prune-pet-');
    const manifest = parsePictureManifest({}).manifest!;
    const folder = await writeCodexPet(join(base, 'pets'), 'chefito', {});
    const stateRoot = join(base, 'root');
    const mode = { kind: 'cells', colors: 'truecolor' } as const;
    for (let width = 10; width < 40; width++)
      await loadPicture({ folder, manifest }, { width, height: 6 }, mode, { stateRoot });
    const left = bins(join(stateRoot, 'pictures.cache'));
    expect(left.length).toBeLessThanOrEqual(24);
    expect(left.some((name) => name.endsWith('-39x6.bin'))).toBe(true);
    expect((await loadPicture({ folder, manifest }, { width: 39, height: 6 }, mode, { stateRoot })).fromCache).toBe(
      true,
    );
  });

  it('keeps at most 24 entries: the newest, by when they were written', () => {
    const { root, cache } = freshRoot();
    for (let n = 0; n < 40; n++) {
      writeCachedFrames(root, keyOf(n), framesOf(256));
      // Written one minute apart, oldest first, so the order does not rest on the clock's grain.
      age(join(cache, `${keyOf(n)}.bin`), (40 - n) / (24 * 60));
    }
    writeCachedFrames(root, keyOf(40), framesOf(256));
    const left = new Set(bins(cache));
    expect(left.size).toBe(24);
    for (let n = 17; n <= 40; n++) expect(left.has(`${keyOf(n)}.bin`)).toBe(true);
    expect(readCachedFrames(root, keyOf(40))?.frames.get(0)?.length).toBe(256);
  });

  it('keeps at most 16 MB, and always the entry just written', () => {
    const { root, cache } = freshRoot();
    for (let n = 0; n < 12; n++) writeCachedFrames(root, keyOf(n), framesOf(2 * 1024 * 1024));
    const total = bins(cache).reduce((sum, name) => sum + statSync(join(cache, name)).size, 0);
    expect(total).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(existsSync(join(cache, `${keyOf(11)}.bin`))).toBe(true);
  });

  it('drops an entry written more than 30 days ago, keeps a recent one, and a killed writer’s old temp file', () => {
    const { root, cache } = freshRoot();
    writeCachedFrames(root, keyOf(1), framesOf(256));
    writeCachedFrames(root, keyOf(2), framesOf(256));
    age(join(cache, `${keyOf(1)}.bin`), 31);
    age(join(cache, `${keyOf(2)}.bin`), 29);
    const temp = join(cache, `.${keyOf(3)}.bin.1234.abc.tmp`);
    writeFileSync(temp, 'half');
    age(temp, 2);
    writeCachedFrames(root, keyOf(4), framesOf(256));
    expect(new Set(bins(cache))).toEqual(new Set([`${keyOf(2)}.bin`, `${keyOf(4)}.bin`]));
    expect(existsSync(temp)).toBe(false);
  });

  it('passes by a symlink, a FIFO and a folder named like entries: none followed, opened or removed', () => {
    const { root, cache } = freshRoot();
    writeCachedFrames(root, keyOf(0), framesOf(256));
    const outside = join(root, '..', 'precious.bin');
    writeFileSync(outside, 'the user’s');
    const [link, fifo, folder] = [5, 6, 7].map((n) => join(cache, `${keyOf(n)}.bin`));
    symlinkSync(outside, link);
    execFileSync('mkfifo', [fifo]);
    mkdirSync(folder);
    for (const path of [outside, fifo, folder]) age(path, 60);
    // A FIFO opened would block this write for good: vitest's test timeout is the hang guard.
    for (let n = 10; n < 40; n++) writeCachedFrames(root, keyOf(n), framesOf(256));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe('the user’s');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(lstatSync(folder).isDirectory()).toBe(true);
    expect(bins(cache).filter((name) => lstatSync(join(cache, name)).isFile())).toHaveLength(24);
  });

  it('lists and deletes nothing when the cache folder is a symlink to the user’s files', () => {
    const { root, cache } = freshRoot();
    const users = join(root, '..', 'users-folder');
    mkdirSync(users, { mode: 0o700 });
    for (let n = 0; n < 30; n++) {
      writeFileSync(join(users, `${keyOf(n)}.bin`), 'mine');
      age(join(users, `${keyOf(n)}.bin`), 90);
    }
    mkdirSync(root, { mode: 0o700 });
    symlinkSync(users, cache);
    expect(() => writeCachedFrames(root, keyOf(99), framesOf(256))).toThrow(/symbolic link/);
    expect(readdirSync(users)).toHaveLength(30);
  });
});
