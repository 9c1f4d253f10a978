/** How install and uninstall report a settings file they could not edit, for every host. */
import { SettingsChangedError } from '../install/settings-file.js';
import { SettingsFileError } from '../install/settings-json.js';
import { HAND_EDIT_HOW } from '../install/hand-edit.js';
import { term, termLines } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';

/**
 * Prints a settings error the way every command should: the file, what is wrong, the fix, on one
 * line. When install refused a file it could read, the JSON to add by hand follows on stdout
 * (and only it, so `buddy-tui install --dry-run > entries.json` keeps just the JSON).
 */
export function reportSettingsError(error: unknown, io: CliIo): number {
  if (error instanceof SettingsFileError || error instanceof SettingsChangedError) {
    io.stderr(term`buddy-tui: ${error.message}\n`);
    if (error instanceof SettingsFileError && error.byHand !== undefined) {
      io.stderr(term`To add buddy-tui by hand, ${HAND_EDIT_HOW}; the entries, as JSON on stdout:\n`);
      io.stdout(termLines(`${error.byHand}\n`));
    }
    return 1;
  }
  throw error;
}
