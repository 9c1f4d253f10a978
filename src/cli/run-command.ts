/**
 * Runs one command's module the way `buddy-tui` does (main.ts, and the pane's own bundle,
 * src/entries/pane.ts): an unknown flag is a usage error (exit 2), anything else unexpected
 * names what broke (exit 1), never a bare stack trace on the terminal.
 */
import { term, termLines } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';

export type CommandModule = { run: (args: string[]) => Promise<number> };

/** `buddy-tui species list | head`: a closed pipe ends the output, not the program with a trace. */
export function exitOnClosedPipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
}

export async function runCommand(
  name: string,
  load: () => Promise<CommandModule>,
  rest: string[],
  io: CliIo,
): Promise<number> {
  try {
    return await (await load()).run(rest);
  } catch (error) {
    // Every command reads its flags with node:util parseArgs; a flag it does not know is a
    // usage error, not a crash with a stack trace.
    if (!String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')) {
      // An unexpected failure still names what broke, but its message may quote outside text.
      io.stderr(
        term`buddy-tui ${name}: ${termLines(error instanceof Error ? (error.stack ?? error.message) : error)}\n`,
      );
      return 1;
    }
    io.stderr(
      term`buddy-tui ${name}: ${(error as Error).message}\nRun \`buddy-tui ${name} --help\` for its options.\n`,
    );
    return 2;
  }
}
