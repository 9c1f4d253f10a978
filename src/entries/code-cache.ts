/**
 * The hot paths (hook, statusline, tmux segment) start a new Node for every event or refresh, and
 * compiling their bundle was the largest single cost after Node's own start (about 6 ms of the
 * statusline's 20 ms over `node -e 0`, --cpu-prof). The build keeps V8's compiled code of each
 * bundle beside it (`<bundle>.<V8 version>.v8cache`, made by scripts/build.mjs with this very
 * wrapper), and `runBundle` hands it to V8, which checks it and compiles afresh when it does not
 * fit (another Node, other flags): so a missing or stale cache only costs what it would have saved.
 * The cache lives in dist/ beside the code it was made from, never in a folder others could write.
 * Node 22.1+ has module.enableCompileCache for the same, but Node 20 is the floor.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** What a CommonJS module's code runs inside, as Node's own loader wraps it. */
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_END = '\n})';

/** The cache's file: beside the bundle, named for the V8 that made it. */
export function codeCachePath(bundle: string): string {
  return `${bundle}.${process.versions.v8}.v8cache`;
}

/**
 * The bundle as a script V8 can compile. No `import()` may run in it (Node's loader for that is
 * experimental and warns on stderr, which a hook must never print): the build refuses a hot bundle
 * with one (scripts/build.mjs), and lazy built-ins are loaded with require.
 */
export function bundleScript(bundle: string, cachedData?: Buffer): Script {
  const source = readFileSync(bundle, 'utf8');
  return new Script(`${WRAPPER_START}${source}${WRAPPER_END}`, { filename: bundle, cachedData });
}

function readCache(bundle: string): Buffer | undefined {
  try {
    return readFileSync(codeCachePath(bundle));
  } catch {
    return undefined;
  }
}

function runScript(script: Script, bundle: string): void {
  const module = { exports: {}, filename: bundle, id: bundle };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/** Runs a CommonJS bundle as require() would, with V8's cached code when it fits. */
export function runBundle(bundle: string): void {
  runScript(bundleScript(bundle, readCache(bundle)), bundle);
}

/** The build's fallback: V8's code for the bundle's top level as this Node compiles it, for codeCachePath. */
export function makeCodeCache(bundle: string): Buffer {
  return bundleScript(bundle).createCachedData();
}

/**
 * The build's warm-up, in a child process of its own: runs the bundle once on a sample event (its
 * argv after `args`, its stdin and state root as the build gives them), then keeps V8's code of
 * every function that ran, not only the top level's (a cache 2x the size; about 4 ms less per
 * statusline start than the top level's alone, measured side by side).
 */
export function runBundleKeepingCode(bundle: string, args: readonly string[]): void {
  const script = bundleScript(bundle);
  process.argv = [process.execPath, bundle, ...args];
  process.once('exit', () => {
    // Whole or not at all: a hook starting meanwhile reads the old cache or this one.
    const part = `${codeCachePath(bundle)}.${process.pid}.part`;
    writeFileSync(part, script.createCachedData());
    renameSync(part, codeCachePath(bundle));
  });
  runScript(script, bundle);
}
