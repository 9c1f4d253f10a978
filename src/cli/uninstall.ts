/** `buddy-tui uninstall`: takes out exactly what `buddy-tui install` added. */
import { parseArgs } from 'node:util';
import { buddyCommands } from '../install/buddy-entries.js';
import { resolveSettingsPath } from '../install/settings-location.js';
import { uninstallFromSettings } from '../install/settings-install.js';
import { term, termLines } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';
import { HOST_FLAGS, hostOf, reportSettingsError, SETTINGS_FLAGS } from './install.js';

const HELP = term`usage: buddy-tui uninstall [--settings <file> | --project] [--dry-run]
       buddy-tui uninstall --host codex [--codex-home <dir>] [--codex-bin <path>] [--dry-run]

Removes buddy-tui's hooks and statusLine from Claude Code's settings.json and restores the statusLine it
chained. When the file was not changed since install, it is restored byte for byte. A backup is written first.
With --host codex: removes buddy-tui's hooks from $CODEX_HOME/hooks.json and their trust entries from
config.toml (through Codex's app-server, when codex is found).
`;

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const { values } = parseArgs({ args, options: { ...SETTINGS_FLAGS, ...HOST_FLAGS }, strict: true });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const host = hostOf(values, io);
  if (host === undefined) return 2;
  if (host === 'codex') return (await import('./install-codex.js')).runCodexUninstall(values, io);
  const path = resolveSettingsPath(values);
  let commands;
  try {
    commands = buddyCommands();
  } catch {
    commands = undefined; // Run from outside a package: tags and the command pattern still find our entries.
  }
  try {
    const result = uninstallFromSettings({ path, commands, dryRun: values['dry-run'] });
    if (result.status === 'not-installed') io.stdout(term`buddy-tui is not installed in ${path}; nothing changed.\n`);
    else if (result.status === 'dry-run') io.stdout(term`${termLines(result.diff)}(dry run: ${path} was not changed)\n`);
    else {
      const restored = result.chained ? term`\nRestored your statusLine "${result.chained}".` : '';
      io.stdout(term`Removed buddy-tui from ${path}.${result.backup ? term`\nBackup: ${result.backup}` : ''}${restored}\n`);
    }
    if (!values['dry-run']) (await import('./install-mod.js')).tearDownMod(path, io);
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}
