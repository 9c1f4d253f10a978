/**
 * What one delegate resolver holds, as one explicit object, and the small steps every stage of
 * a request shares: the decision log, a reaction out, the offline fallback, an admission given
 * back, and waking whoever waits for the resolver to be idle. The stages themselves are
 * delegate-resolver.ts (a request up to the queue) and job-run.ts (a queued call).
 */
import { randomBytes } from 'node:crypto';
import type { DelegateMeta } from '../protocol/plugin-answer.js';
import { DEFAULT_REACTION_TTL_MS, type Reaction } from '../protocol/reaction.js';
import { priorityOfKinds } from '../protocol/event-kind.js';
import { toReactionText, toSafeText, type SafeText } from '../text/safe-text.js';
import type { DelegateAdapter } from './adapters/adapter.js';
import { chooseAdapter, type AdapterChoice } from './adapters/auto-choice.js';
import { createSessionAdapter } from './adapters/session.js';
import { stateRootPath } from '../state/state-root.js';
import type { HostId } from '../hosts/host-id.js';
import { AdmissionLedger } from './admission-ledger.js';
import { AnswerCache } from './answer-cache.js';
import { resolveDelegateSettings, type DelegateSettings } from './delegate-config.js';
import { DelegateUsageLedger, type DelegateLogEntry } from './delegate-usage.js';
import { DelegateJobQueue } from './job-queue.js';
import { createQuipPicker, type QuipPicker } from './offline-quips.js';
import type { Admitted, DelegateOutcome, DelegateResolverOptions, Job } from './delegate-resolver-types.js';

export const THINKING_TEXT: SafeText = toSafeText('…');

export interface ResolverState {
  readonly options: DelegateResolverOptions;
  readonly settings: DelegateSettings;
  readonly now: () => number;
  /** Starts the call timeout; returns its cancel. */
  readonly setTimer: (fire: () => void, ms: number) => () => void;
  readonly picker: QuipPicker;
  readonly cache: AnswerCache;
  readonly usage: DelegateUsageLedger;
  readonly admissions: AdmissionLedger;
  readonly queue: DelegateJobQueue<Job>;
  /** One controller per call in flight (close() aborts them). */
  readonly running: Set<AbortController>;
  readonly idleWaiters: (() => void)[];
  readonly newId: () => string;
  /** The adapter, chosen on first use: for `auto`, one per asking host (a Copilot session's requests go to copilot). */
  readonly chosen: Map<string, Promise<{ adapter: DelegateAdapter; choice: AdapterChoice }>>;
  /** For requests only the mod's session may answer (the buddy's voice by default), made on first use. */
  sessionOnly?: DelegateAdapter;
  /** The resolver's lifetime: once it is aborted, every request falls back ('closed'). */
  readonly signal: AbortSignal;
}

const startTimeout = (fire: () => void, ms: number) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

const decision = (
  ts: number,
  plugin: string,
  sessionId: string,
  outcome: string,
  reason?: string,
  source?: string,
): DelegateLogEntry => ({
  ts,
  plugin,
  sessionId,
  outcome,
  ...(reason ? { reason } : {}),
  ...(source ? { source } : {}),
});

function reportDecision(options: DelegateResolverOptions, entry: DelegateLogEntry): void {
  const message = `${entry.plugin} ${entry.outcome}${entry.reason ? `: ${entry.reason}` : ''}`;
  options.report?.({
    level: entry.outcome === 'failed' ? 'warning' : 'info',
    where: 'delegate',
    message,
    detail: entry,
  });
}

export function makeResolverState(options: DelegateResolverOptions, signal: AbortSignal): ResolverState {
  const settings = resolveDelegateSettings(options.config);
  const now = options.now ?? Date.now;
  // The ledger's own write failures are reported, not kept in its recent decisions.
  const usage = new DelegateUsageLedger(options.usageDir, (error) =>
    reportDecision(options, decision(now(), 'ledger', '', 'failed', `accounting not written: ${String(error)}`)),
  );
  let counter = 0;
  return {
    options,
    settings,
    now,
    setTimer: options.setTimer ?? startTimeout,
    picker: createQuipPicker(options.quipsFor ?? (() => undefined), options.seed ?? 1),
    cache: new AnswerCache(settings.cacheTtlMs),
    usage,
    admissions: new AdmissionLedger(usage, settings.policyFor),
    queue: new DelegateJobQueue<Job>(),
    running: new Set(),
    idleWaiters: [],
    newId: options.newId ?? (() => `delegate-${++counter}-${randomBytes(3).toString('hex')}`),
    chosen: new Map(),
    signal,
  };
}

/** Reports a decision and keeps it in the ledger's recent list. */
export function logDecision(
  state: ResolverState,
  plugin: string,
  sessionId: string,
  outcome: string,
  reason?: string,
  source?: string,
): void {
  const entry = decision(state.now(), plugin, sessionId, outcome, reason, source);
  state.usage.log(entry);
  reportDecision(state.options, entry);
}

/** The adapter in use, chosen once (per asking host for `auto`): the caller's, or one picked from the config. */
export function chosenAdapter(
  state: ResolverState,
  askingHost?: HostId,
): Promise<{ adapter: DelegateAdapter; choice: AdapterChoice }> {
  const given = state.options.adapter;
  const key = state.settings.adapter === 'auto' && !given ? (askingHost ?? '') : '';
  let choice = state.chosen.get(key);
  if (!choice) {
    choice = given
      ? Promise.resolve({ adapter: given, choice: { adapter: given.name, reason: 'given by the caller' } })
      : chooseAdapter({
          settings: state.settings,
          picker: state.picker,
          env: state.options.env ?? process.env,
          askingHost,
          bridgeRoot: state.options.bridgeRoot,
        });
    state.chosen.set(key, choice);
  }
  return choice;
}

/** The mod's session with no fallback: with no mod loaded the call fails as unavailable. */
export function sessionOnlyAdapter(state: ResolverState): DelegateAdapter {
  state.sessionOnly ??= createSessionAdapter({
    root: state.options.bridgeRoot ?? stateRootPath(state.options.env ?? process.env),
    timeoutMs: state.settings.timeoutMs,
    now: state.now,
  });
  return state.sessionOnly;
}

export function emitReaction(
  state: ResolverState,
  meta: DelegateMeta,
  fields: Pick<Reaction, 'id' | 'kind' | 'text' | 'source'> & Partial<Reaction>,
): void {
  state.options.onReaction({
    sessionId: meta.sessionId,
    event: meta.event.hook_event_name,
    priority: priorityOfKinds(meta.kinds),
    ttlMs: DEFAULT_REACTION_TTL_MS,
    ts: state.now(),
    // The event it answers: its thinking bubble and answer take the built-in quip's place.
    ...(meta.eventId !== undefined ? { eventId: meta.eventId } : {}),
    // The buddy's own voice is still the fallback: a user's plugin answering the event wins.
    ...(meta.upgrade ? { fallback: true } : {}),
    ...fields,
  });
}

/**
 * An upgrade's answer onto the quip's bubble, when fresh and shaped; else why not (the quip
 * stands). Only for requests with `meta.upgrade`.
 */
export function showUpgrade(
  state: ResolverState,
  meta: DelegateMeta,
  text: string,
  source: string,
): string | undefined {
  const upgrade = meta.upgrade!;
  if (state.now() > upgrade.freshUntil) return "stale: the quip's bubble is gone";
  const shaped = upgrade.shape(text);
  const safe = shaped ? toReactionText(shaped) : undefined;
  if (!safe) return 'the answer broke the rules (too long, empty or a repeat)';
  emitReaction(state, meta, {
    id: upgrade.reactionId,
    kind: 'reaction',
    text: safe,
    source,
    elapsedMs: state.now() - meta.receivedAt,
  });
  return undefined;
}

/** The offline quip in place of a model answer; withdraws the thinking bubble when there is none. */
export function fallBack(
  state: ResolverState,
  meta: DelegateMeta,
  reason: string,
  reactionId?: string,
): DelegateOutcome {
  state.usage.offline(meta.plugin);
  // An upgrade's quip is on screen already: it stands.
  if (meta.upgrade) return { outcome: 'offline', reason };
  const quip = state.picker.pick(meta.kinds, meta.sessionId);
  if (quip) {
    const id = reactionId ?? state.newId();
    emitReaction(state, meta, {
      id,
      kind: 'reaction',
      text: toReactionText(quip.text),
      source: 'offline',
      elapsedMs: state.now() - meta.receivedAt,
    });
    return { outcome: 'offline', reactionId: id, reason };
  }
  // The withdrawal is never shown; its text is the reason, kept in the pane's `r` history.
  if (reactionId)
    emitReaction(state, meta, {
      id: reactionId,
      kind: 'reaction',
      text: toReactionText(`no answer (${reason}); no quip for this event`),
      source: 'offline',
      ttlMs: 0,
    });
  return { outcome: 'offline', reactionId, reason };
}

/**
 * Gives back an admission that made no call after all: its cooldown token and its count
 * against the day's budget, written at once (a restart must not count it). Every such path
 * comes here; the admission ledger takes a token back at most once.
 */
export function releaseAdmission(
  state: ResolverState,
  held: Admitted,
  outcome: 'cached' | 'dropped',
  reason?: string,
  source?: string,
): void {
  if (!state.admissions.release(held.token)) return;
  logDecision(state, held.meta.plugin, held.meta.sessionId, outcome, reason, source);
  state.usage.flush(state.now());
}

/** Wakes the idle() waiters when nothing is queued or running. */
export function settleIdle(state: ResolverState): void {
  if (state.queue.length > 0 || state.running.size > 0) return;
  for (const wake of state.idleWaiters.splice(0)) wake();
}
