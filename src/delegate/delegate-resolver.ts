/**
 * The delegate resolver: a plugin's `{"delegate": true, ...}` request goes through
 * validation, policy, cache and an adapter, and comes back as reactions: "thinking" at once,
 * then the answer, or the species' offline quip when the call is refused, fails or times out
 * (the same reaction id, so the thinking bubble is replaced; `source` says who spoke).
 *
 * Top-level steps over one explicit state (resolver-state.ts): a request is checked and
 * admitted here, answered from the cache or queued; job-run.ts runs what was queued.
 */
import { z } from 'zod';
import { delegateRequestSchema, type DelegateMeta, type DelegateRequest } from '../protocol/plugin-answer.js';
import { priorityOfKinds } from '../protocol/event-kind.js';
import { sanitizeText } from '../text/sanitize.js';
import { DelegateCallError, type DelegateAdapter } from './adapters/adapter.js';
import { parseHostId } from '../hosts/host-id.js';
import { cacheKey } from './answer-cache.js';
import { BYPASS_KINDS } from './delegate-policy.js';
import { buildDelegatePrompt, type BuiltPrompt } from './delegate-prompt.js';
import { pumpQueue } from './job-run.js';
import { lifetimeWithin, onAbort } from '../process/lifetime.js';
import {
  chosenAdapter,
  emitReaction,
  sessionOnlyAdapter,
  showUpgrade,
  fallBack,
  logDecision,
  makeResolverState,
  releaseAdmission,
  settleIdle,
  THINKING_TEXT,
  type ResolverState,
} from './resolver-state.js';
import type {
  Admitted,
  DelegateOutcome,
  DelegateResolver,
  DelegateResolverOptions,
  Job,
} from './delegate-resolver-types.js';

export type { DelegateOutcome, DelegateResolver, DelegateResolverOptions } from './delegate-resolver-types.js';
export { THINKING_TEXT } from './resolver-state.js';

type QueuedJob = Omit<Job, 'done'>;

/** The prompt for an admitted request, its shaping noted in the log. */
function buildPrompt(state: ResolverState, held: Admitted, request: DelegateRequest): BuiltPrompt {
  const { meta } = held;
  const built = buildDelegatePrompt(request, state.settings.policyFor(meta.plugin), state.settings.model, {
    pluginSystemPrompt: meta.systemPrompt,
    speciesSystemPrompt: state.options.speciesSystemPromptFor?.(meta.sessionId),
    transcriptPath: meta.event.transcript_path,
    transcriptAllowed: state.settings.transcriptContext,
  });
  const notes = [held.token.bypass ? 'cooldown bypassed once' : '', ...built.notes].filter(Boolean).join('; ');
  logDecision(state, meta.plugin, meta.sessionId, 'accepted', notes || undefined);
  return built;
}

/** The cached answer shown at once, or undefined. A cached answer spends neither cooldown nor budget. */
function answerFromCache(state: ResolverState, held: Admitted, key: string): DelegateOutcome | undefined {
  const hit = state.cache.get(key, held.token.admittedAt);
  if (!hit) return undefined;
  const { meta } = held;
  if (meta.upgrade) return upgradeFromCache(state, held, hit);
  const id = state.newId();
  emitReaction(state, meta, {
    id,
    kind: 'reaction',
    text: hit.text,
    source: hit.source,
    elapsedMs: state.now() - meta.receivedAt,
  });
  state.usage.cacheHit(meta.plugin);
  releaseAdmission(state, held, 'cached', undefined, hit.source);
  return { outcome: 'cached', reactionId: id, source: hit.source };
}

/** A cached answer for an upgrade: shown when fresh and shaped (a cached line is usually a repeat). */
function upgradeFromCache(
  state: ResolverState,
  held: Admitted,
  hit: { text: string; source: string },
): DelegateOutcome {
  const { meta } = held;
  const kept = showUpgrade(state, meta, hit.text, hit.source);
  state.usage.cacheHit(meta.plugin);
  releaseAdmission(state, held, 'cached', kept ? `quip kept: ${kept}` : undefined, hit.source);
  return kept
    ? { outcome: 'offline', reason: kept }
    : { outcome: 'cached', reactionId: meta.upgrade!.reactionId, source: hit.source };
}

/**
 * The bubble a queued request answers on. A newer request from the same plugin for the same
 * session takes the older one's place and bubble (only the latest thing worth saying is said);
 * otherwise a thinking bubble is shown.
 */
function takeQueueSlot(state: ResolverState, meta: DelegateMeta): string {
  const replaced = state.queue.takeSameSlot(meta.plugin, meta.sessionId);
  if (replaced) {
    // The replaced request never made its call: give its admission back.
    releaseAdmission(state, replaced, 'dropped', 'replaced by a newer request');
    replaced.done({ outcome: 'dropped', reason: 'replaced' });
    return meta.upgrade?.reactionId ?? replaced.reactionId;
  }
  // An upgrade shows no thinking bubble: the quip is on screen meanwhile.
  if (meta.upgrade) return meta.upgrade.reactionId;
  const reactionId = state.newId();
  const { timeoutMs, staleMs } = state.settings;
  emitReaction(state, meta, {
    id: reactionId,
    kind: 'thinking',
    text: THINKING_TEXT,
    source: sanitizeText(meta.plugin, { maxLength: 60 }),
    ttlMs: timeoutMs + staleMs,
  });
  return reactionId;
}

/** An admitted request up to the queue: the prompt built, then the cached answer or the job to queue. */
function prepare(
  state: ResolverState,
  held: Admitted,
  request: DelegateRequest,
  adapter: DelegateAdapter,
): DelegateOutcome | QueuedJob {
  const built = buildPrompt(state, held, request);
  const key = cacheKey({ adapter: adapter.name, ...built });
  const cached = answerFromCache(state, held, key);
  if (cached) return cached;
  const reactionId = takeQueueSlot(state, held.meta);
  return { ...held, key, built, reactionId, priority: priorityOfKinds(held.meta.kinds), adapter };
}

/** Policy's verdict: the admission held, or the outcome of a refusal (the offline quip). */
function admit(state: ResolverState, meta: DelegateMeta, at: number): Admitted | DelegateOutcome {
  const important = meta.kinds.some((k) => BYPASS_KINDS.has(k)) || (state.options.isAddressed?.(meta.event) ?? false);
  const admission = state.admissions.admit(meta.plugin, at, important);
  if (admission.ok) return { meta, token: admission.token };
  state.usage.refused(meta.plugin, admission.reason);
  logDecision(state, meta.plugin, meta.sessionId, 'refused', `${admission.reason}: ${admission.detail}`);
  const outcome = fallBack(state, meta, admission.reason);
  state.usage.flush(state.now());
  return outcome;
}

/** The queued job's outcome, when it has one; the queue takes failures before small talk. */
function enqueue(state: ResolverState, job: QueuedJob): Promise<DelegateOutcome> {
  return new Promise<DelegateOutcome>((done) => {
    state.queue.enqueue({ ...job, done });
    pumpQueue(state);
  });
}

async function resolveRequest(state: ResolverState, request: unknown, meta: DelegateMeta): Promise<DelegateOutcome> {
  const parsed = delegateRequestSchema.safeParse(request);
  if (!parsed.success) {
    state.usage.refused(meta.plugin, 'invalid');
    logDecision(state, meta.plugin, meta.sessionId, 'refused', `invalid request: ${z.prettifyError(parsed.error)}`);
    return fallBack(state, meta, 'invalid');
  }
  const { adapter } = meta.upgrade?.sessionOnly
    ? { adapter: sessionOnlyAdapter(state) }
    : await chosenAdapter(state, parseHostId(meta.event.host));
  const at = state.now();
  if (state.signal.aborted) return fallBack(state, meta, 'closed');
  if (at - meta.receivedAt > state.settings.staleMs) {
    logDecision(state, meta.plugin, meta.sessionId, 'dropped', `stale on arrival: ${at - meta.receivedAt} ms old`);
    return { outcome: 'dropped', reason: 'stale' };
  }
  if (!adapter.usesModel) return fallBack(state, meta, 'offline adapter');
  const held = admit(state, meta, at);
  if ('outcome' in held) return held;
  let prepared: ReturnType<typeof prepare>;
  try {
    prepared = prepare(state, held, parsed.data, adapter);
  } catch (error) {
    // Nothing was called yet: the admission goes back before the error is reported.
    releaseAdmission(state, held, 'dropped', 'resolver error before its call');
    throw error;
  }
  return 'outcome' in prepared ? prepared : enqueue(state, prepared);
}

/** Never throws: a bug here must never take the TUI down; it is said, and the quip falls back. */
async function resolveSafely(state: ResolverState, request: unknown, meta: DelegateMeta): Promise<DelegateOutcome> {
  try {
    return await resolveRequest(state, request, meta);
  } catch (error) {
    logDecision(
      state,
      meta.plugin,
      meta.sessionId,
      'failed',
      `resolver error: ${String((error as Error)?.message ?? error)}`,
    );
    return fallBack(state, meta, 'resolver error');
  }
}

/** Aborts running calls; queued ones fall back and give their admission back. */
function closeResolver(state: ResolverState): void {
  for (const controller of state.running) controller.abort(new DelegateCallError('buddy-tui is closing', 'timeout'));
  for (const job of state.queue.drain()) {
    releaseAdmission(state, job, 'dropped', 'closed before its call');
    job.done(fallBack(state, job.meta, 'closed', job.reactionId));
  }
  settleIdle(state);
}

export function createDelegateResolver(options: DelegateResolverOptions): DelegateResolver {
  // Its own lifetime within the owner's: close() or the owner's end ends it.
  const life = lifetimeWithin(options.signal);
  const state = makeResolverState(options, life.signal);
  onAbort(life.signal, () => closeResolver(state));
  return {
    resolve: (request, meta) => resolveSafely(state, request, meta),
    idle: () =>
      new Promise<void>((wake) => {
        state.idleWaiters.push(wake);
        settleIdle(state);
      }),
    usage: () => state.usage.snapshot(),
    adapterChoice: async () => (await chosenAdapter(state)).choice,
    close: () => void life.end(),
  };
}
