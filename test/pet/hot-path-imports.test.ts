import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every file a module pulls in once bundled, as the statusline's bundle would. */
async function inputsOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

describe('hot-path modules stay light', () => {
  it.each([
    'src/pet/mood.ts',
    'src/pet/pet-engine.ts',
    'src/pet/pet-lite.ts',
    'src/pet/hatch.ts',
    'src/species/face.ts',
    'src/species/render.ts',
    'src/species/quips.ts',
  ])('%s pulls in no zod, React, Ink or chokidar', async (entry) => {
    const inputs = await inputsOf(entry);
    expect(inputs.filter((input) => /node_modules\/(zod|react|ink|chokidar)\//.test(input))).toEqual([]);
  });

  it('face lookup needs only a handful of files', async () => {
    // face, sprite-state, sanitize and its graphemes, stages (the stage faces), the small-file
    // read (a FIFO or /dev/zero for a species file) and the file signature (a resident process
    // reads a species file once per change); nothing else.
    expect((await inputsOf('src/species/face.ts')).length).toBeLessThanOrEqual(7);
  });
});
