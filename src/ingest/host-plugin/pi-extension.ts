/**
 * buddy-tui's extension for the Pi coding agent, bundled whole (with append-event.ts and
 * src/hosts/pi-events.ts) into dist/host-plugins/pi-extension.mjs, which `buddy-tui install --host
 * pi` writes into `~/.pi/agent/extensions/buddy-tui.js` under a header naming the Node hook
 * (src/install/pi-extension-file.ts). Pi loads it into its own process and awaits every handler
 * in its agent loop (../shared/pi-0.73.1/RECIPE.md), so each handler appends its event
 * synchronously, awaits nothing, returns nothing and never throws: a throw is an "Extension
 * error" on the user's screen, and in `tool_call` it would block the tool, which is why the tool
 * events are taken from `tool_execution_start`/`_end` (fired for every call) and `tool_call` is
 * not subscribed at all.
 */
import { createPiPayloads, PI_EVENTS, type PiSessionContext } from '../../hosts/pi-events.js';
import { appendHostEvent, type NodeHook } from './append-event.js';

/** Written by install above the bundle; absent when the bundle is loaded some other way. */
declare const BUDDY_TUI_NODE_HOOK: NodeHook | undefined;

/** What of Pi's extension API this uses. */
interface PiExtensionApi {
  on(event: string, handler: (event: unknown, ctx: unknown) => void): void;
}

interface PiContext {
  cwd?: unknown;
  sessionManager?: { getSessionId?(): unknown; getSessionFile?(): unknown };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function installedNodeHook(): NodeHook | undefined {
  return typeof BUDDY_TUI_NODE_HOOK === 'object' && BUDDY_TUI_NODE_HOOK !== null ? BUDDY_TUI_NODE_HOOK : undefined;
}

/** The session's id, transcript and folder, which Pi gives only through `ctx`. */
function sessionOf(ctx: unknown): PiSessionContext {
  const context = (ctx ?? {}) as PiContext;
  const manager = context.sessionManager;
  return {
    session_id: text(manager?.getSessionId?.()),
    session_file: text(manager?.getSessionFile?.()),
    cwd: text(context.cwd),
  };
}

export default function buddyTuiPiExtension(pi: PiExtensionApi): void {
  try {
    const payloadOf = createPiPayloads();
    const nodeHook = installedNodeHook();
    for (const name of PI_EVENTS) {
      pi.on(name, (event, ctx) => {
        try {
          appendHostEvent('pi', payloadOf(name, event, sessionOf(ctx)), { nodeHook });
        } catch {
          // The buddy misses one event; Pi and its tools never notice.
        }
      });
    }
  } catch {
    // An API that is not Pi's: load as a no-op rather than fail Pi's start.
  }
}
