/** `buddy-tui uninstall`: takes out exactly what `buddy-tui install` added. */
import { parseArgs } from 'node:util';
import { buddyCommands } from '../install/buddy-entries.js';
import { resolveSettingsPath } from '../install/settings-location.js';
import { uninstallFromSettings } from '../install/settings-install.js';
import { reportSettingsError, SETTINGS_FLAGS } from './install.js';

const HELP = `usage: buddy-tui uninstall [--settings <file> | --project] [--dry-run]

Removes buddy-tui's hooks and statusLine from Claude Code's settings.json and restores the statusLine it
chained. When the file was not changed since install, it is restored byte for byte. A backup is written first.
`;

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: SETTINGS_FLAGS, strict: true });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const path = resolveSettingsPath(values);
  let commands;
  try {
    commands = buddyCommands();
  } catch {
    commands = undefined; // Run from outside a package: tags and the command pattern still find our entries.
  }
  try {
    const result = uninstallFromSettings({ path, commands, dryRun: values['dry-run'] });
    if (result.status === 'not-installed') process.stdout.write(`buddy-tui is not installed in ${path}; nothing changed.\n`);
    else if (result.status === 'dry-run') process.stdout.write(`${result.diff}(dry run: ${path} was not changed)\n`);
    else {
      const restored = result.chained ? `\nRestored your statusLine "${result.chained}".` : '';
      process.stdout.write(`Removed buddy-tui from ${path}.${result.backup ? `\nBackup: ${result.backup}` : ''}${restored}\n`);
    }
    return 0;
  } catch (error) {
    return reportSettingsError(error);
  }
}
