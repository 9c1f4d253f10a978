// Builds dist/: fully bundled hot paths (cli dispatcher, hook, statusline) with nothing to
// resolve at start-up, the TUI/commands bundle (its npm dependencies bundled as well), and the
// plugin SDK (dependencies external: zod, the one runtime dependency).
// The hot paths are CommonJS (dist/package.json says so): Node's ESM loader alone costs them
// about 0.1x of `node -e 0` at every start. Everything else is ESM with the .mjs extension.
// Output goes to a scratch folder first and each file is renamed into dist/, so a hook that
// Claude Code (or a test) starts during a rebuild always loads a whole file.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { warmCodeCaches } from './warm-code-cache.mjs';
import { dirname, join, relative, resolve } from 'node:path';

// dist/ bundles Ink, which the pane needs patched (patches/README.md): never bundle an unpatched one.
if (spawnSync(process.execPath, ['scripts/apply-patches.mjs', '--check'], { stdio: 'inherit' }).status !== 0) {
  process.exit(1);
}

const scratch = join('.cache', `build-${process.pid}`);
/** The hot paths: each a CommonJS bundle of its own, started with V8's cached code (src/entries/code-cache.ts). */
const HOT_BUNDLES = ['hook', 'statusline', 'status-segment'];
const CHUNK_DIRS = ['chunks', 'pane-chunks'];
/**
 * zod's translated error messages (about 300 KB, every language but English, which zod loads by
 * itself) are re-exported as `z.locales`, which nothing here reads; they are only in the bundle
 * because the `z` namespace is used as a whole. Left out, the pane loads ~15% less code.
 */
const noZodLocales = {
  name: 'no-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: 'zod-locales', namespace: 'no-zod-locales' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-zod-locales' }, () => ({ loader: 'js', contents: 'export {};' }));
  },
};
/** react-devtools-core as a CommonJS module that throws what Node throws for a package not installed. */
const missingDevtools = {
  name: 'missing-devtools',
  setup(build) {
    build.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'missing' }));
    build.onLoad({ filter: /.*/, namespace: 'missing' }, () => ({
      loader: 'js',
      contents:
        "throw Object.assign(new Error(\"Cannot find package 'react-devtools-core'\"), { code: 'ERR_MODULE_NOT_FOUND' });",
    }));
  },
};
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: scratch,
  logLevel: 'warning',
  legalComments: 'none',
};

try {
  const hotCommon = {
    ...common,
    format: 'cjs',
    define: { 'import.meta.url': 'importMetaUrl' },
    inject: ['scripts/import-meta-url-shim.js'],
    minifySyntax: true,
  };
  // The hot bundles themselves, run by their starters below through src/entries/code-cache.ts
  // (which wraps them as Node's loader does: no #! line may open them).
  await build({
    ...hotCommon,
    entryPoints: Object.fromEntries(HOT_BUNDLES.map((name) => [`${name}.bundle`, `src/entries/${name}.ts`])),
  });
  await build({
    ...hotCommon,
    entryPoints: { cli: 'src/entries/cli.ts' },
    banner: { js: '#!/usr/bin/env node' },
  });
  for (const name of HOT_BUNDLES) {
    await build({
      ...hotCommon,
      entryPoints: { [name]: 'src/entries/hot-start.ts' },
      banner: { js: '#!/usr/bin/env node' },
      define: { ...hotCommon.define, HOT_BUNDLE: JSON.stringify(name) },
    });
  }
  await build({
    ...hotCommon,
    entryPoints: { 'code-cache-tool': 'src/entries/code-cache.ts' },
    outdir: join(scratch, 'tool'),
    outExtension: { '.js': '.cjs' },
  });
  await build({
    ...common,
    entryPoints: { main: 'src/cli/main.ts' },
    // The pane's dependencies are bundled too, with React's production build chosen here:
    // measured, this takes about 20 MB off the pane's memory (one module instead of hundreds,
    // and no development builds that Node's CommonJS export scan would read). Names are not
    // minified (it saved ~1 MB), so stack traces in tui.log stay readable.
    // sharp is a native addon with its prebuilt libvips per platform: it stays a runtime
    // dependency, loaded from node_modules by the pane's first picture pet only.
    external: ['react-devtools-core', 'sharp'],
    define: { 'process.env.NODE_ENV': '"production"' },
    minifyWhitespace: true,
    minifySyntax: true,
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __buddyCreateRequire } from 'node:module'; const require = __buddyCreateRequire(import.meta.url);",
    },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    jsx: 'automatic',
    plugins: [noZodLocales],
  });
  // The pane again, on its own (src/entries/pane.ts says why), with the same settings as main:
  // split only where it imports something later (the UI, plugins, the delegate), in chunks of
  // its own. Bundled apart from main, esbuild hoists the import of Ink's optional devtools
  // (imported only when DEV=true) into a shared chunk, so that package resolves to a module that
  // fails as a missing one would, when it is loaded, as in main.
  await build({
    ...common,
    entryPoints: { pane: 'src/entries/pane.ts' },
    splitting: true,
    chunkNames: 'pane-chunks/[name]-[hash]',
    external: ['sharp'],
    define: { 'process.env.NODE_ENV': '"production"' },
    minifyWhitespace: true,
    minifySyntax: true,
    banner: {
      js: "import { createRequire as __buddyCreateRequire } from 'node:module'; const require = __buddyCreateRequire(import.meta.url);",
    },
    outExtension: { '.js': '.mjs' },
    jsx: 'automatic',
    plugins: [missingDevtools, noZodLocales],
  });
  await build({
    ...common,
    entryPoints: { sdk: 'src/sdk/index.ts' },
    packages: 'external',
    outExtension: { '.js': '.mjs' },
  });
  // The plugin file OpenCode and Kilo load into their own process (src/ingest/host-plugin/opencode-plugin.ts):
  // self-contained ESM (node built-ins only), copied by `buddy-tui install --host opencode|kilo`.
  await build({
    ...common,
    entryPoints: {
      'host-plugins/opencode': 'src/ingest/host-plugin/opencode-plugin.ts',
      // Pi's extension (src/ingest/host-plugin/pi-extension.ts), written by `buddy-tui install --host pi`.
      'host-plugins/pi-extension': 'src/ingest/host-plugin/pi-extension.ts',
    },
    outExtension: { '.js': '.mjs' },
    minifySyntax: true,
  });
  // V8's code for each hot bundle, made by this Node with the wrapper the starters use.
  const codeCacheTool = resolve(scratch, 'tool/code-cache-tool.cjs');
  const { makeCodeCache, codeCachePath } = createRequire(import.meta.url)(codeCacheTool);
  for (const name of HOT_BUNDLES) {
    const bundle = resolve(scratch, `${name}.bundle.js`);
    // import() in a script run by node:vm needs an experimental loader option that warns on stderr.
    if (readFileSync(bundle, 'utf8').includes('import(')) {
      throw new Error(`${name}.bundle.js calls import(): load a built-in lazily with require instead`);
    }
    writeFileSync(codeCachePath(bundle), makeCodeCache(bundle));
  }
  writeFileSync(join(scratch, 'package.json'), '{ "type": "commonjs" }\n');
  chmodSync(join(scratch, 'cli.js'), 0o755);

  const built = readdirSync(scratch, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.startsWith(join(scratch, 'tool')))
    .map((entry) => relative(scratch, join(entry.parentPath, entry.name)));
  for (const dir of CHUNK_DIRS) mkdirSync(join('dist', dir), { recursive: true });
  for (const file of built) {
    mkdirSync(dirname(join('dist', file)), { recursive: true }); // dist/host-plugins/
    renameSync(join(scratch, file), join('dist', file));
  }
  const keep = new Set(built);
  for (const dir of CHUNK_DIRS) {
    for (const file of readdirSync(join('dist', dir))) {
      if (!keep.has(join(dir, file))) rmSync(join('dist', dir, file), { force: true });
    }
  }
  // Then each hot bundle's cache again, from a run on a sample event (src/entries/code-cache.ts).
  warmCodeCaches(codeCacheTool);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
