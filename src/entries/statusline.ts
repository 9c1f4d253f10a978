/**
 * `buddy-tui statusline`: Claude Code's statusLine command. Bundled on its own (dist/statusline.js)
 * and kept small: no React, Ink, full zod, transcript, git or network. Reads the payload from
 * stdin, prints, and exits 0 on every path.
 *
 * Run as `node dist/cli.js statusline [flags]` or `node dist/statusline.js [flags]`.
 * BUDDY_TUI_NOW pins the clock for tests and benchmarks (see src/statusline/options.ts).
 */
import { fstatSync, readFileSync, writeSync } from 'node:fs';
import { drainBeforeRead } from '../ingest/drain-inbox.js';
import { runStatusline, type StatuslineResult } from '../statusline/render.js';

function readStdin(): string {
  try {
    // A terminal would wait for ^D: someone trying the command by hand gets the `?` at once.
    // (fstat rather than node:tty, which would cost start-up time on every run.)
    if (fstatSync(0).isCharacterDevice()) return '';
    return readFileSync(0, 'utf8');
  } catch {
    // EAGAIN on a non-blocking pipe, a closed stdin: nothing to read.
    return '';
  }
}

function flagsFrom(argv: string[]): string[] {
  const at = argv.indexOf('statusline', 2);
  return at === 2 ? argv.slice(3) : argv.slice(2);
}

/**
 * Straight to fd 1: touching process.stdout on a pipe would load the whole net/stream stack.
 * A closed pipe (Claude Code cancelled an overtaken run) is not our problem.
 */
function print(text: string): void {
  const buffer = Buffer.from(text);
  let written = 0;
  let spins = 0;
  while (written < buffer.length) {
    try {
      written += writeSync(1, buffer, written, buffer.length - written);
    } catch (error) {
      // A non-blocking pipe that is full for a moment; anything else ends the attempt.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || ++spins > 1000) return;
    }
  }
}

let printed = false;

async function main(): Promise<void> {
  process.exitCode = 0;
  let result: StatuslineResult;
  try {
    // Events the sh hook spooled reach the journal before it is read.
    drainBeforeRead(process.env);
    result = await runStatusline(readStdin(), flagsFrom(process.argv), process.env);
  } catch {
    result = { output: '?\n', save: () => undefined };
  }
  printed = true;
  print(result.output);
  result.save();
}

// Whatever slips through still ends in exit 0, with the `?` if nothing was printed yet.
process.on('uncaughtException', () => {
  if (!printed) print('?\n');
  printed = true;
  process.exitCode = 0;
});
// No top-level await: the same source bundles as ESM or CommonJS (CommonJS starts faster).
void main();
