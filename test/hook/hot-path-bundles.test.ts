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

async function metafileOf(entry: string) {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

async function packagesOf(entry: string): Promise<string[]> {
  return Object.keys((await metafileOf(entry)).inputs).filter((input) => input.includes('node_modules/'));
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

  it('the status segment (status --tmux / --format) pulls in no zod and nothing heavy', async () => {
    const inputs = await packagesOf('src/entries/status-segment.ts');
    expect(inputs.filter((input) => HEAVY.test(input) || input.includes('node_modules/zod/'))).toEqual([]);
  });

  it('the statusline reaches string-width only through a lazy import (the width table measures the rest)', async () => {
    const { inputs } = await metafileOf('src/entries/statusline.ts');
    const ours = Object.entries(inputs).filter(([input]) => !input.includes('node_modules/'));
    const widthImports = ours.flatMap(([input, { imports }]) =>
      imports
        .filter((imported) => imported.path.includes('node_modules/string-width/'))
        .map((imported) => `${input} ${imported.kind}`),
    );
    expect(widthImports).toEqual(['src/display/text-width.ts dynamic-import']);
    expect(Object.keys(inputs)).not.toContain('src/display/exact-width.ts');
  });
});
