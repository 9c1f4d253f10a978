/**
 * OpenCode (1.18.33) as a host: no command hooks, a JS plugin loaded into its own process
 * (../shared/opencode-1.18.33/RECIPE.md). buddy-tui's plugin (src/ingest/host-plugin/opencode-plugin.ts)
 * appends each event to the inbox; opencode-events.ts translates its records. What it cannot say:
 * a per-session end (only the process-wide `dispose`), a transcript path (sessions live in SQLite),
 * an `idle_prompt` notification. `opencode run` rejects every permission ask at once (`--auto`
 * approves), so a wait shows only in the TUI; `--pure` / `OPENCODE_PURE` loads no plugin at all.
 */
import type { HostWithPluginFile } from './host-spec.js';
import { openCodeEvent } from './opencode-events.js';
import type { HostTranslator } from './translator-contract.js';

export const opencodeSpec: HostWithPluginFile = {
  id: 'opencode',
  label: 'OpenCode',
  capabilities: {
    subagents: true,
    waitingForApproval: 'interactive-only',
    exitCodes: 'field',
    toolCallIds: true,
    turnEnd: 'event',
    sessionEnd: 'always',
  },
  how: {
    subagents: 'child sessions (`parentID`): their `session.created` / `session.idle`',
    waitingForApproval: '`permission.asked` until `permission.replied` (`opencode run` rejects at once)',
    exitCodes: '`tool.execute.after` `metadata.exit`',
    toolCallIds: '`callID`',
    turnEnd: '`session.idle` (after `session.error` and an abort too)',
    sessionEnd: '**only the process-wide `dispose`**: it ends every session the process wrote',
  },
  normalize: (payload) => openCodeEvent('opencode', payload),
  pluginFile: {
    short: 'OpenCode',
    folder: { flag: 'opencode-config', name: 'opencode' },
    file: 'plugins/buddy-tui.js',
    bundle: 'host-plugins/opencode.mjs',
    pure: { flag: '--pure', env: 'OPENCODE_PURE' },
    versionFloor: '1.18.33',
    helpWhere:
      '$XDG_CONFIG_HOME/opencode/plugins/buddy-tui.js (default ~/.config; --opencode-config <dir> for another)',
  },
};

export const opencodeTranslator: HostTranslator = opencodeSpec;
