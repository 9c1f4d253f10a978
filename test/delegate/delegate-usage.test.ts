import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import React from 'react';
import { render } from 'ink-testing-library';
import { HelpOverlay } from '../../components/HelpOverlay.js';
import {
  DELEGATE_USAGE_FILE,
  DelegateUsageLedger,
  readDelegateUsage,
  usageStatRows,
  usageTotals,
  utcDay,
} from '../../src/delegate/delegate-usage.js';
import { toDelegateStatRows } from '../../src/tui/store/index.js';

const root = mkdtempSync(join(tmpdir(), 'buddy-usage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const T0 = Date.UTC(2026, 10, 30, 23, 59, 0);

describe('DelegateUsageLedger', () => {
  it('records calls, tokens, cost, failures and refusals, and a new ledger reads them back', () => {
    const dir = join(root, 'state');
    const ledger = new DelegateUsageLedger(dir);
    ledger.admitted('roast', T0);
    ledger.answered('roast', T0, 'claude-haiku-5-5', { inputTokens: 100, outputTokens: 20, costUsd: 0.0001 });
    ledger.admitted('roast', T0);
    ledger.failed('roast', T0, 'claude: API Error: 500');
    ledger.refused('roast', 'cooldown');
    ledger.refused('roast', 'cooldown');
    ledger.offline('roast');
    ledger.cacheHit('roast');
    ledger.log({ ts: T0, plugin: 'roast', sessionId: 's', outcome: 'refused', reason: 'cooldown' });
    ledger.flush(T0);

    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, DELEGATE_USAGE_FILE)).mode & 0o777).toBe(0o600);
    const usage = readDelegateUsage(dir);
    expect(usage.plugins.roast).toMatchObject({
      calls: 2,
      failures: 1,
      cacheHits: 1,
      offline: 1,
      inputTokens: 100,
      outputTokens: 20,
      refusals: { cooldown: 2 },
      days: { '2026-11-30': 2 },
      lastSource: 'claude-haiku-5-5',
      lastError: 'claude: API Error: 500',
    });
    expect(usage.plugins.roast!.costUsd).toBeCloseTo(0.0001);
    expect(usage.recent).toHaveLength(1);
    expect(new DelegateUsageLedger(dir).callsOn('roast', utcDay(T0))).toBe(2);
    expect(usageTotals(usage, T0)).toMatchObject({ calls: 2, failures: 1, callsToday: 2 });
    // The next UTC day starts from zero.
    expect(usageTotals(usage, T0 + 2 * 60_000).callsToday).toBe(0);
    // No temp files left behind by the atomic write.
    expect(readdirSync(dir)).toEqual([DELEGATE_USAGE_FILE]);
  });

  it('keeps only the last days and the last 20 log entries', () => {
    const ledger = new DelegateUsageLedger(undefined);
    for (let day = 0; day < 20; day++) ledger.admitted('p', T0 + day * 86_400_000);
    for (let i = 0; i < 30; i++) ledger.log({ ts: i, plugin: 'p', sessionId: 's', outcome: 'answered' });
    const usage = ledger.snapshot();
    expect(Object.keys(usage.plugins.p!.days)).toHaveLength(8);
    expect(usage.recent).toHaveLength(20);
    expect(usage.recent[0]!.ts).toBe(10);
  });

  it('reads a missing, corrupt or foreign file as empty', () => {
    expect(readDelegateUsage(join(root, 'missing')).plugins).toEqual({});
    const dir = mkdtempSync(join(root, 'bad-'));
    writeFileSync(join(dir, DELEGATE_USAGE_FILE), '{"version": 1, "plugins": ');
    expect(readDelegateUsage(dir).plugins).toEqual({});
    writeFileSync(join(dir, DELEGATE_USAGE_FILE), '{"version": 9, "plugins": {}}');
    expect(readDelegateUsage(dir).version).toBe(1);
  });

  it('reports a write failure instead of throwing', () => {
    const file = join(root, 'not-a-dir');
    writeFileSync(file, 'x');
    const errors: unknown[] = [];
    const ledger = new DelegateUsageLedger(file, (error) => errors.push(error));
    ledger.admitted('p', T0);
    expect(() => ledger.flush(T0)).not.toThrow();
    expect(errors).toHaveLength(1);
  });

  it('gives the help view the totals and a row per plugin, which the overlay shows', () => {
    const ledger = new DelegateUsageLedger(undefined);
    expect(usageStatRows(ledger.snapshot(), T0)).toEqual({});
    ledger.admitted('roast', T0);
    ledger.answered('roast', T0, 'claude-cli', { inputTokens: 100, outputTokens: 20, costUsd: 0.0025 });
    for (let i = 0; i < 2; i++) {
      ledger.admitted('coach', T0);
      ledger.answered('coach', T0, 'claude-cli', { inputTokens: 50, outputTokens: 10 });
    }
    ledger.failed('coach', T0, 'timeout');
    ledger.refused('quiet', 'cooldown');
    const rows = usageStatRows(ledger.snapshot(), T0);
    expect(rows).toEqual({
      'calls today': 3,
      'calls total': 4,
      failures: 1,
      tokens: '200 in / 40 out',
      cost: '$0.0025',
      '· coach': '3 call(s) (1 failed) · 100 in / 20 out',
      '· roast': '1 call(s) · 100 in / 20 out · $0.0025',
    });
    const frame =
      render(
        React.createElement(HelpOverlay, {
          width: 70,
          maxLines: 30,
          role: 'runner',
          muted: false,
          stats: toDelegateStatRows(rows),
        }),
      ).lastFrame() ?? '';
    expect(frame).toMatch(/· coach\s+3 call\(s\) \(1 failed\) · 100 in \/ 20 out/);
    expect(frame).toMatch(/· roast\s+1 call\(s\) · 100 in \/ 20 out · \$0\.0025/);
  });
});
