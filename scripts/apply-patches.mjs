// Applies each patches/<package>@<version>.patch to node_modules. It is npm's `prepare` step, so
// `npm ci` and `npm install` in this repository run it; users of the published package get dist/,
// which the build bundles from the patched copy. It fails loudly: a patch made for another version
// than the one installed, or one that no longer applies, stops the install with a message naming it.
//
//   node scripts/apply-patches.mjs           applies what is not applied yet
//   node scripts/apply-patches.mjs --check   fails unless every patch is applied (the build runs this)
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const PATCHES = 'patches';
const checkOnly = process.argv.includes('--check');

/** `ink@6.8.0.patch` → ink 6.8.0; a scoped package's `/` is written `+` (`@scope+name@1.2.3.patch`). */
function parsePatchName(file) {
  const match = /^(.+)@(\d[^@/]*)\.patch$/.exec(file);
  return match ? { name: match[1].replace('+', '/'), version: match[2] } : undefined;
}

/** True when `git apply` (with extra args) would go through; git is the patch tool every clone has. */
function gitApply(args, patch) {
  const result = spawnSync('git', ['apply', ...args, patch], { encoding: 'utf8' });
  if (result.error) throw new Error(`git is needed to apply ${patch}: ${result.error.message}`);
  return result.status === 0;
}

function applyOne(file) {
  const patch = join(PATCHES, file);
  const target = parsePatchName(file);
  if (!target) throw new Error(`${patch}: name it <package>@<version>.patch`);
  const installed = JSON.parse(readFileSync(join('node_modules', target.name, 'package.json'), 'utf8')).version;
  if (installed !== target.version)
    throw new Error(
      `${patch} is for ${target.name} ${target.version}, but ${installed} is installed: ` +
        'make the patch again for it (patches/README.md) or pin the version back',
    );
  if (gitApply(['--reverse', '--check'], patch)) return 'already applied';
  if (checkOnly) throw new Error(`${patch} is not applied to node_modules: run npm ci (or npm install)`);
  if (!gitApply(['--check'], patch))
    throw new Error(`${patch} no longer applies to ${target.name} ${installed}: make it again (patches/README.md)`);
  gitApply([], patch);
  return 'applied';
}

try {
  for (const file of readdirSync(PATCHES)
    .filter((name) => name.endsWith('.patch'))
    .sort()) {
    // Said on stderr, and only when a file changed: `npm pack --json` prints its JSON on stdout.
    if (applyOne(file) === 'applied') console.error(`${join(PATCHES, file)}: applied`);
  }
} catch (error) {
  console.error(`buddy-tui patches: ${error.message}`);
  process.exit(1);
}
