/** OpenAI Codex CLI in the host registry (host-installers.ts); the commands are in install-codex.ts. */
import { CODEX_HOOK_EVENTS } from '../install/codex-hooks.js';
import { codexChecks, codexHooksWired } from '../doctor/doctor-codex.js';
import { HOST_SPECS } from '../hosts/host-capabilities.js';
import type { HostInstaller } from './installer-contract.js';
import { runCodexInstall, runCodexUninstall } from './install-codex.js';

const CODEX_HOME_FLAG = { type: 'string' } as const;
const CODEX_BIN_FLAG = { type: 'string' } as const;

export const codexInstaller: HostInstaller = {
  id: 'codex',
  name: HOST_SPECS.codex.label,
  flags: {
    install: { 'codex-home': CODEX_HOME_FLAG, 'codex-bin': CODEX_BIN_FLAG, trust: { type: 'boolean' } },
    uninstall: { 'codex-home': CODEX_HOME_FLAG, 'codex-bin': CODEX_BIN_FLAG },
  },
  help: {
    usage: {
      install:
        'buddy-tui install --host codex [--codex-home <dir>] [--trust] [--codex-bin <path>] [--node-hook] [--dry-run]',
      uninstall: 'buddy-tui uninstall --host codex [--codex-home <dir>] [--codex-bin <path>] [--dry-run]',
    },
    install: `  --host codex        wire OpenAI Codex instead: buddy-tui's hooks for all ${CODEX_HOOK_EVENTS.length} Codex events in
                      $CODEX_HOME/hooks.json (default ~/.codex; --codex-home <dir> for another)
  --trust             (Codex) record their trust through Codex's own app-server; Codex skips untrusted
                      hooks silently. Without it, install says how to trust them (or use Codex's /hooks)
  --codex-bin <path>  (Codex) the codex executable for --trust (default: codex on PATH)
`,
    uninstall: `With --host codex: removes buddy-tui's hooks from $CODEX_HOME/hooks.json and their trust entries from
config.toml (through Codex's app-server, when codex is found).
`,
  },
  installCommand: 'buddy-tui install --host codex --trust',
  install: (values, io) => runCodexInstall(values, io),
  uninstall: (values, io) => runCodexUninstall(values, io),
  doctor: (env, cwd) => codexChecks(env, cwd),
  isWired: (env, cwd) => codexHooksWired(env, cwd),
};
