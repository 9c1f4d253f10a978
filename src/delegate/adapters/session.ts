/**
 * The `session` adapter: while buddy-tui's mod is loaded in an interactive Claude Code, that
 * session answers delegate requests itself with `$.model.complete`, on the user's own login: no
 * `claude -p` process, no API key, and no recursion (the call has no tools and no hooks).
 * The request goes through the bridge in the private state root (src/mod/mod-bridge.ts): a
 * request file the mod claims, an answer file it writes. With no live mod, the call goes to
 * `fallback` (for `auto`, today's choice), so a user without the mod sees no change.
 *
 * Claude Code adds 2048 to the `max_tokens` a mod asks for: the call asks for the capped
 * maxTokens, and the answer reports `maxTokensSent` (cap + 2048) for the usage view, with the
 * output tokens the engine counted.
 */
import { watch, type FSWatcher } from 'node:fs';
import { randomBytes } from 'node:crypto';
import {
  ANY_SESSION,
  ensureBridgeDir,
  findLiveMod,
  forgetMod,
  pruneBridge,
  takeBridgeResponse,
  withdrawBridgeRequest,
  writeBridgeRequest,
  type BridgeResponse,
} from '../../mod/mod-bridge.js';
import {
  abortFailure,
  DelegateCallError,
  type DelegateAdapter,
  type DelegateCall,
  type DelegateAnswer,
} from './adapter.js';

/** What Claude Code 2.1.332 adds to a mod's maxTokens (seen: 60 asked, 2108 sent). */
export const ENGINE_EXTRA_MAX_TOKENS = 2048;
/** The answer file is looked for this often besides the folder watch (a watch can miss on some filesystems). */
const POLL_MS = 200;

export interface SessionAdapterOptions {
  /** The state root holding the bridge. */
  root: string;
  /** Who answers when no mod is loaded; undefined: the call fails as unavailable (adapter "session"). */
  fallback?: DelegateAdapter;
  now?: () => number;
  /** The resolver's timeout: the mod is told when the asker gives up. */
  timeoutMs: number;
}

/** Waits for the mod's answer until it comes or the call's signal aborts. */
function awaitResponse(root: string, id: string, signal: AbortSignal): Promise<BridgeResponse> {
  return new Promise((resolve, reject) => {
    let watcher: FSWatcher | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      watcher?.close();
      if (timer) clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const look = () => {
      const answer = takeBridgeResponse(root, id);
      if (answer) {
        finish();
        resolve(answer);
      }
      return answer;
    };
    const onAbort = () => {
      finish();
      reject(abortFailure(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      watcher = watch(ensureBridgeDir(root, 'responses'), () => void look());
      watcher.on('error', () => watcher?.close());
    } catch {
      watcher = undefined;
    }
    const poll = () => {
      if (signal.aborted || look()) return;
      timer = setTimeout(poll, POLL_MS);
    };
    poll();
  });
}

const tokens = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;

async function askMod(options: SessionAdapterOptions, forSession: string, call: DelegateCall): Promise<DelegateAnswer> {
  const now = options.now ?? Date.now;
  const id = `d${now().toString(36)}${randomBytes(4).toString('hex')}`;
  pruneBridge(options.root, now());
  writeBridgeRequest(options.root, {
    v: 1,
    id,
    forSession,
    createdAt: now(),
    deadline: now() + options.timeoutMs,
    model: call.model,
    system: call.systemPrompt,
    prompt: call.prompt,
    maxTokens: call.maxTokens,
    plugin: call.plugin,
  });
  let answer: BridgeResponse;
  try {
    answer = await awaitResponse(options.root, id, call.signal);
  } catch (error) {
    // Still unclaimed at the timeout: that mod does not listen (unloaded, or a reused pid).
    // Forget it, so the next call goes to the fallback until the mod looks again.
    if (withdrawBridgeRequest(options.root, id)) forgetMod(options.root, forSession);
    throw error;
  }
  if (!answer.isAnswered) {
    const reason = String(answer.reason ?? 'no answer').slice(0, 200);
    throw new DelegateCallError(
      `Claude Code's $.model.complete: ${reason}`,
      reason === 'empty-reply' ? 'empty' : 'http',
    );
  }
  const text = String(answer.text ?? '').trim();
  if (!text) throw new DelegateCallError('the session answered with no text', 'empty');
  return {
    text,
    source: typeof answer.model === 'string' && answer.model ? `${answer.model} (session)` : 'session',
    usage: { inputTokens: tokens(answer.inputTokens), outputTokens: tokens(answer.outputTokens) },
    maxTokensSent: call.maxTokens + ENGINE_EXTRA_MAX_TOKENS,
  };
}

export function createSessionAdapter(options: SessionAdapterOptions): DelegateAdapter {
  const now = options.now ?? Date.now;
  const liveMod = (sessionId: string) => {
    try {
      return findLiveMod(options.root, sessionId, now());
    } catch {
      return undefined;
    }
  };
  return {
    name: 'session',
    // Read before each request: a model answers when a mod listens or the fallback uses one.
    get usesModel() {
      return options.fallback?.usesModel !== false || liveMod(ANY_SESSION) !== undefined;
    },
    async complete(call) {
      if (call.signal.aborted) throw abortFailure(call.signal);
      const mod = liveMod(call.sessionId);
      if (mod) return askMod(options, mod.sessionId, call);
      if (options.fallback) return options.fallback.complete(call);
      throw new DelegateCallError('no Claude Code with the buddy mod is running', 'unavailable');
    },
  };
}
