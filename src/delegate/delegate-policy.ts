/**
 * Per-plugin admission: a token bucket (refill one call every `refillMs`, hold `burst`), a
 * daily budget, and one cooldown bypass per refill period for events that matter (failures,
 * test results, the buddy being addressed). Also shapes a request to its caps. Pure: the
 * caller passes the time and today's call count.
 */
import type { EventKind } from '../protocol/event-kind.js';
import type { DelegatePolicy } from './delegate-config.js';

export type RefusalReason = 'disabled' | 'cooldown' | 'daily_budget';

export type Admission = { ok: true; bypass: boolean } | { ok: false; reason: RefusalReason; detail: string };

/** Kinds that may skip the cooldown once. */
export const BYPASS_KINDS: ReadonlySet<EventKind> = new Set(['tool_failure', 'test_failure', 'tests_passed']);

interface Bucket {
  tokens: number;
  updatedAt: number;
  lastBypassAt?: number;
}

export class DelegatePolicyGate {
  private readonly buckets = new Map<string, Bucket>();

  /**
   * `important`: the event may bypass the cooldown (see BYPASS_KINDS, or the buddy addressed).
   * `callsToday`: calls this plugin already made today (from the ledger).
   */
  admit(plugin: string, policy: DelegatePolicy, now: number, important: boolean, callsToday: number): Admission {
    if (!policy.enabled) return { ok: false, reason: 'disabled', detail: 'delegates are disabled for this plugin' };
    if (policy.dailyBudget > 0 && callsToday >= policy.dailyBudget) {
      return { ok: false, reason: 'daily_budget', detail: `daily budget of ${policy.dailyBudget} calls used` };
    }
    if (policy.refillMs <= 0) return { ok: true, bypass: false };
    const bucket = this.refill(plugin, policy, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true, bypass: false };
    }
    if (important && (bucket.lastBypassAt === undefined || now - bucket.lastBypassAt >= policy.refillMs)) {
      bucket.lastBypassAt = now;
      return { ok: true, bypass: true };
    }
    const waitMs = Math.ceil((1 - bucket.tokens) * policy.refillMs);
    return { ok: false, reason: 'cooldown', detail: `next call in ${Math.ceil(waitMs / 1000)} s` };
  }

  /** Gives back an admission that made no call (a cache hit, a request replaced in the queue). */
  refund(plugin: string, policy: DelegatePolicy, bypass: boolean): void {
    const bucket = this.buckets.get(plugin);
    if (!bucket || bypass) return; // a bypass took no token; its once-per-period mark stays
    bucket.tokens = Math.min(policy.burst, bucket.tokens + 1);
  }

  private refill(plugin: string, policy: DelegatePolicy, now: number): Bucket {
    let bucket = this.buckets.get(plugin);
    if (!bucket) {
      bucket = { tokens: policy.burst, updatedAt: now };
      this.buckets.set(plugin, bucket);
      return bucket;
    }
    const elapsed = Math.max(0, now - bucket.updatedAt); // a clock going back earns nothing
    bucket.tokens = Math.min(policy.burst, bucket.tokens + elapsed / policy.refillMs);
    bucket.updatedAt = Math.max(bucket.updatedAt, now);
    return bucket;
  }
}

export interface ShapedRequest {
  prompt: string;
  systemPrompt: string;
  maxTokens: number;
  model: string;
  /** What was changed, for the log (e.g. "maxTokens 1000 → 300"). */
  notes: string[];
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Applies the caps of `policy` to a validated request. */
export function shapeRequest(
  request: { prompt: string; systemPrompt: string; maxTokens?: number; model?: string },
  policy: DelegatePolicy,
  defaultModel: string,
): ShapedRequest {
  const notes: string[] = [];
  const asked = request.maxTokens ?? policy.defaultMaxTokens;
  const maxTokens = Math.min(asked, policy.maxTokensCap);
  if (maxTokens !== asked) notes.push(`maxTokens ${asked} → ${maxTokens}`);
  const prompt = cut(request.prompt, policy.maxPromptChars);
  if (prompt !== request.prompt) notes.push(`prompt cut to ${policy.maxPromptChars} characters`);
  const systemPrompt = cut(request.systemPrompt, policy.maxSystemPromptChars);
  if (systemPrompt !== request.systemPrompt)
    notes.push(`system prompt cut to ${policy.maxSystemPromptChars} characters`);
  let model = request.model ?? defaultModel;
  if (request.model && policy.allowModels && !policy.allowModels.includes(request.model)) {
    notes.push(`model ${request.model} not allowed; using ${defaultModel}`);
    model = defaultModel;
  }
  return { prompt, systemPrompt, maxTokens, model, notes };
}
