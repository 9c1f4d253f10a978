/**
 * The resolver under test with an injected clock, and an in-process implementation of the
 * adapter interface whose answers the test releases one by one, so queue states are exact.
 */
import { type DelegateAdapter, type DelegateAnswer, type DelegateCall } from '../../src/delegate/adapters/adapter.js';
import type { DelegateConfig } from '../../src/delegate/delegate-config.js';
import { createDelegateResolver, type DelegateResolverOptions } from '../../src/delegate/delegate-resolver.js';
import type { DelegateMeta } from '../../src/protocol/plugin-answer.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import type { EventKind } from '../../src/protocol/event-kind.js';

export const T0 = Date.UTC(2026, 10, 30, 10, 0, 0);

export interface Pending {
  call: DelegateCall;
  answer(text: string, extra?: Partial<DelegateAnswer>): void;
  fail(error: Error): void;
}

export function releasedAdapter() {
  const pending: Pending[] = [];
  const adapter: DelegateAdapter = {
    name: 'command',
    usesModel: true,
    complete: (call) =>
      new Promise<DelegateAnswer>((resolve, reject) =>
        pending.push({
          call,
          answer: (text, extra) => resolve({ text, source: 'test-model', ...extra }),
          fail: reject,
        }),
      ),
  };
  return { adapter, pending };
}

export const QUIPS: Partial<Record<EventKind, string[]>> = {
  tool_failure: ['Ouch.', 'Oof.'],
  turn_end: ['Done!', 'Phew.'],
};
export const settle = () => new Promise((resolve) => setImmediate(resolve));

export function setup(config: DelegateConfig = {}, extra: Partial<DelegateResolverOptions> = {}) {
  const clock = { now: T0 };
  const reactions: Reaction[] = [];
  const logs: string[] = [];
  const { adapter, pending } = releasedAdapter();
  const resolver = createDelegateResolver({
    onReaction: (r) => reactions.push(r),
    report: ({ detail: e }) => e && logs.push(`${e.plugin}/${e.outcome}${e.reason ? `: ${e.reason}` : ''}`),
    config,
    adapter,
    quipsFor: (kind) => QUIPS[kind],
    now: () => clock.now,
    ...extra,
  });
  const meta = (overrides: Partial<DelegateMeta> = {}): DelegateMeta => ({
    plugin: 'chat',
    sessionId: 's1',
    event: { ts: clock.now, session_id: overrides.sessionId ?? 's1', hook_event_name: 'Stop' },
    kinds: ['turn_end'],
    receivedAt: clock.now,
    ...overrides,
  });
  return { clock, reactions, logs, pending, resolver, meta };
}

export const ask = (prompt: string, more: Record<string, unknown> = {}) => ({ delegate: true, prompt, ...more });
