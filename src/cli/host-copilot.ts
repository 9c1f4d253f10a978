/** GitHub Copilot CLI in the host registry (host-installers.ts); the commands are in install-copilot.ts. */
import { COPILOT_HOOK_EVENTS } from '../install/copilot-hooks.js';
import { copilotChecks, copilotHooksWired } from '../doctor/doctor-copilot.js';
import type { HostInstaller } from './installer-contract.js';
import { runCopilotInstall, runCopilotUninstall } from './install-copilot.js';

const COPILOT_HOME_FLAG = { 'copilot-home': { type: 'string' } } as const;

export const copilotInstaller: HostInstaller = {
  id: 'copilot',
  name: 'Copilot CLI',
  flags: { install: COPILOT_HOME_FLAG, uninstall: COPILOT_HOME_FLAG },
  help: {
    usage: {
      install: 'buddy-tui install --host copilot [--copilot-home <dir>] [--node-hook] [--dry-run]',
      uninstall: 'buddy-tui uninstall --host copilot [--copilot-home <dir>] [--dry-run]',
    },
    install: `  --host copilot      wire GitHub Copilot CLI: buddy-tui's hooks for ${COPILOT_HOOK_EVENTS.length} events in their own file,
                      $COPILOT_HOME/hooks/buddy-tui.json (default ~/.copilot; --copilot-home <dir> for another)
`,
    uninstall: `With --host copilot: removes $COPILOT_HOME/hooks/buddy-tui.json (or buddy-tui's entries, if you added your own).
`,
  },
  installCommand: 'buddy-tui install --host copilot',
  install: (values, io) => runCopilotInstall(values, io),
  uninstall: (values, io) => runCopilotUninstall(values, io),
  doctor: (env, cwd) => copilotChecks(env, cwd),
  isWired: (env, cwd) => copilotHooksWired(env, cwd),
};
