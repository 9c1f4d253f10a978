/** One delegate call as the resolver hands it to an adapter, for the adapter tests. */
import type { DelegateCall } from '../../src/delegate/adapters/adapter.js';

export const DELEGATE_SYSTEM = 'You are Miso, a terse cat who answers in one line.';
export const DELEGATE_PROMPT = 'The tests passed after three failures. Say something.';

export function delegateCall(signal: AbortSignal = new AbortController().signal): DelegateCall {
  return {
    systemPrompt: DELEGATE_SYSTEM,
    prompt: DELEGATE_PROMPT,
    maxTokens: 60,
    model: 'haiku',
    kinds: ['tests_passed'],
    sessionId: 's',
    plugin: 'p',
    signal,
  };
}
