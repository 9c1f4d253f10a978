/**
 * The hot paths start their bundles with V8's cached code (src/entries/code-cache.ts). The cache
 * the build made fits this Node; a cache that does not fit (another Node, a damaged file) is
 * refused by V8 and the bundle compiles as before: same output, nothing on stderr.
 * Needs `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleScript, codeCachePath } from '../../src/entries/code-cache.js';
import { REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { readFileSync } from 'node:fs';

const HOT = ['hook', 'statusline', 'status-segment'];

describe('the hot paths start with V8 code cached by the build', () => {
  it.each(HOT)('%s: the cache beside its bundle fits this Node', (name) => {
    const bundle = join(REPO_ROOT, 'dist', `${name}.bundle.js`);
    const script = bundleScript(bundle, readFileSync(codeCachePath(bundle)));
    expect(script.cachedDataRejected).toBe(false);
  });

  it('a damaged cache is refused by V8 and the bundle runs as before, printing the same', () => {
    const dist = join(makeTempDir('buddy-code-cache-'), 'dist');
    mkdirSync(dist);
    for (const file of ['statusline.js', 'statusline.bundle.js', 'package.json'])
      copyFileSync(join(REPO_ROOT, 'dist', file), join(dist, file));
    const run = (starter: string) =>
      spawnSync(process.execPath, [starter, '--help'], { encoding: 'utf8', timeout: 30_000 });
    const before = run(join(dist, 'statusline.js'));
    writeFileSync(codeCachePath(join(dist, 'statusline.bundle.js')), Buffer.alloc(4096, 7));
    const damaged = run(join(dist, 'statusline.js'));
    const built = run(join(REPO_ROOT, 'dist', 'statusline.js'));
    expect(before.status).toBe(0);
    expect(damaged.status).toBe(0);
    expect(damaged.stdout).not.toBe('');
    expect(damaged.stdout).toBe(before.stdout);
    expect(damaged.stdout).toBe(built.stdout);
    expect(damaged.stderr).toBe('');
  });
});
