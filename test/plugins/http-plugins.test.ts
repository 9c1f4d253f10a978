import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createPluginRunner, type PluginRunnerOptions } from '../../src/plugins/plugin-runner.js';
import { bashEvent, collector, handlers } from './plugin-fixtures.js';
import type { HookHandler } from '../../src/plugins/plugin-config.js';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
const received: Received[] = [];
let server: Server;
let base = '';

/** A real loopback server; the path picks the behaviour. */
beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: raw ? JSON.parse(raw) : undefined });
      const json = (status: number, body: string) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body);
      };
      if (path === '/reaction')
        return json(200, JSON.stringify({ reaction: 'From HTTP \u001b[31mred\u001b[0m', mood: 'happy' }));
      if (path === '/delegate') return json(200, JSON.stringify({ delegate: true, prompt: 'p', systemPrompt: 's' }));
      if (path === '/claude') return json(200, JSON.stringify({ systemMessage: 'stock hook says hi' }));
      if (path === '/empty') return json(204, '');
      if (path === '/nothing') return json(200, '{}');
      if (path === '/not-json') return json(200, 'hello there');
      if (path === '/invalid') return json(200, '{"reaction": 7}');
      if (path === '/string') return json(200, '"just a string"');
      if (path === '/error') return json(500, '{"reaction": "never shown"}');
      if (path === '/huge') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(`{"reaction": "${'x'.repeat(10 * 1024 * 1024)}"}`);
        return;
      }
      if (path === '/hang') return; // never answers
      if (path === '/echo-headers')
        return json(
          200,
          JSON.stringify({ reaction: `${request.headers.authorization}|${request.headers['x-missing'] ?? ''}` }),
        );
      json(404, '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function post(
  handler: Partial<Extract<HookHandler, { type: 'http' }>> & { url: string },
  options: Partial<PluginRunnerOptions> = {},
) {
  const out = collector();
  const runner = createPluginRunner({
    limits: { cooldownMs: 0 },
    handlers: handlers({ handler: { type: 'http', ...handler }, origin: { plugin: 'web' } }),
    ...out.callbacks,
    ...options,
  });
  await runner.handleEvent(bashEvent('npm test'));
  await runner.close();
  return out;
}

describe('http plugins (real loopback server)', () => {
  it('POSTs the hook JSON plus payload and shows a 2xx JSON reaction, sanitised', async () => {
    received.length = 0;
    const out = await post({ url: `${base}/reaction` });
    expect(out.reactions).toMatchObject([{ text: 'From HTTP red', mood: 'happy', source: 'web', kind: 'reaction' }]);
    const event = bashEvent('npm test');
    const { ts: _ts, ...hookJson } = event;
    expect(received[0]).toMatchObject({ path: '/reaction', body: { ...hookJson, payload: event } });
    expect(received[0]!.headers['content-type']).toBe('application/json');
  });

  it('passes delegate requests and Claude Code output through the same contract', async () => {
    expect((await post({ url: `${base}/delegate` })).delegates).toMatchObject([
      { request: { delegate: true, prompt: 'p' }, meta: { plugin: 'web' } },
    ]);
    expect((await post({ url: `${base}/claude` })).reactions.map((r) => r.text)).toEqual(['stock hook says hi']);
  });

  it.each(['/empty', '/nothing'])('%s: no reaction, no warning', async (path) => {
    const out = await post({ url: `${base}${path}` });
    expect([out.reactions, out.warnings]).toEqual([[], []]);
  });

  it.each([
    ['/error', /answered HTTP 500/],
    ['/not-json', /not JSON/],
    ['/invalid', /invalid answer/],
    ['/string', /JSON string/],
    ['/huge', /response body was \d+ bytes; cut at 65536/],
  ])('%s is a logged warning', async (path, message) => {
    const out = await post({ url: `${base}${path}` });
    expect(out.reactions).toEqual([]);
    expect(out.warnings).toMatchObject([{ plugin: 'web', message: expect.stringMatching(message) }]);
  });

  it('gives up at the timeout', async () => {
    const out = await post({ url: `${base}/hang`, timeout: 0.5 });
    expect(out.warnings).toMatchObject([{ message: 'timed out after 0.5s' }]);
  });

  it('reports network errors', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const out = await post({ url: `http://127.0.0.1:${port}/x` });
    expect(out.warnings).toMatchObject([{ message: expect.stringMatching(/request failed: .*ECONNREFUSED/) }]);
    expect((await post({ url: 'file:///etc/passwd' })).warnings).toMatchObject([
      { message: expect.stringMatching(/unsupported URL scheme/) },
    ]);
  });

  it('interpolates ${VAR} in headers and url from the allowlist and allowedEnvVars only', async () => {
    const env = { HOOK_TOKEN: 'tok-123', SECRET_TOKEN: 'must-not-leak', PORT_PATH: 'echo-headers' };
    const out = await post(
      {
        url: `${base}/\${PORT_PATH}`,
        headers: { Authorization: 'Bearer ${HOOK_TOKEN}', 'X-Missing': '${SECRET_TOKEN}' },
        allowedEnvVars: ['HOOK_TOKEN', 'PORT_PATH'],
      },
      { env },
    );
    expect(out.reactions.map((r) => r.text)).toEqual(['Bearer tok-123|']);
  });
});
