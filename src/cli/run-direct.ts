/**
 * Lets a command file run on its own (`npx tsx src/cli/species.ts validate x.json`), which
 * tests and species authors use. Inside the bundled CLI the entry file differs, so this is a no-op.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function runIfMain(moduleUrl: string, run: (args: string[]) => Promise<number>): void {
  const entry = process.argv[1];
  if (!entry) return;
  let same = false;
  try {
    same = realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    same = false;
  }
  if (same)
    void run(process.argv.slice(2)).then((code) => {
      process.exitCode = code;
    });
}
