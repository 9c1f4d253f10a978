/**
 * A queued delegate call, step by step: the queue pumped up to the in-flight cap (a job that
 * went stale waiting falls back instead), the adapter called under its timeout, and the answer
 * shown, cached and counted, or the failure counted and the offline quip shown in its place.
 */
import { sanitizeText } from '../text/sanitize.js';
import { toReactionText } from '../text/safe-text.js';
import { abortFailure, DelegateCallError, type DelegateAdapter, type DelegateAnswer } from './adapters/adapter.js';
import type { Job } from './delegate-resolver-types.js';
import {
  emitReaction,
  fallBack,
  logDecision,
  releaseAdmission,
  settleIdle,
  showUpgrade,
  type ResolverState,
} from './resolver-state.js';

/** The adapter's answer, or the abort's reason (timeout, closing) when that comes first. */
async function callAdapter(job: Job, adapter: DelegateAdapter, signal: AbortSignal): Promise<DelegateAnswer> {
  const aborted = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(abortFailure(signal)), { once: true }),
  );
  aborted.catch(() => undefined);
  const { meta, built } = job;
  return Promise.race([
    adapter.complete({ ...built, kinds: meta.kinds, sessionId: meta.sessionId, plugin: meta.plugin, signal }),
    aborted,
  ]);
}

/** The answer on the job's bubble, in the cache and in the ledger. Throws when nothing is left of it. */
function deliverAnswer(state: ResolverState, job: Job, adapter: DelegateAdapter, answer: DelegateAnswer): void {
  const { meta } = job;
  const text = toReactionText(answer.text);
  if (!text) throw new DelegateCallError('the answer was empty after sanitising', 'empty');
  const source = sanitizeText(answer.source, { maxLength: 60 }) || adapter.name;
  // An upgrade's answer may be kept off the quip's bubble (stale, a repeat): the call still counts.
  const kept = meta.upgrade ? showUpgrade(state, meta, text, source) : undefined;
  if (!meta.upgrade)
    emitReaction(state, meta, {
      id: job.reactionId,
      kind: 'reaction',
      text,
      source,
      elapsedMs: state.now() - meta.receivedAt,
    });
  state.usage.answered(meta.plugin, state.now(), source, {
    ...answer.usage,
    costUsd: answer.costUsd,
    maxTokensSent: answer.maxTokensSent,
  });
  state.cache.set(job.key, { text, source, at: state.now() });
  logDecision(state, meta.plugin, meta.sessionId, 'answered', kept && `quip kept: ${kept}`, source);
  job.done(kept ? { outcome: 'offline', reason: kept } : { outcome: 'answered', reactionId: job.reactionId, source });
}

/** A failed call counts as a call; its bubble gets the offline quip. */
function deliverFailure(state: ResolverState, job: Job, error: unknown): void {
  const { meta } = job;
  const failure =
    error instanceof DelegateCallError
      ? error
      : new DelegateCallError(String((error as Error)?.message ?? error), 'process');
  state.usage.failed(meta.plugin, state.now(), failure.message);
  logDecision(state, meta.plugin, meta.sessionId, 'failed', `${failure.kind}: ${failure.message}`);
  job.done(fallBack(state, meta, `${failure.kind}: ${failure.message}`, job.reactionId));
}

/** One call from start to its outcome. Never rejects. */
async function runJob(state: ResolverState, job: Job): Promise<void> {
  const { adapter } = job;
  const controller = new AbortController();
  state.running.add(controller);
  const { timeoutMs } = state.settings;
  const cancelTimeout = state.setTimer(
    () => controller.abort(new DelegateCallError(`no answer within ${timeoutMs} ms`, 'timeout')),
    timeoutMs,
  );
  try {
    deliverAnswer(state, job, adapter, await callAdapter(job, adapter, controller.signal));
  } catch (error) {
    deliverFailure(state, job, error);
  } finally {
    cancelTimeout();
    state.running.delete(controller);
    state.usage.flush(state.now());
  }
}

/** Starts queued calls up to the in-flight cap; each finished call pumps again. */
export function pumpQueue(state: ResolverState): void {
  while (state.running.size < state.settings.maxInFlight && state.queue.length > 0) {
    const next = state.queue.takeNext(state.now(), state.settings.staleMs)!;
    const { job } = next;
    if (next.stale) {
      releaseAdmission(state, job, 'dropped', `stale: waited ${next.waitedMs} ms`);
      fallBack(state, job.meta, 'stale', job.reactionId);
      job.done({ outcome: 'dropped', reason: 'stale' });
      continue;
    }
    void runJob(state, job).then(() => pumpQueue(state));
  }
  settleIdle(state);
}
