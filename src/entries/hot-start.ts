/**
 * dist/hook.js, dist/statusline.js and dist/status-segment.js: each starts its bundle
 * (`<name>.bundle.js`, built from src/entries/<name>.ts) with V8's cached code (code-cache.ts).
 * Built three times by scripts/build.mjs, `HOT_BUNDLE` set to each name.
 */
import { join } from 'node:path';
import { runBundle } from './code-cache.js';

declare const HOT_BUNDLE: string;

runBundle(join(__dirname, `${HOT_BUNDLE}.bundle.js`));
