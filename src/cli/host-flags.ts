/** `--host` and each host's own flags, shared by `install` and `uninstall`. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { HOST_IDS, parseHostId, type HostId } from '../hosts/host-id.js';
import { term } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';
import { HOST_INSTALLERS, type FlagOptions, type FlagValues } from './host-installers.js';

type Command = 'install' | 'uninstall';

const COMMON_FLAGS = {
  host: { type: 'string' },
  'dry-run': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const INSTALL_ONLY = { 'node-hook': { type: 'boolean' } } as const;

/** Every flag `command` accepts: the common ones and each host's own. */
function allFlags(command: Command): FlagOptions {
  const hostFlags = HOST_IDS.map((id) => HOST_INSTALLERS[id].flags[command]);
  return Object.assign({}, COMMON_FLAGS, command === 'install' ? INSTALL_ONLY : {}, ...hostFlags);
}

/** The host named by `--host` (Claude Code by default), or undefined after saying what is wrong. */
export function hostOf(values: { host?: unknown }, io: CliIo): HostId | undefined {
  if (values.host === undefined) return 'claude';
  const host = parseHostId(values.host);
  if (!host) io.stderr(term`buddy-tui: unknown --host "${String(values.host)}" (known: ${HOST_IDS.join(', ')})\n`);
  return host;
}

/** The usage lines and help of every host for `command`. */
export function hostsHelp(command: Command): string {
  const usage = HOST_IDS.map(
    (id, i) => `${i === 0 ? 'usage: ' : '       '}${HOST_INSTALLERS[id].help.usage[command]}`,
  ).join('\n');
  return `${usage}\n\n${HOST_IDS.map((id) => HOST_INSTALLERS[id].help[command]).join('\n')}`;
}

export type HostCommand =
  | { kind: 'help' }
  | { kind: 'run'; host: HostId; values: FlagValues }
  | { kind: 'exit'; code: number };

/** Parses the command's arguments and names the host; a flag of another host is an error that says which. */
export function parseHostCommand(command: Command, args: string[], io: CliIo): HostCommand {
  const { values } = parseArgs({ args, options: allFlags(command) as ParseArgsConfig['options'], strict: true }) as {
    values: FlagValues;
  };
  if (values.help) return { kind: 'help' };
  const host = hostOf(values, io);
  if (host === undefined) return { kind: 'exit', code: 2 };
  const own = HOST_INSTALLERS[host].flags[command];
  for (const other of HOST_IDS.filter((id) => id !== host)) {
    const foreign = Object.keys(HOST_INSTALLERS[other].flags[command]).filter(
      (flag) => !(flag in own) && values[flag] !== undefined,
    );
    if (foreign.length) {
      io.stderr(
        term`buddy-tui: ${foreign.map((flag) => `--${flag}`).join(', ')} go${foreign.length === 1 ? 'es' : ''} with --host ${other}\n`,
      );
      return { kind: 'exit', code: 2 };
    }
  }
  return { kind: 'run', host, values };
}
