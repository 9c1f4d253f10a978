/**
 * The `buddy-tui` binary. Kept tiny on purpose: the hot paths (`hook`, `statusline`, `status --tmux|--format`) load
 * their own small CommonJS bundles and never pay for React, Ink or full zod; everything else
 * is in the ESM main bundle. The paths are computed so the bundler leaves them as separate files.
 */
import { createRequire } from 'node:module';

const command = process.argv[2];
const load = createRequire(import.meta.url);

if (command === 'hook') {
  load('./hook.js');
} else if (command === 'statusline') {
  load('./statusline.js');
} else if (command === 'status' && process.argv.slice(3).some((arg) => arg === '--tmux' || arg === '--format' || arg.startsWith('--format='))) {
  // A bar's segment, run every few seconds: the light bundle (src/entries/status-segment.ts).
  load('./status-segment.js');
} else {
  void import(new URL('./main.mjs', import.meta.url).href).then(async ({ main }: { main: (args: string[]) => Promise<number> }) => {
    process.exitCode = await main(process.argv.slice(2));
  });
}
