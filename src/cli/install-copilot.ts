/**
 * `buddy-tui install --host copilot` and `uninstall --host copilot`: buddy-tui's hooks in their own
 * file, `$COPILOT_HOME/hooks/buddy-tui.json` (src/install/copilot-hooks.ts). Copilot loads user-level
 * hook files with no trust step; uninstall gives back exactly what was there (no file).
 */
import {
  COPILOT_HOOKS_REQUIRED,
  copilotHookCommand,
  copilotHookGroups,
  copilotHooksPath,
  resolveCopilotHome,
} from '../install/copilot-hooks.js';
import type { CliIo } from './cli-io.js';
import { runHookFileInstall, runHookFileUninstall, type HookFileHost } from './install-hook-file.js';

export interface CopilotFlagValues {
  'copilot-home'?: string;
  'dry-run'?: boolean;
  'node-hook'?: boolean;
}

function copilotHost(values: CopilotFlagValues, env: NodeJS.ProcessEnv): HookFileHost {
  return {
    name: 'Copilot CLI',
    path: copilotHooksPath(resolveCopilotHome(values, env)),
    groups: (commands, path) => copilotHookGroups(copilotHookCommand(commands, path)),
    required: COPILOT_HOOKS_REQUIRED,
    afterInstall: 'Copilot sessions started from now on feed the buddy (user-level hooks need no folder trust).',
  };
}

export const runCopilotInstall = (values: CopilotFlagValues, io: CliIo): Promise<number> =>
  runHookFileInstall(copilotHost(values, io.env), values, io);
export const runCopilotUninstall = (values: CopilotFlagValues, io: CliIo): Promise<number> =>
  runHookFileUninstall(copilotHost(values, io.env), values, io);
