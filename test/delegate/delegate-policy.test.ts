import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_POLICY, delegateConfigSchema, resolveDelegateSettings } from '../../src/delegate/delegate-config.js';
import { DelegatePolicyGate, shapeRequest } from '../../src/delegate/delegate-policy.js';

const policy = { ...DEFAULT_POLICY };
const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);

describe('DelegatePolicyGate: token bucket', () => {
  it('allows a burst of 2, then refuses until one refill period has passed', () => {
    const gate = new DelegatePolicyGate();
    expect(gate.admit('p', policy, T0, false, 0)).toEqual({ ok: true, bypass: false });
    expect(gate.admit('p', policy, T0 + 1, false, 1)).toEqual({ ok: true, bypass: false });
    const refused = gate.admit('p', policy, T0 + 2, false, 2);
    expect(refused).toMatchObject({ ok: false, reason: 'cooldown' });
    expect(gate.admit('p', policy, T0 + policy.refillMs - 1, false, 2)).toMatchObject({
      ok: false,
      reason: 'cooldown',
    });
    expect(gate.admit('p', policy, T0 + policy.refillMs + 2, false, 2)).toEqual({ ok: true, bypass: false });
  });

  it('keeps one bucket per plugin', () => {
    const gate = new DelegatePolicyGate();
    gate.admit('a', policy, T0, false, 0);
    gate.admit('a', policy, T0, false, 0);
    expect(gate.admit('a', policy, T0, false, 0).ok).toBe(false);
    expect(gate.admit('b', policy, T0, false, 0).ok).toBe(true);
  });

  it('never holds more than `burst` calls however long it was idle', () => {
    const gate = new DelegatePolicyGate();
    gate.admit('p', policy, T0, false, 0);
    const later = T0 + 100 * policy.refillMs;
    expect(gate.admit('p', policy, later, false, 0).ok).toBe(true);
    expect(gate.admit('p', policy, later, false, 0).ok).toBe(true);
    expect(gate.admit('p', policy, later, false, 0).ok).toBe(false);
  });

  it('earns nothing when the clock goes backwards', () => {
    const gate = new DelegatePolicyGate();
    gate.admit('p', policy, T0, false, 0);
    gate.admit('p', policy, T0, false, 0);
    expect(gate.admit('p', policy, T0 - 10 * policy.refillMs, false, 0).ok).toBe(false);
  });

  it('lets an important event bypass the cooldown once per refill period', () => {
    const gate = new DelegatePolicyGate();
    gate.admit('p', policy, T0, false, 0);
    gate.admit('p', policy, T0, false, 0);
    expect(gate.admit('p', policy, T0 + 10, false, 0).ok).toBe(false);
    expect(gate.admit('p', policy, T0 + 10, true, 0)).toEqual({ ok: true, bypass: true });
    expect(gate.admit('p', policy, T0 + 20, true, 0)).toMatchObject({ ok: false, reason: 'cooldown' });
    // A full period after the bypass, the bucket has one call again anyway; drain it and bypass once more.
    const next = T0 + 10 + policy.refillMs;
    expect(gate.admit('p', policy, next, false, 0).ok).toBe(true);
    expect(gate.admit('p', policy, next, true, 0)).toEqual({ ok: true, bypass: true });
  });

  it('refillMs 0 means no rate limit', () => {
    const gate = new DelegatePolicyGate();
    const free = { ...policy, refillMs: 0 };
    for (let i = 0; i < 50; i++) expect(gate.admit('p', free, T0, false, 0).ok).toBe(true);
  });
});

describe('DelegatePolicyGate: budget and switch', () => {
  it('refuses when the daily budget is used, even for important events', () => {
    const gate = new DelegatePolicyGate();
    const small = { ...policy, dailyBudget: 3 };
    expect(gate.admit('p', small, T0, true, 2).ok).toBe(true);
    expect(gate.admit('p', small, T0 + policy.refillMs * 5, true, 3)).toMatchObject({
      ok: false,
      reason: 'daily_budget',
    });
  });

  it('dailyBudget 0 means no budget', () => {
    expect(new DelegatePolicyGate().admit('p', { ...policy, dailyBudget: 0 }, T0, false, 10_000).ok).toBe(true);
  });

  it('refuses a disabled plugin', () => {
    expect(new DelegatePolicyGate().admit('p', { ...policy, enabled: false }, T0, true, 0)).toMatchObject({
      ok: false,
      reason: 'disabled',
    });
  });
});

describe('shapeRequest: caps', () => {
  it('defaults maxTokens to 150 and caps it at 300', () => {
    expect(shapeRequest({ prompt: 'hi', systemPrompt: 's' }, policy, 'haiku')).toMatchObject({
      maxTokens: 150,
      model: 'haiku',
      notes: [],
    });
    const capped = shapeRequest({ prompt: 'hi', systemPrompt: 's', maxTokens: 5000 }, policy, 'haiku');
    expect(capped.maxTokens).toBe(300);
    expect(capped.notes).toContain('maxTokens 5000 → 300');
    expect(shapeRequest({ prompt: 'hi', systemPrompt: 's', maxTokens: 40 }, policy, 'haiku').maxTokens).toBe(40);
  });

  it('cuts prompt and system prompt to their caps', () => {
    const shaped = shapeRequest({ prompt: 'p'.repeat(10_000), systemPrompt: 's'.repeat(10_000) }, policy, 'haiku');
    expect(shaped.prompt).toHaveLength(policy.maxPromptChars);
    expect(shaped.systemPrompt).toHaveLength(policy.maxSystemPromptChars);
    expect(shaped.prompt.endsWith('…')).toBe(true);
    expect(shaped.notes).toHaveLength(2);
  });

  it('keeps the model unless an allow-list excludes it', () => {
    expect(shapeRequest({ prompt: 'x', systemPrompt: 's', model: 'sonnet' }, policy, 'haiku').model).toBe('sonnet');
    const limited = shapeRequest(
      { prompt: 'x', systemPrompt: 's', model: 'opus' },
      { ...policy, allowModels: ['haiku'] },
      'haiku',
    );
    expect(limited.model).toBe('haiku');
    expect(limited.notes[0]).toMatch(/opus not allowed/);
  });
});

describe('delegate config', () => {
  it('fills in defaults and layers policy < plugins[name]', () => {
    const settings = resolveDelegateSettings(
      delegateConfigSchema.parse({
        policy: { burst: 4 },
        plugins: { chatty: { refillMs: 60_000, maxTokensCap: 100 } },
      }),
    );
    expect(settings).toMatchObject({
      adapter: 'auto',
      model: 'haiku',
      timeoutMs: 20_000,
      staleMs: 20_000,
      maxInFlight: 1,
    });
    expect(settings.policyFor('other')).toMatchObject({
      burst: 4,
      refillMs: 30_000,
      maxTokensCap: 300,
      defaultMaxTokens: 150,
      dailyBudget: 200,
    });
    // The default is kept under a smaller cap.
    expect(settings.policyFor('chatty')).toMatchObject({
      burst: 4,
      refillMs: 60_000,
      maxTokensCap: 100,
      defaultMaxTokens: 100,
    });
  });

  it('rejects unknown keys and bad values with the JSON path', () => {
    const result = delegateConfigSchema.safeParse({ adapter: 'gpt', plugins: { x: { burst: 0, colour: 'red' } } });
    expect(result.success).toBe(false);
    const message = z.prettifyError(result.error!);
    expect(message).toMatch(/adapter/);
    expect(message).toMatch(/plugins\.x\.burst/);
    expect(message).toMatch(/colour/);
  });
});
