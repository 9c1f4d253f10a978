/**
 * The host registry of the CLI: every host buddy-tui can wire, with everything `install`,
 * `uninstall` and `doctor` need of it. A `Record<HostId, HostInstaller>`, so adding an id to
 * HOST_IDS (src/hosts/host-id.ts) makes the compiler ask for each part of the new host: its
 * flags, help, install, uninstall, doctor and "is wired". A host whose hooks are Claude Code's
 * shape in one JSON file gets all of it from its spec (src/hosts/hook-file-spec.ts). (On the model of ccstatusline's widget
 * interface, manifest and registry.)
 */
import type { HostId } from '../hosts/host-id.js';
import { claudeInstaller } from './host-claude.js';
import { codexInstaller } from './host-codex.js';
import { copilotSpec } from '../hosts/copilot.js';
import { geminiSpec } from '../hosts/gemini.js';
import { qwenSpec } from '../hosts/qwen.js';
import { hookFileInstaller } from './host-hook-file.js';
import type { HostInstaller } from './installer-contract.js';

export type { FlagOptions, FlagValues, HostInstaller } from './installer-contract.js';

export const HOST_INSTALLERS: Record<HostId, HostInstaller> = {
  claude: claudeInstaller,
  codex: codexInstaller,
  copilot: hookFileInstaller(copilotSpec),
  gemini: hookFileInstaller(geminiSpec),
  qwen: hookFileInstaller(qwenSpec),
};
