/**
 * The hook and statusline entry points are what Claude Code starts on every event and every
 * redraw: bundled as scripts/build.mjs bundles them, they must pull in no React, Ink, file
 * watcher, process library or full zod (zod/mini only for the hook, no zod for the statusline).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HEAVY = /node_modules\/(react|react-dom|ink|chokidar|execa|@anthropic-ai|zod\/v4\/classic|zod\/v3)\//;

async function packagesOf(entry: string): Promise<string[]> {
  const result = await build({ entryPoints: [entry], absWorkingDir: root, bundle: true, platform: 'node', format: 'cjs', write: false, metafile: true, logLevel: 'silent' });
  return Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules/'));
}

describe('hot-path entry bundles', () => {
  it('the hook pulls in zod/mini and nothing heavy', async () => {
    const inputs = await packagesOf('src/entries/hook.ts');
    expect(inputs.filter((input) => HEAVY.test(input))).toEqual([]);
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/mini/'))).toBe(true);
  });

  it('the statusline pulls in no zod and nothing heavy', async () => {
    const inputs = await packagesOf('src/entries/statusline.ts');
    expect(inputs.filter((input) => HEAVY.test(input) || input.includes('node_modules/zod/'))).toEqual([]);
  });
});
