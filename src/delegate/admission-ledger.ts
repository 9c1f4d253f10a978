/**
 * Who may call a model now: the policy gate (caps, cooldown tokens, the once-per-period bypass)
 * and the day's budget, counted in the usage ledger. An admission is a token; giving it back
 * (a cache hit, a request replaced or gone stale, closing) refunds its cooldown token and its
 * count against the day, and a token gives back at most once: the ledger keeps the tokens it
 * has not taken back, so no flag on the caller's objects says so. Pure: time is an argument.
 */
import type { DelegatePolicy } from './delegate-config.js';
import { DelegatePolicyGate, type RefusalReason } from './delegate-policy.js';
import { utcDay } from './delegate-usage.js';

/** The day's calls per plugin, as the daily budget counts them (DelegateUsageLedger is one). */
export interface DailyCalls {
  callsOn(plugin: string, day: string): number;
  admitted(plugin: string, at: number): void;
  unadmitted(plugin: string, at: number): void;
}

/** One admission. Opaque to the caller: it only hands it back to `release`. */
export interface AdmissionToken {
  readonly plugin: string;
  readonly admittedAt: number;
  /** Admitted by the cooldown bypass (which took no token from the bucket). */
  readonly bypass: boolean;
}

export type AdmissionResult =
  | { ok: true; token: AdmissionToken }
  | { ok: false; reason: RefusalReason; detail: string };

export class AdmissionLedger {
  private readonly gate = new DelegatePolicyGate();
  /** Admissions not given back; a WeakSet, so tokens of calls made are simply forgotten. */
  private readonly outstanding = new WeakSet<AdmissionToken>();

  constructor(
    private readonly calls: DailyCalls,
    private readonly policyFor: (plugin: string) => DelegatePolicy,
  ) {}

  /** `important`: the event may bypass the cooldown once (a failure, the buddy addressed). */
  admit(plugin: string, at: number, important: boolean): AdmissionResult {
    const admission = this.gate.admit(
      plugin,
      this.policyFor(plugin),
      at,
      important,
      this.calls.callsOn(plugin, utcDay(at)),
    );
    if (!admission.ok) return admission;
    this.calls.admitted(plugin, at);
    const token: AdmissionToken = Object.freeze({ plugin, admittedAt: at, bypass: admission.bypass });
    this.outstanding.add(token);
    return { ok: true, token };
  }

  /** Gives back an admission that made no call. True the first time; a second give-back is nothing. */
  release(token: AdmissionToken): boolean {
    if (!this.outstanding.delete(token)) return false;
    this.gate.refund(token.plugin, this.policyFor(token.plugin), token.bypass);
    this.calls.unadmitted(token.plugin, token.admittedAt);
    return true;
  }
}
