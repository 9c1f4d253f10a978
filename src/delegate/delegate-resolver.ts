/**
 * The delegate resolver: a plugin's `{"delegate": true, ...}` request goes through
 * validation, policy, cache and an adapter, and comes back as reactions: "thinking" at once,
 * then the answer, or the species' offline quip when the call is refused, fails or times out
 * (the same reaction id, so the thinking bubble is replaced; `source` says who spoke).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { delegateRequestSchema, type DelegateMeta, type DelegateRequest } from '../protocol/plugin-answer.js';
import { DEFAULT_REACTION_TTL_MS, type Reaction } from '../protocol/reaction.js';
import { priorityOfKinds } from '../protocol/event-kind.js';
import { parseHostId, type HostId } from '../hosts/host-id.js';
import { sanitizeText } from '../text/sanitize.js';
import { abortFailure, DelegateCallError, type DelegateAdapter, type DelegateAnswer } from './adapters/adapter.js';
import { chooseAdapter, type AdapterChoice } from './adapters/auto-choice.js';
import { AnswerCache, cacheKey } from './answer-cache.js';
import { resolveDelegateSettings, type DelegatePolicy } from './delegate-config.js';
import { BYPASS_KINDS, DelegatePolicyGate } from './delegate-policy.js';
import { buildDelegatePrompt } from './delegate-prompt.js';
import { DelegateUsageLedger, utcDay, type DelegateLogEntry } from './delegate-usage.js';
import { createQuipPicker } from './offline-quips.js';
import type { Admitted, DelegateOutcome, DelegateResolver, DelegateResolverOptions, Job } from './delegate-resolver-types.js';

export type { DelegateOutcome, DelegateResolver, DelegateResolverOptions } from './delegate-resolver-types.js';

export const THINKING_TEXT = '…';
/** Longest answer shown in a bubble. */
export const MAX_ANSWER_CHARS = 600;

export function createDelegateResolver(options: DelegateResolverOptions): DelegateResolver {
  const settings = resolveDelegateSettings(options.config);
  const now = options.now ?? Date.now;
  const setTimer =
    options.setTimer ??
    ((fire: () => void, ms: number) => {
      const timer = setTimeout(fire, ms);
      return () => clearTimeout(timer);
    });
  const env = options.env ?? process.env;
  const picker = createQuipPicker(options.quipsFor ?? (() => undefined), options.seed ?? 1);
  const gate = new DelegatePolicyGate();
  const cache = new AnswerCache(settings.cacheTtlMs);
  const ledger = new DelegateUsageLedger(options.usageDir, (error) => log('ledger', '', 'failed', `accounting not written: ${String(error)}`));
  const queue: Job[] = [];
  const running = new Set<AbortController>();
  const idleWaiters: (() => void)[] = [];
  let counter = 0;
  let closed = false;
  // One choice per asking host for `auto` (a Copilot session's requests go to copilot), one for all otherwise.
  const chosen = new Map<string, Promise<{ adapter: DelegateAdapter; choice: AdapterChoice }>>();

  const newId = options.newId ?? (() => `delegate-${++counter}-${randomBytes(3).toString('hex')}`);
  const getAdapter = (askingHost?: HostId) => {
    const key = settings.adapter === 'auto' && !options.adapter ? askingHost ?? '' : '';
    let choice = chosen.get(key);
    if (!choice) {
      choice = options.adapter
        ? Promise.resolve({ adapter: options.adapter, choice: { adapter: options.adapter.name, reason: 'given by the caller' } })
        : chooseAdapter({ settings, picker, env, askingHost, bridgeRoot: options.bridgeRoot });
      chosen.set(key, choice);
    }
    return choice;
  };

  function log(plugin: string, sessionId: string, outcome: string, reason?: string, source?: string) {
    const entry: DelegateLogEntry = { ts: now(), plugin, sessionId, outcome, ...(reason ? { reason } : {}), ...(source ? { source } : {}) };
    if (plugin !== 'ledger') ledger.log(entry);
    options.report?.({ level: outcome === 'failed' ? 'warning' : 'info', where: 'delegate', message: `${plugin} ${outcome}${reason ? `: ${reason}` : ''}`, detail: entry });
  }

  function emit(meta: DelegateMeta, fields: Pick<Reaction, 'id' | 'kind' | 'text' | 'source'> & Partial<Reaction>) {
    options.onReaction({
      sessionId: meta.sessionId,
      event: meta.event.hook_event_name,
      priority: priorityOfKinds(meta.kinds),
      ttlMs: DEFAULT_REACTION_TTL_MS,
      ts: now(),
      // The event it answers: its thinking bubble and answer take the built-in quip's place.
      ...(meta.eventId !== undefined ? { eventId: meta.eventId } : {}),
      ...fields,
    });
  }

  /** The offline quip in place of a model answer; withdraws the thinking bubble when there is none. */
  function fallback(meta: DelegateMeta, reason: string, reactionId?: string): DelegateOutcome {
    const quip = picker.pick(meta.kinds, meta.sessionId);
    ledger.offline(meta.plugin);
    if (quip) {
      const id = reactionId ?? newId();
      emit(meta, { id, kind: 'reaction', text: sanitizeText(quip.text, { maxLength: MAX_ANSWER_CHARS }), source: 'offline', elapsedMs: now() - meta.receivedAt });
      return { outcome: 'offline', reactionId: id, reason };
    }
    if (reactionId) emit(meta, { id: reactionId, kind: 'reaction', text: THINKING_TEXT, source: 'offline', ttlMs: 0 });
    return { outcome: 'offline', reactionId, reason };
  }

  /**
   * Gives back an admission that made no call after all: its cooldown token and its count
   * against the day's budget, written at once (a restart must not count it). Every such path
   * comes here, and at most once per admission, since the daily budget depends on it.
   */
  function release(held: Admitted, outcome: 'cached' | 'dropped', reason?: string, source?: string): void {
    if (held.released) return;
    held.released = true;
    const { plugin, sessionId } = held.meta;
    gate.refund(plugin, settings.policyFor(plugin), held.bypass);
    ledger.unadmitted(plugin, held.admittedAt);
    log(plugin, sessionId, outcome, reason, source);
    ledger.flush(now());
  }

  function settleIdle() {
    if (queue.length > 0 || running.size > 0) return;
    for (const wake of idleWaiters.splice(0)) wake();
  }

  async function run(job: Job) {
    const { adapter } = job;
    const controller = new AbortController();
    running.add(controller);
    const cancelTimeout = setTimer(
      () => controller.abort(new DelegateCallError(`no answer within ${settings.timeoutMs} ms`, 'timeout')),
      settings.timeoutMs,
    );
    const { meta, built } = job;
    try {
      const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(abortFailure(controller.signal)), { once: true }));
      aborted.catch(() => undefined);
      const answer: DelegateAnswer = await Promise.race([
        adapter.complete({ ...built, kinds: meta.kinds, sessionId: meta.sessionId, plugin: meta.plugin, signal: controller.signal }),
        aborted,
      ]);
      const text = sanitizeText(answer.text, { keepNewlines: true, maxLength: MAX_ANSWER_CHARS }).trim();
      if (!text) throw new DelegateCallError('the answer was empty after sanitising', 'empty');
      const source = sanitizeText(answer.source, { maxLength: 60 }) || adapter.name;
      emit(meta, { id: job.reactionId, kind: 'reaction', text, source, elapsedMs: now() - meta.receivedAt });
      ledger.answered(meta.plugin, now(), source, { ...answer.usage, costUsd: answer.costUsd, maxTokensSent: answer.maxTokensSent });
      cache.set(job.key, { text, source, at: now() });
      log(meta.plugin, meta.sessionId, 'answered', undefined, source);
      job.done({ outcome: 'answered', reactionId: job.reactionId, source });
    } catch (error) {
      const failure = error instanceof DelegateCallError ? error : new DelegateCallError(String((error as Error)?.message ?? error), 'process');
      ledger.failed(meta.plugin, now(), failure.message);
      log(meta.plugin, meta.sessionId, 'failed', `${failure.kind}: ${failure.message}`);
      job.done(fallback(meta, `${failure.kind}: ${failure.message}`, job.reactionId));
    } finally {
      cancelTimeout();
      running.delete(controller);
      ledger.flush(now());
      pump();
    }
  }

  function pump() {
    while (running.size < settings.maxInFlight && queue.length > 0) {
      const job = queue.shift()!;
      const waited = now() - job.meta.receivedAt;
      if (waited > settings.staleMs) {
        release(job, 'dropped', `stale: waited ${waited} ms`);
        fallback(job.meta, 'stale', job.reactionId);
        job.done({ outcome: 'dropped', reason: 'stale' });
        continue;
      }
      void run(job);
    }
    settleIdle();
  }

  /**
   * An admitted request up to the queue: the prompt built, then the cached answer, or the job to
   * queue (taking the place and bubble of an older one, or showing the thinking bubble).
   */
  function prepare(held: Admitted, request: DelegateRequest, policy: DelegatePolicy, adapter: DelegateAdapter): DelegateOutcome | Omit<Job, 'done'> {
    const { meta } = held;
    const built = buildDelegatePrompt(request, policy, settings.model, {
      pluginSystemPrompt: meta.systemPrompt,
      speciesSystemPrompt: options.speciesSystemPromptFor?.(meta.sessionId),
      transcriptPath: meta.event.transcript_path,
      transcriptAllowed: settings.transcriptContext,
    });
    log(meta.plugin, meta.sessionId, 'accepted', [held.bypass ? 'cooldown bypassed once' : '', ...built.notes].filter(Boolean).join('; ') || undefined);

    const key = cacheKey({ adapter: adapter.name, ...built });
    const hit = cache.get(key, held.admittedAt);
    if (hit) {
      const id = newId();
      emit(meta, { id, kind: 'reaction', text: hit.text, source: hit.source, elapsedMs: now() - meta.receivedAt });
      ledger.cacheHit(meta.plugin);
      // A cached answer costs nothing: it spends neither the cooldown nor the daily budget.
      release(held, 'cached', undefined, hit.source);
      return { outcome: 'cached', reactionId: id, source: hit.source };
    }

    // A newer request from the same plugin for the same session takes the older one's place
    // (and its bubble): only the latest thing worth saying is said.
    const older = queue.findIndex((job) => job.meta.plugin === meta.plugin && job.meta.sessionId === meta.sessionId);
    let reactionId: string;
    if (older >= 0) {
      const [replaced] = queue.splice(older, 1);
      reactionId = replaced!.reactionId;
      // The replaced request never made its call: give its admission back.
      release(replaced!, 'dropped', 'replaced by a newer request');
      replaced!.done({ outcome: 'dropped', reason: 'replaced' });
    } else {
      reactionId = newId();
      emit(meta, {
        id: reactionId,
        kind: 'thinking',
        text: THINKING_TEXT,
        source: sanitizeText(meta.plugin, { maxLength: 60 }),
        ttlMs: settings.timeoutMs + settings.staleMs,
      });
    }
    return { ...held, key, built, reactionId, priority: priorityOfKinds(meta.kinds), adapter };
  }

  async function resolve(request: unknown, meta: DelegateMeta): Promise<DelegateOutcome> {
    const parsed = delegateRequestSchema.safeParse(request);
    if (!parsed.success) {
      const detail = z.prettifyError(parsed.error);
      ledger.refused(meta.plugin, 'invalid');
      log(meta.plugin, meta.sessionId, 'refused', `invalid request: ${detail}`);
      return fallback(meta, 'invalid');
    }
    const { adapter } = await getAdapter(parseHostId(meta.event.host));
    const at = now();
    if (closed) return fallback(meta, 'closed');
    if (at - meta.receivedAt > settings.staleMs) {
      log(meta.plugin, meta.sessionId, 'dropped', `stale on arrival: ${at - meta.receivedAt} ms old`);
      return { outcome: 'dropped', reason: 'stale' };
    }
    const policy = settings.policyFor(meta.plugin);
    if (!adapter.usesModel) return fallback(meta, 'offline adapter');

    const important = meta.kinds.some((k) => BYPASS_KINDS.has(k)) || (options.isAddressed?.(meta.event) ?? false);
    const admission = gate.admit(meta.plugin, policy, at, important, ledger.callsOn(meta.plugin, utcDay(at)));
    if (!admission.ok) {
      ledger.refused(meta.plugin, admission.reason);
      log(meta.plugin, meta.sessionId, 'refused', `${admission.reason}: ${admission.detail}`);
      const outcome = fallback(meta, admission.reason);
      ledger.flush(now());
      return outcome;
    }
    ledger.admitted(meta.plugin, at);
    const held: Admitted = { meta, admittedAt: at, bypass: admission.bypass };

    let prepared: ReturnType<typeof prepare>;
    try {
      prepared = prepare(held, parsed.data, policy, adapter);
    } catch (error) {
      // Nothing was called yet: the admission goes back before the error is reported.
      release(held, 'dropped', 'resolver error before its call');
      throw error;
    }
    if ('outcome' in prepared) return prepared;
    return new Promise<DelegateOutcome>((done) => {
      queue.push({ ...prepared, done });
      // Failures before small talk; equal priorities keep their order (sort is stable).
      queue.sort((a, b) => b.priority - a.priority);
      pump();
    });
  }

  return {
    async resolve(request, meta) {
      try {
        return await resolve(request, meta);
      } catch (error) {
        // A bug here must never take the TUI down: say so, and fall back.
        log(meta.plugin, meta.sessionId, 'failed', `resolver error: ${String((error as Error)?.message ?? error)}`);
        return fallback(meta, 'resolver error');
      }
    },
    idle: () => new Promise<void>((wake) => {
      idleWaiters.push(wake);
      settleIdle();
    }),
    usage: () => ledger.snapshot(),
    adapterChoice: async () => (await getAdapter()).choice,
    close() {
      closed = true;
      for (const controller of running) controller.abort(new DelegateCallError('buddy-tui is closing', 'timeout'));
      for (const job of queue.splice(0)) {
        release(job, 'dropped', 'closed before its call');
        job.done(fallback(job.meta, 'closed', job.reactionId));
      }
      settleIdle();
    },
  };
}
