/**
 * The `buddy-tui` binary. Kept tiny on purpose: the hot paths (`hook`, `statusline`, `status --tmux|--format`) load
 * their own small CommonJS bundles and never pay for React, Ink or full zod; everything else
 * is in the ESM main bundle. The paths are computed so the bundler leaves them as separate files.
 */
import { createRequire } from 'node:module';

const command = process.argv[2];
const load = createRequire(import.meta.url);

/**
 * Node 22.1+ keeps V8's compiled code of the pane's bundle on disk, in the user's own cache folder,
 * so later starts skip most of compiling it. Node 20 has no such cache: nothing happens there.
 */
function enableCompileCache(): void {
  const enable = (load('node:module') as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  const home = process.env.XDG_CACHE_HOME || (process.env.HOME ? `${process.env.HOME}/.cache` : undefined);
  if (typeof enable !== 'function' || !home?.startsWith('/')) return;
  try {
    enable(`${home}/buddy-tui/compile-cache`);
  } catch {
    // A cache that cannot be made only costs the time it would have saved.
  }
}

/** A host never passes --help to the hook: asked for, it is help (main.ts), not an empty event. */
const asksHelp = process.argv.slice(3).some((arg) => arg === '--help' || arg === '-h');

if (command === 'hook' && !asksHelp) {
  load('./hook.js');
} else if (command === 'statusline') {
  load('./statusline.js');
} else if (
  command === 'status' &&
  process.argv.slice(3).some((arg) => arg === '--tmux' || arg === '--format' || arg.startsWith('--format='))
) {
  // A bar's segment, run every few seconds: the light bundle (src/entries/status-segment.ts).
  load('./status-segment.js');
} else {
  // The pane (a bare `buddy-tui`, `tui`, or flags alone, which main.ts also reads as the pane's)
  // has a bundle of its own, quicker to load (src/entries/pane.ts); every other command is in main.
  // The leading flags that main.ts answers itself are its own.
  const opensPane =
    command === undefined ||
    command === 'tui' ||
    (command.startsWith('-') && !['--help', '-h', '--version', '-v', '--tmux'].includes(command));
  if (opensPane) enableCompileCache();
  void import(new URL(opensPane ? './pane.mjs' : './main.mjs', import.meta.url).href).then(
    async ({ main }: { main: (args: string[]) => Promise<number> }) => {
      process.exitCode = await main(process.argv.slice(2));
    },
  );
}
