/** Claude Code in the host registry (host-installers.ts). */
import { claudeHooksWired, settingsChecks } from '../doctor/doctor-settings.js';
import { HOST_SPECS } from '../hosts/host-capabilities.js';
import type { HostInstaller } from './installer-contract.js';
import { CLAUDE_FLAGS, CLAUDE_INSTALL_HELP, runClaudeInstall, runClaudeUninstall } from './install-claude.js';

const { settings, project } = CLAUDE_FLAGS;

export const claudeInstaller: HostInstaller = {
  id: 'claude',
  name: HOST_SPECS.claude.label,
  flags: { install: CLAUDE_FLAGS, uninstall: { settings, project } },
  help: {
    usage: {
      install: 'buddy-tui install [--settings <file> | --project] [--statusline-only] [--no-mod] [--dry-run]',
      uninstall: 'buddy-tui uninstall [--settings <file> | --project] [--dry-run]',
    },
    install: CLAUDE_INSTALL_HELP,
    uninstall: `Removes buddy-tui's hooks and statusLine from Claude Code's settings.json and restores the statusLine it
chained. When the file was not changed since install, it is restored byte for byte. A backup is written first.
`,
  },
  installCommand: 'buddy-tui install',
  install: (values, io) => runClaudeInstall(values, io),
  uninstall: (values, io) => runClaudeUninstall(values, io),
  doctor: async (env, cwd) => settingsChecks(env, cwd),
  isWired: (env, cwd) => claudeHooksWired(env, cwd),
};
