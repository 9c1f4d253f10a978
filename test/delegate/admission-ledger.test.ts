/**
 * The admission ledger on its own, over the real usage ledger kept in memory: the day's budget,
 * the cooldown, and a give-back that counts once however often it is asked for.
 */
import { describe, expect, it } from 'vitest';
import { AdmissionLedger } from '../../src/delegate/admission-ledger.js';
import { DEFAULT_POLICY, type DelegatePolicy } from '../../src/delegate/delegate-config.js';
import { DelegateUsageLedger } from '../../src/delegate/delegate-usage.js';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);
const DAY = '2026-11-30';

function ledgerWith(policy: Partial<DelegatePolicy> = {}) {
  const usage = new DelegateUsageLedger(undefined);
  const admissions = new AdmissionLedger(usage, () => ({ ...DEFAULT_POLICY, ...policy }));
  return { usage, admissions };
}

describe('admission ledger', () => {
  it('counts each admission against the day, and refuses past the burst with the cooldown', () => {
    const { usage, admissions } = ledgerWith();
    expect(admissions.admit('p', T0, false)).toMatchObject({
      ok: true,
      token: { plugin: 'p', admittedAt: T0, bypass: false },
    });
    expect(admissions.admit('p', T0, false).ok).toBe(true);
    expect(admissions.admit('p', T0, false)).toMatchObject({ ok: false, reason: 'cooldown' });
    expect(usage.callsOn('p', DAY)).toBe(2);
  });

  it('refuses past the daily budget, and a disabled plugin at once', () => {
    const budget = ledgerWith({ dailyBudget: 1, refillMs: 0 });
    expect(budget.admissions.admit('p', T0, false).ok).toBe(true);
    expect(budget.admissions.admit('p', T0, false)).toMatchObject({ ok: false, reason: 'daily_budget' });
    expect(ledgerWith({ enabled: false }).admissions.admit('p', T0, false)).toMatchObject({
      ok: false,
      reason: 'disabled',
    });
  });

  it('a give-back refunds the cooldown token and the day count, once', () => {
    const { usage, admissions } = ledgerWith({ burst: 1 });
    const first = admissions.admit('p', T0, false);
    if (!first.ok) throw new Error('admitted expected');
    expect(admissions.admit('p', T0, false).ok).toBe(false);
    expect(admissions.release(first.token)).toBe(true);
    expect(admissions.release(first.token)).toBe(false);
    expect(usage.callsOn('p', DAY)).toBe(0);
    // One token back, not two: the next admission spends it, the one after is refused.
    expect(admissions.admit('p', T0, false).ok).toBe(true);
    expect(admissions.admit('p', T0, false).ok).toBe(false);
    expect(usage.callsOn('p', DAY)).toBe(1);
  });

  it('a bypass admission gives back its day count but keeps its once-per-period mark', () => {
    const { usage, admissions } = ledgerWith({ burst: 1 });
    expect(admissions.admit('p', T0, false).ok).toBe(true);
    const bypass = admissions.admit('p', T0, true);
    expect(bypass).toMatchObject({ ok: true, token: { bypass: true } });
    if (!bypass.ok) return;
    expect(admissions.release(bypass.token)).toBe(true);
    expect(usage.callsOn('p', DAY)).toBe(1);
    expect(admissions.admit('p', T0, true)).toMatchObject({ ok: false, reason: 'cooldown' });
  });
});
