/**
 * The host registry of the CLI: every host buddy-tui can wire, with everything `install`,
 * `uninstall` and `doctor` need of it (flags, help, install, uninstall, doctor and "is wired").
 * A host whose hooks are Claude Code's shape in one JSON file gets all of it from its spec's
 * `hookFile` (src/hosts/host-spec.ts); Claude Code and Codex have installers of their own. (On
 * the model of ccstatusline's widget interface, manifest and registry.)
 */
import { HOST_SPECS } from '../hosts/host-capabilities.js';
import { HOST_IDS, type HostId } from '../hosts/host-id.js';
import { claudeInstaller } from './host-claude.js';
import { codexInstaller } from './host-codex.js';
import { hookFileInstaller } from './host-hook-file.js';
import { pluginFileInstaller } from './host-plugin-file.js';
import { hookFolderInstaller } from './host-hook-folder.js';
import { piInstaller } from './host-pi.js';
import type { HostInstaller } from './installer-contract.js';

export type { FlagOptions, FlagValues, HostInstaller } from './installer-contract.js';

/** The hosts whose installer is their own; every other host's comes from its spec's `hookFile`. */
const OWN_INSTALLERS: Partial<Record<HostId, HostInstaller>> = {
  claude: claudeInstaller,
  codex: codexInstaller,
  pi: piInstaller,
};

function installerOf(id: HostId): HostInstaller {
  const own = OWN_INSTALLERS[id];
  if (own) return own;
  const spec = HOST_SPECS[id];
  if (spec.pluginFile) return pluginFileInstaller({ ...spec, pluginFile: spec.pluginFile });
  if (spec.hookFolder) return hookFolderInstaller({ ...spec, hookFolder: spec.hookFolder });
  // A host with neither cannot be installed: caught at load, by every test that imports the CLI.
  if (!spec.hookFile) throw new Error(`host ${id} has no installer and no hookFile in its spec`);
  return hookFileInstaller({ ...spec, hookFile: spec.hookFile });
}

export const HOST_INSTALLERS: Record<HostId, HostInstaller> = Object.fromEntries(
  HOST_IDS.map((id) => [id, installerOf(id)]),
) as Record<HostId, HostInstaller>;
