/**
 * Delegate accounting: calls, tokens and cost per plugin, refusals by reason, and the calls
 * per UTC day that the daily budget counts. One JSON file in the state root, rewritten
 * atomically; the TUI reads it with `readDelegateUsage` for its help/stats view.
 */
import { join } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { atomicWriteJsonSync } from '../state/atomic-write.js';
import { ensurePrivateDir } from '../state/state-root.js';
import { keyedRecord } from '../state/keyed-record.js';

export const DELEGATE_USAGE_FILE = 'delegate-usage.json';
const DAYS_KEPT = 8;
const RECENT_KEPT = 20;

export interface PluginUsage {
  /** Model calls made (cache hits and offline quips not included). */
  calls: number;
  failures: number;
  cacheHits: number;
  /** Offline quips shown instead of a model answer (refusals, failures, timeouts). */
  offline: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** The max_tokens the calls really carried, when a host raised what was asked (the session adapter adds 2048 each). */
  maxTokensSent?: number;
  refusals: Record<string, number>;
  /** Calls admitted per UTC day, "YYYY-MM-DD" → count; the last few days only. */
  days: Record<string, number>;
  lastAt?: number;
  lastSource?: string;
  lastError?: string;
}

export interface DelegateLogEntry {
  ts: number;
  plugin: string;
  sessionId: string;
  /** accepted | answered | cached | refused | dropped | failed | offline */
  outcome: string;
  reason?: string;
  source?: string;
}

export interface DelegateUsage {
  version: 1;
  updatedAt: number;
  plugins: Record<string, PluginUsage>;
  recent: DelegateLogEntry[];
}

/** `plugins` is keyed by plugin name, which may be `constructor` or `toString`. */
export const emptyUsage = (): DelegateUsage => ({ version: 1, updatedAt: 0, plugins: keyedRecord(), recent: [] });

const emptyPluginUsage = (): PluginUsage => ({
  calls: 0,
  failures: 0,
  cacheHits: 0,
  offline: 0,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: 0,
  refusals: {},
  days: {},
});

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The ledger in `dir`, or an empty one when the file is missing or unreadable (never throws). */
export function readDelegateUsage(dir: string): DelegateUsage {
  try {
    const parsed = JSON.parse(readSmallFile(join(dir, DELEGATE_USAGE_FILE), { maxBytes: SMALL_FILE_LIMITS.state }));
    if (parsed?.version !== 1 || typeof parsed.plugins !== 'object' || parsed.plugins === null) return emptyUsage();
    const plugins = keyedRecord<PluginUsage>();
    for (const [name, value] of Object.entries(parsed.plugins as Record<string, Partial<PluginUsage>>)) {
      if (value && typeof value === 'object') plugins[name] = { ...emptyPluginUsage(), ...value };
    }
    return {
      version: 1,
      updatedAt: Number(parsed.updatedAt) || 0,
      plugins,
      recent: Array.isArray(parsed.recent) ? parsed.recent : [],
    };
  } catch {
    return emptyUsage();
  }
}

export interface UsageTotals {
  calls: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  callsToday: number;
}

/** All plugins together, for a one-line summary. */
export function usageTotals(usage: DelegateUsage, now: number): UsageTotals {
  const today = utcDay(now);
  const totals: UsageTotals = { calls: 0, failures: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, callsToday: 0 };
  for (const plugin of Object.values(usage.plugins)) {
    totals.calls += plugin.calls;
    totals.failures += plugin.failures;
    totals.inputTokens += plugin.inputTokens;
    totals.outputTokens += plugin.outputTokens;
    totals.costUsd += plugin.costUsd;
    totals.callsToday += plugin.days[today] ?? 0;
  }
  return totals;
}

/**
 * The help view's rows: the totals, then one row per plugin (the issue asks for calls, tokens
 * and cost per plugin), busiest first. Empty when nothing was ever asked.
 */
export function usageStatRows(usage: DelegateUsage, now: number): Record<string, string | number> {
  const totals = usageTotals(usage, now);
  if (totals.calls === 0 && totals.failures === 0) return {};
  const money = (usd: number) => (usd > 0 ? ` · $${usd.toFixed(4)}` : '');
  const rows: Record<string, string | number> = {
    'calls today': totals.callsToday,
    'calls total': totals.calls,
    failures: totals.failures,
    tokens: `${totals.inputTokens} in / ${totals.outputTokens} out`,
    ...(totals.costUsd > 0 ? { cost: `$${totals.costUsd.toFixed(4)}` } : {}),
  };
  const plugins = Object.entries(usage.plugins)
    .filter(([, p]) => p.calls > 0)
    .sort(([, a], [, b]) => b.calls - a.calls);
  for (const [name, p] of plugins) {
    const failed = p.failures ? ` (${p.failures} failed)` : '';
    // Honest about the session adapter: Claude Code raised each call's max_tokens by 2048.
    const sent = p.maxTokensSent ? ` · max_tokens sent ${p.maxTokensSent}` : '';
    rows[`· ${name}`] =
      `${p.calls} call(s)${failed} · ${p.inputTokens} in / ${p.outputTokens} out${sent}${money(p.costUsd)}`;
  }
  return rows;
}

/** The resolver's writable ledger. `dir` undefined keeps it in memory only. */
export class DelegateUsageLedger {
  private usage: DelegateUsage;

  constructor(
    private readonly dir: string | undefined,
    private readonly onWriteError?: (error: unknown) => void,
  ) {
    this.usage = dir ? readDelegateUsage(dir) : emptyUsage();
  }

  snapshot(): DelegateUsage {
    return structuredClone(this.usage);
  }

  callsOn(plugin: string, day: string): number {
    return this.usage.plugins[plugin]?.days[day] ?? 0;
  }

  private plugin(name: string): PluginUsage {
    return (this.usage.plugins[name] ??= emptyPluginUsage());
  }

  /** A call admitted by policy: counts against today's budget. */
  admitted(plugin: string, now: number): void {
    const usage = this.plugin(plugin);
    const day = utcDay(now);
    usage.days[day] = (usage.days[day] ?? 0) + 1;
    for (const old of Object.keys(usage.days).sort().slice(0, -DAYS_KEPT)) delete usage.days[old];
  }

  /** An admission that made no call after all: it does not count against the day's budget. */
  unadmitted(plugin: string, at: number): void {
    const days = this.plugin(plugin).days;
    const day = utcDay(at);
    if ((days[day] ?? 0) > 0) days[day] -= 1;
  }

  answered(
    plugin: string,
    now: number,
    source: string,
    figures: { inputTokens?: number; outputTokens?: number; costUsd?: number; maxTokensSent?: number },
  ): void {
    const usage = this.plugin(plugin);
    if (figures.maxTokensSent) usage.maxTokensSent = (usage.maxTokensSent ?? 0) + figures.maxTokensSent;
    usage.calls++;
    usage.inputTokens += figures.inputTokens ?? 0;
    usage.outputTokens += figures.outputTokens ?? 0;
    usage.costUsd += figures.costUsd ?? 0;
    usage.lastAt = now;
    usage.lastSource = source;
  }

  failed(plugin: string, now: number, message: string): void {
    const usage = this.plugin(plugin);
    usage.calls++;
    usage.failures++;
    usage.lastAt = now;
    usage.lastError = message.slice(0, 300);
  }

  cacheHit(plugin: string): void {
    this.plugin(plugin).cacheHits++;
  }

  offline(plugin: string): void {
    this.plugin(plugin).offline++;
  }

  refused(plugin: string, reason: string): void {
    const refusals = this.plugin(plugin).refusals;
    refusals[reason] = (refusals[reason] ?? 0) + 1;
  }

  log(entry: DelegateLogEntry): void {
    this.usage.recent.push(entry);
    if (this.usage.recent.length > RECENT_KEPT) this.usage.recent.splice(0, this.usage.recent.length - RECENT_KEPT);
  }

  /** Writes the ledger (atomic). A failing disk never breaks the resolver. */
  flush(now: number): void {
    this.usage.updatedAt = now;
    if (!this.dir) return;
    try {
      ensurePrivateDir(this.dir);
      atomicWriteJsonSync(join(this.dir, DELEGATE_USAGE_FILE), this.usage);
    } catch (error) {
      this.onWriteError?.(error);
    }
  }
}
