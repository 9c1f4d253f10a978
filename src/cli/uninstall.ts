/** `buddy-tui uninstall [--host <id>]`: takes out exactly what `buddy-tui install` added to that host. */
import { HOST_INSTALLERS } from './host-installers.js';
import { hostsHelp, parseHostCommand } from './host-flags.js';
import { termLines } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const parsed = parseHostCommand('uninstall', args, io);
  if (parsed.kind === 'help') {
    io.stdout(termLines(hostsHelp('uninstall')));
    return 0;
  }
  if (parsed.kind === 'exit') return parsed.code;
  return HOST_INSTALLERS[parsed.host].uninstall(parsed.values, io);
}
