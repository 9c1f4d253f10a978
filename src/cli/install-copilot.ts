/**
 * `buddy-tui install --host copilot` and `uninstall --host copilot`: buddy-tui's hooks in their own
 * file, `$COPILOT_HOME/hooks/buddy-tui.json` (src/install/copilot-hooks.ts). Copilot loads user-level
 * hook files with no trust step; uninstall gives back exactly what was there (no file).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buddyCommands, packageRoot } from '../install/buddy-entries.js';
import { chooseHookPath, createInbox } from '../install/hook-path.js';
import { COPILOT_HOOK_EVENTS, COPILOT_HOOKS_REQUIRED, copilotHookCommand, copilotHookGroups, copilotHooksPath, resolveCopilotHome } from '../install/copilot-hooks.js';
import { installHookFile, uninstallHookFile } from '../install/hook-file-install.js';
import { term, termLines } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';
import { reportSettingsError } from './install-errors.js';

export interface CopilotFlagValues {
  'copilot-home'?: string;
  'dry-run'?: boolean;
  'node-hook'?: boolean;
}

export async function runCopilotInstall(values: CopilotFlagValues, io: CliIo): Promise<number> {
  const dist = join(packageRoot(), 'dist');
  if (!existsSync(join(dist, 'hook.js'))) {
    io.stderr(term`buddy-tui: ${dist} has no hook.js; run \`npm run build\` in ${packageRoot()} first.\n`);
    return 1;
  }
  const path = copilotHooksPath(resolveCopilotHome(values, io.env));
  try {
    const hookPath = chooseHookPath(values['node-hook']).path;
    const command = copilotHookCommand(buddyCommands({ distDir: dist }), hookPath);
    const result = installHookFile({ path, groups: copilotHookGroups(command), required: COPILOT_HOOKS_REQUIRED, dryRun: values['dry-run'], env: io.env });
    if (result.status === 'dry-run') {
      io.stdout(term`${termLines(result.diff)}(dry run: ${path} was not changed)\n`);
      return 0;
    }
    if (hookPath === 'spool') createInbox(io.env, (message) => io.stderr(message));
    if (result.status === 'unchanged') io.stdout(term`buddy-tui's Copilot hooks are already in ${path}; nothing changed.\n`);
    else io.stdout(term`Installed buddy-tui's hooks for ${COPILOT_HOOK_EVENTS.length} Copilot CLI events into ${path}.${result.backup ? term`\nBackup of the previous file: ${result.backup}` : ''}
Copilot sessions started from now on feed the buddy (user-level hooks need no folder trust). Check with \`buddy-tui doctor\`.\n`);
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}

export async function runCopilotUninstall(values: CopilotFlagValues, io: CliIo): Promise<number> {
  const path = copilotHooksPath(resolveCopilotHome(values, io.env));
  try {
    const result = uninstallHookFile({ path, dryRun: values['dry-run'], env: io.env });
    if (result.status === 'not-installed') io.stdout(term`buddy-tui's Copilot hooks are not in ${path}; nothing changed.\n`);
    else if (result.status === 'dry-run') io.stdout(term`${termLines(result.diff)}(dry run: ${path} was not changed)\n`);
    else io.stdout(term`Removed buddy-tui's Copilot hooks from ${path}.${result.backup ? term`\nBackup: ${result.backup}` : ''}\n`);
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}
