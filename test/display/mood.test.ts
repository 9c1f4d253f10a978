import { describe, expect, it } from 'vitest';
import { SESSION_MOOD_RULES, sessionMood } from '../../src/display/mood.js';
import { foldEvents } from '../../src/state/reducer.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';

const T0 = 1_700_000_000_000;
const base = { session_id: 's1', cwd: '/w/proj' };
const ev = (ts: number, hook_event_name: string, extra: Record<string, unknown> = {}) =>
  ({ ...base, ts, hook_event_name, ...extra }) as unknown as JournalEvent;
const bash = { tool_name: 'Bash', tool_input: { command: 'false' }, tool_use_id: 't1' };

describe('sessionMood: the no-pet mood both displays use', () => {
  const started = [ev(T0, 'SessionStart'), ev(T0 + 1000, 'UserPromptSubmit', { prompt: 'go' })];

  it('thinking while a prompt is pending, working while a tool runs', () => {
    expect(sessionMood(foldEvents(undefined, started), T0 + 2000)).toBe('thinking');
    expect(sessionMood(foldEvents(undefined, [...started, ev(T0 + 2000, 'PreToolUse', bash)]), T0 + 3000)).toBe(
      'working',
    );
  });

  it('an error face for the failure window, then idle after the turn ended', () => {
    const failed = [
      ...started,
      ev(T0 + 2000, 'PreToolUse', bash),
      ev(T0 + 3000, 'PostToolUseFailure', { ...bash, error: 'exit 1' }),
      ev(T0 + 4000, 'Stop'),
    ];
    const state = foldEvents(undefined, failed);
    expect(sessionMood(state, T0 + 5000)).toBe('error');
    expect(sessionMood(state, T0 + 3000 + SESSION_MOOD_RULES.errorMs - 1)).toBe('error');
    expect(sessionMood(state, T0 + 3000 + SESSION_MOOD_RULES.errorMs)).toBe('idle');
  });

  it('a user interrupt is no failure', () => {
    const interrupted = [
      ...started,
      ev(T0 + 2000, 'PreToolUse', bash),
      ev(T0 + 3000, 'PostToolUseFailure', { ...bash, error: 'interrupted', is_interrupt: true }),
      ev(T0 + 4000, 'Stop'),
    ];
    expect(sessionMood(foldEvents(undefined, interrupted), T0 + 5000)).toBe('idle');
  });

  it('asleep once the session ended; idle when stale or unknown', () => {
    expect(
      sessionMood(foldEvents(undefined, [...started, ev(T0 + 2000, 'SessionEnd', { reason: 'other' })]), T0 + 3000),
    ).toBe('sleep');
    expect(sessionMood(foldEvents(undefined, started), T0 + 1000 + SESSION_MOOD_RULES.staleSessionMs)).toBe('idle');
    expect(sessionMood(undefined, T0)).toBe('idle');
  });
});
