import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DelegateCall } from '../../src/delegate/adapters/adapter.js';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import { ANTHROPIC_VERSION, apiModelFor, createAnthropicAdapter } from '../../src/delegate/adapters/anthropic.js';
import {
  hang,
  httpError,
  startMessagesApiStandin,
  text,
  type MessagesApiStandin,
} from '../support/messages-api-standin.js';

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
    api = await startMessagesApiStandin({
      other: text('Rocks do not panic.', { usage: { input_tokens: 31, output_tokens: 6 } }),
    });
    const answer = await createAnthropicAdapter({ env: env(api.url) }).complete(call());
    expect(answer).toEqual({
      text: 'Rocks do not panic.',
      source: 'claude-haiku-5-5',
      usage: { inputTokens: 31, outputTokens: 6 },
    });
    const [request] = api.messageRequests();
    expect(request).toMatchObject({ path: '/v1/messages', model: 'claude-haiku-5-5', maxTokens: 150, stream: false });
    expect(request!.systemText).toBe('You are Pebble, a grumpy rock.');
    expect(request!.userText).toBe('The build broke again.');
    expect(request!.headers['x-api-key']).toBe('sk-ant-test-dummy');
    expect(request!.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    expect(request!.body.messages).toEqual([{ role: 'user', content: 'The build broke again.' }]);
  });

  it('joins a base URL with a trailing slash, and falls back to the request model when the answer names none', async () => {
    api = await startMessagesApiStandin({ other: text('Fine.', { model: '' }) });
    const answer = await createAnthropicAdapter({ env: env(`${api.url}/`) }).complete(call({ model: 'opus' }));
    expect(answer.source).toBe('claude-opus-5-5');
    expect(api.messageRequests().map((r) => r.path)).toEqual(['/v1/messages']);
  });

  it('passes real model ids through and maps the aliases', async () => {
    api = await startMessagesApiStandin();
    await createAnthropicAdapter({ env: env(api.url), defaultModel: 'claude-haiku-9' }).complete(
      call({ model: 'claude-sonnet-5-5' }),
    );
    await createAnthropicAdapter({ env: env(api.url), defaultModel: 'claude-haiku-9' }).complete(
      call({ model: 'haiku' }),
    );
    expect(api.messageRequests().map((r) => r.model)).toEqual(['claude-sonnet-5-5', 'claude-haiku-9']);
    expect(apiModelFor('opus')).toBe('claude-opus-5-5');
  });

  it('reports HTTP 500 and 401 as failures with their message, without retrying', async () => {
    api = await startMessagesApiStandin({ other: httpError(500, 'stand-in exploded') });
    const adapter = createAnthropicAdapter({ env: env(api.url) });
    await expect(adapter.complete(call())).rejects.toMatchObject({
      kind: 'http',
      message: 'Messages API 500: stand-in exploded',
    });
    api.setOther(httpError(401, 'invalid x-api-key'));
    await expect(adapter.complete(call())).rejects.toMatchObject({
      kind: 'auth',
      message: 'Messages API 401: invalid x-api-key',
    });
    expect(api.messageRequests()).toHaveLength(2);
  });

  it('names the network error when nothing listens, and a body that is not a message', async () => {
    api = await startMessagesApiStandin();
    const closedUrl = api.url;
    await api.close();
    api = undefined;
    await expect(createAnthropicAdapter({ env: env(closedUrl) }).complete(call())).rejects.toMatchObject({
      kind: 'http',
      message: expect.stringMatching(/^Messages API: fetch failed \(.*ECONNREFUSED/),
    });
    const gateway = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>'),
    );
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
      await expect(createAnthropicAdapter({ env: env(url) }).complete(call())).rejects.toMatchObject({
        kind: 'bad_output',
        message: 'Messages API: the answer is not a message: <html>login</html>',
      });
    } finally {
      gateway.close();
    }
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
    await expect(createAnthropicAdapter({ env: env(api.url) }).complete(call())).rejects.toMatchObject({
      kind: 'empty',
    });
  });
});
