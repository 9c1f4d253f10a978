/**
 * buddy-tui's plugin for OpenCode and Kilo (an OpenCode fork with the same plugin API): the file
 * `buddy-tui install --host opencode|kilo` copies into the host's plugins folder
 * (src/install/plugin-file-install.ts). Built by scripts/build.mjs into dist/host-plugins/opencode.mjs,
 * self-contained (node built-ins only): the host loads it into its own process at every start,
 * and an uninstalled or moved buddy-tui must never break the host.
 *
 * The host awaits its tool hooks and fails closed on a throw (a throw in `tool.execute.before`
 * blocks the tool; in `tool.execute.after` it marks a finished command failed; RECIPE §6), so every
 * handler does its work synchronously inside try/catch, never throws and never awaits. Install
 * writes `BUDDY_TUI_INSTALL` (the host id, the Node hook for the fallback) above this code.
 * This module exports the one plugin and nothing else: OpenCode calls every export as a plugin.
 */
import { appendHostEvent, type NodeHook } from './append-event.js';
import {
  busEventRecords,
  disposeRecords,
  emptyOpenCodeMemory,
  hookRecords,
  type OpenCodeRecord,
} from './opencode-records.js';

/** What install writes above the bundle (src/install/plugin-file-install.ts). */
interface InstallHeader {
  host?: string;
  node?: string;
  hookScript?: string;
}
declare const BUDDY_TUI_INSTALL: InstallHeader | undefined;

/** The hooks that carry events; chat.params and chat.headers (the API key) are never registered. */
const NAMED_HOOKS = [
  'chat.message',
  'tool.execute.before',
  'tool.execute.after',
  'experimental.session.compacting',
] as const;

/**
 * For the fault-injection test only: with it set, the plugin's own code throws inside its guard,
 * as a bug of buddy-tui's would, to show that the host's tools still run.
 */
const FAULT_SWITCH = 'BUDDY_TUI_PLUGIN_FAULT';

function header(): InstallHeader {
  try {
    return typeof BUDDY_TUI_INSTALL === 'object' && BUDDY_TUI_INSTALL !== null ? BUDDY_TUI_INSTALL : {};
  } catch {
    return {}; // run without install's header (a test importing the bundle)
  }
}

/** The host: install's word, else what only Kilo sets in its plugins' environment. */
function hostId(installed: InstallHeader): string {
  if (installed.host === 'opencode' || installed.host === 'kilo') return installed.host;
  return process.env.KILO === '1' ? 'kilo' : 'opencode';
}

type Handler = (input?: unknown, output?: unknown) => Promise<void>;

/** The plugin factory OpenCode calls once per start (and per project instance). */
export const BuddyTuiPlugin = async (): Promise<Record<string, Handler>> => {
  const installed = header();
  const host = hostId(installed);
  const nodeHook: NodeHook | undefined =
    installed.node && installed.hookScript ? { node: installed.node, hookScript: installed.hookScript } : undefined;
  const memory = emptyOpenCodeMemory();
  /** Runs `make` and appends its records; whatever goes wrong stays here. */
  const guarded = (make: () => OpenCodeRecord[]): Promise<void> => {
    try {
      if (process.env[FAULT_SWITCH] === '1') throw new Error('buddy-tui: injected plugin fault');
      for (const record of make()) appendHostEvent(host, record, { nodeHook });
    } catch {
      // Never the host's problem: a lost event is better than a blocked tool.
    }
    return Promise.resolve();
  };
  const hooks: Record<string, Handler> = {
    event: (input) => guarded(() => busEventRecords(memory, (input as { event?: unknown } | undefined)?.event)),
    dispose: () => guarded(() => disposeRecords(memory)),
  };
  for (const name of NAMED_HOOKS)
    hooks[name] = (input, output) => guarded(() => hookRecords(memory, name, input, output));
  return hooks;
};
