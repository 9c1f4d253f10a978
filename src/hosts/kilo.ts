/**
 * Kilo CLI (7.7.7) as a host: an OpenCode fork with OpenCode's plugin API, bus events and payloads
 * (../shared/kilo-7.7.7/RECIPE.md), so the same plugin and translator (opencode-events.ts) serve
 * it, keyed by the host id install writes into the plugin file. Its own: the config folder
 * `~/.config/kilo`, the `KILO_*` switches (`KILO_PURE`), and its default permissions ask for any
 * command that is not read-only, which `kilo run` then rejects. 7.7.7 is pinned: the npm `latest`
 * (7.8.1) has no linux-x64 package.
 */
import type { HostWithPluginFile } from './host-spec.js';
import { openCodeEvent } from './opencode-events.js';
import { opencodeSpec } from './opencode.js';
import type { HostTranslator } from './translator-contract.js';

export const kiloSpec: HostWithPluginFile = {
  ...opencodeSpec,
  id: 'kilo',
  label: 'Kilo',
  fullLabel: 'Kilo CLI',
  how: {
    ...opencodeSpec.how,
    waitingForApproval: '`permission.asked` until `permission.replied` (`kilo run` rejects at once)',
  },
  normalize: (payload) => openCodeEvent('kilo', payload),
  pluginFile: {
    short: 'Kilo',
    folder: { flag: 'kilo-config', name: 'kilo' },
    file: 'plugins/buddy-tui.js',
    bundle: 'host-plugins/opencode.mjs',
    pure: { flag: '--pure', env: 'KILO_PURE' },
    versionFloor: '7.7.7',
    helpWhere: '$XDG_CONFIG_HOME/kilo/plugins/buddy-tui.js (default ~/.config; --kilo-config <dir> for another)',
  },
};

export const kiloTranslator: HostTranslator = kiloSpec;
