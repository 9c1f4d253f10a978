// Builds dist/: fully bundled hot paths (cli dispatcher, hook, statusline) with nothing to
// resolve at start-up, and the TUI/commands bundle with its npm dependencies left external.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: 'dist',
  logLevel: 'warning',
  legalComments: 'none',
};

rmSync('dist', { recursive: true, force: true });

await build({
  ...common,
  entryPoints: { cli: 'src/entries/cli.ts', hook: 'src/entries/hook.ts', statusline: 'src/entries/statusline.ts' },
  banner: { js: '#!/usr/bin/env node' },
  minifySyntax: true,
});

await build({
  ...common,
  entryPoints: { main: 'src/cli/main.ts', sdk: 'src/sdk/index.ts' },
  packages: 'external',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  jsx: 'automatic',
});

chmodSync('dist/cli.js', 0o755);
