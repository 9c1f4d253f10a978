import { afterEach, describe, expect, it } from 'vitest';
import type { DelegateCall } from '../../src/delegate/adapters/adapter.js';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import { apiModelFor, createAnthropicAdapter } from '../../src/delegate/adapters/anthropic.js';
import { hang, httpError, startMessagesApiStandin, text, type MessagesApiStandin } from '../support/messages-api-standin.js';

let api: MessagesApiStandin | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const call = (overrides: Partial<DelegateCall> = {}): DelegateCall => ({
  systemPrompt: 'You are Pebble, a grumpy rock.',
  prompt: 'The build broke again.',
  maxTokens: 150,
  model: 'haiku',
  kinds: ['tool_failure'],
  sessionId: 's1',
  plugin: 'roast',
  signal: new AbortController().signal,
  ...overrides,
});

const env = (url: string) => ({ ANTHROPIC_API_KEY: 'sk-ant-test-dummy', ANTHROPIC_BASE_URL: url });

describe('anthropic adapter against the Messages API stand-in', () => {
  it('sends model, system, prompt and max_tokens, and returns the text with usage', async () => {
    api = await startMessagesApiStandin({ other: text('Rocks do not panic.', { usage: { input_tokens: 31, output_tokens: 6 } }) });
    const answer = await createAnthropicAdapter({ env: env(api.url) }).complete(call());
    expect(answer).toEqual({ text: 'Rocks do not panic.', source: 'claude-haiku-5-5', usage: { inputTokens: 31, outputTokens: 6 } });
    const [request] = api.messageRequests();
    expect(request).toMatchObject({ path: '/v1/messages', model: 'claude-haiku-5-5', maxTokens: 150, stream: false });
    expect(request!.systemText).toBe('You are Pebble, a grumpy rock.');
    expect(request!.userText).toBe('The build broke again.');
    // SDK 1.x sends the key as a bearer token.
    expect(request!.headers['x-api-key'] ?? request!.headers.authorization).toMatch(/sk-ant-test-dummy$/);
  });

  it('passes real model ids through and maps the aliases', async () => {
    api = await startMessagesApiStandin();
    await createAnthropicAdapter({ env: env(api.url), defaultModel: 'claude-haiku-9' }).complete(call({ model: 'claude-sonnet-5-5' }));
    await createAnthropicAdapter({ env: env(api.url), defaultModel: 'claude-haiku-9' }).complete(call({ model: 'haiku' }));
    expect(api.messageRequests().map((r) => r.model)).toEqual(['claude-sonnet-5-5', 'claude-haiku-9']);
    expect(apiModelFor('opus')).toBe('claude-opus-5-5');
  });

  it('reports HTTP 500 and 401 as failures with their message, without retrying', async () => {
    api = await startMessagesApiStandin({ other: httpError(500, 'stand-in exploded') });
    const adapter = createAnthropicAdapter({ env: env(api.url) });
    await expect(adapter.complete(call())).rejects.toMatchObject({ kind: 'http', message: 'Messages API 500: stand-in exploded' });
    api.setOther(httpError(401, 'invalid x-api-key'));
    await expect(adapter.complete(call())).rejects.toMatchObject({ kind: 'auth', message: 'Messages API 401: invalid x-api-key' });
    expect(api.messageRequests()).toHaveLength(2);
  });

  it('gives up when the signal fires on a hanging server', async () => {
    api = await startMessagesApiStandin({ other: hang() });
    const controller = new AbortController();
    const pending = createAnthropicAdapter({ env: env(api.url) }).complete(call({ signal: controller.signal }));
    await api.waitForRequests(1);
    controller.abort(new DelegateCallError('no answer within 50 ms', 'timeout'));
    await expect(pending).rejects.toMatchObject({ kind: 'timeout', message: 'no answer within 50 ms' });
  });

  it('is unavailable without a key, and fails on an answer with no text', async () => {
    await expect(createAnthropicAdapter({ env: {} }).complete(call())).rejects.toMatchObject({ kind: 'unavailable' });
    api = await startMessagesApiStandin({ other: text('   ') });
    await expect(createAnthropicAdapter({ env: env(api.url) }).complete(call())).rejects.toMatchObject({ kind: 'empty' });
  });
});
