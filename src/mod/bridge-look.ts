/**
 * The bridge part of the mod's look (`buddy-tui mod-state --session ID`): that session's mod is
 * loaded and interactive (it asks), so its heartbeat is written (Claude Code is the command's
 * parent) and the delegate calls and toasts waiting for it are claimed and handed over.
 */
import { stateRootPath } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';
import { claimBridgeRequests, claimBridgeToasts, writeModHeartbeat } from './mod-bridge.js';
import type { ModState } from './mod-look.js';

/** The heartbeat of `claudePid` for this session, and what it now owns; nothing without a session. */
export function bridgeLook(
  sessionId: string | undefined,
  env: NodeJS.ProcessEnv,
  now: number,
  claudePid: number,
): Pick<ModState, 'asks' | 'toasts'> {
  if (!sessionId) return {};
  try {
    const root = stateRootPath(env);
    writeModHeartbeat(root, sessionId, claudePid, now);
    const asks = claimBridgeRequests(root, sessionId, now).map((r) => ({
      id: r.id,
      model: r.model,
      system: r.system,
      prompt: r.prompt,
      maxTokens: r.maxTokens,
      timeoutMs: Math.max(1000, r.deadline - now),
    }));
    const toasts = claimBridgeToasts(root, sessionId, now).map((t) => sanitizeText(t.text, { maxLength: 200 }));
    return { ...(asks.length ? { asks } : {}), ...(toasts.length ? { toasts } : {}) };
  } catch {
    // An unsafe or unwritable root: the drawing still goes out, the bridge waits.
    return {};
  }
}
