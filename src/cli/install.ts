/** `buddy-tui install [--host <id>]`: wires buddy-tui into a host (host-installers.ts); Claude Code by default. */
import { HOST_INSTALLERS } from './host-installers.js';
import { hostsHelp, parseHostCommand } from './host-flags.js';
import { termLines } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';

export { reportSettingsError } from './install-errors.js';

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const parsed = parseHostCommand('install', args, io);
  if (parsed.kind === 'help') {
    io.stdout(termLines(hostsHelp('install')));
    return 0;
  }
  if (parsed.kind === 'exit') return parsed.code;
  return HOST_INSTALLERS[parsed.host].install(parsed.values, io);
}
