/**
 * The pane's own bundle (dist/pane.mjs): `buddy-tui`, `buddy-tui tui` and `buddy-tui --<flag>`
 * start here (src/entries/cli.ts). Its modules are grouped for the pane alone: what it needs at
 * start-up in a few files, the rest (plugins, the delegate) apart; the main bundle is split in 60
 * chunks shared by every command, and Node's ESM loader resolves, reads, links and compiles each
 * on its own, which cost the pane's cold start ~0.15 s of CPU (docs/architecture.md, "The pane's
 * cold start").
 */
import { processIo } from '../cli/cli-io.js';
import { exitOnClosedPipe, runCommand } from '../cli/run-command.js';
import * as tui from '../cli/tui.js';

/** Runs `buddy-tui [tui] [options]`, as main.ts would. */
export async function main(args: string[]): Promise<number> {
  const io = processIo();
  exitOnClosedPipe();
  return runCommand('tui', async () => tui, args[0] === 'tui' ? args.slice(1) : args, io);
}
