/**
 * A loopback stand-in for the OpenAI Chat Completions API, for tests that run a real host CLI
 * offline with a custom provider (GitHub Copilot CLI's BYOK, Qwen Code). Nothing leaves
 * 127.0.0.1; the port is chosen by the OS.
 *
 *   const api = await startChatCompletionsStandin({ script: [call('bash', { command: 'ls' }), text('Done.')] });
 *   api.baseUrl        // "http://127.0.0.1:<port>/v1"
 *   api.chatRequests() // every POST /chat/completions body, in order
 *   await api.close()
 *
 * Wire (learnt from the real CLIs, see ../shared/copilot-1.0.102/RECIPE.md): `GET {base}/models`
 * once, then `POST {base}/chat/completions` per model round, JSON or (`stream: true`) server-sent
 * `chat.completion.chunk`s ending in `data: [DONE]`.
 *
 * Stateless scripting, so a retry cannot shift it: the step is the number of assistant messages
 * with tool calls after the last user message. A conversation whose last user message holds
 * CHILD_MARKER (a subagent's own prompt), or a request without tools, gets plain text (`plain`,
 * changed with setPlain: a delegate's tool-less call); a step may also be an HTTP error.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ChatStep =
  | { kind: 'call'; name: string; arguments: Record<string, unknown> }
  | { kind: 'text'; text: string }
  | { kind: 'error'; status: number };

export const call = (name: string, args: Record<string, unknown>): ChatStep => ({
  kind: 'call',
  name,
  arguments: args,
});
export const text = (value: string): ChatStep => ({ kind: 'text', text: value });
export const httpError = (status: number): ChatStep => ({ kind: 'error', status });

/** Put this in a subagent's prompt: its own conversation is answered with text. */
export const CHILD_MARKER = 'BUDDY-CHILD';

export interface ChatStandin {
  baseUrl: string;
  requests: Array<{ method: string; url: string; body: any }>;
  chatRequests(): any[];
  /** What a request without tools (or a subagent's) gets from now on. */
  setPlain(step: ChatStep): void;
  close(): Promise<void>;
}

export const DEFAULT_PLAIN: ChatStep = { kind: 'text', text: 'Stand-in: plain text.' };

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => (typeof p === 'string' ? p : (p?.text ?? ''))).join('')
      : '';

function stepFor(body: any, script: readonly ChatStep[], plain: ChatStep): ChatStep {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const lastUser = messages.map((m) => m?.role).lastIndexOf('user');
  const userText = lastUser >= 0 ? textOf(messages[lastUser].content) : '';
  if (!Array.isArray(body?.tools) || body.tools.length === 0 || userText.includes(CHILD_MARKER)) return plain;
  const rounds = messages
    .slice(lastUser + 1)
    .filter((m) => m?.role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length).length;
  return script[Math.min(rounds, script.length - 1)] ?? text('Done.');
}

function readBody(req: IncomingMessage): Promise<any> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
      } catch {
        resolve(undefined);
      }
    });
  });
}

export async function startChatCompletionsStandin(opts: {
  script: readonly ChatStep[];
  modelId?: string;
  plain?: ChatStep;
}): Promise<ChatStandin> {
  const requests: ChatStandin['requests'] = [];
  let plain = opts.plain ?? DEFAULT_PLAIN;
  let seq = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = (req.url ?? '').split('?')[0];
    requests.push({ method: req.method ?? '', url, body });
    if (req.method === 'GET' && url.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          object: 'list',
          data: [{ id: opts.modelId ?? 'mock-model', object: 'model', created: 1700000000, owned_by: 'standin' }],
        }),
      );
    }
    if (req.method !== 'POST' || !url.endsWith('/chat/completions') || typeof body !== 'object') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: `stand-in: no ${req.method} ${url}` } }));
    }
    const step = stepFor(body, opts.script, plain);
    if (step.kind === 'error') {
      res.writeHead(step.status, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          error: { message: 'stand-in: simulated model failure', type: 'invalid_request_error', code: 'standin_error' },
        }),
      );
    }
    seq += 1;
    const id = `chatcmpl-standin-${seq}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? 'mock-model';
    const toolCall =
      step.kind === 'call'
        ? {
            id: `call_standin_${seq}`,
            type: 'function',
            function: { name: step.name, arguments: JSON.stringify(step.arguments) },
          }
        : undefined;
    const usage = { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 };
    if (!body.stream) {
      const message = toolCall
        ? { role: 'assistant', content: null, tool_calls: [toolCall] }
        : { role: 'assistant', content: step.kind === 'text' ? step.text : '' };
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message, finish_reason: toolCall ? 'tool_calls' : 'stop' }],
          usage,
        }),
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (delta: object, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    send({ role: 'assistant', content: '' });
    if (toolCall) {
      send({
        tool_calls: [
          {
            index: 0,
            id: toolCall.id,
            type: 'function',
            function: { name: toolCall.function.name, arguments: toolCall.function.arguments },
          },
        ],
      });
      send({}, 'tool_calls');
    } else {
      send({ content: step.kind === 'text' ? step.text : '' });
      send({}, 'stop');
    }
    if (body.stream_options?.include_usage)
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
      );
    res.end('data: [DONE]\n\n');
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () =>
      requests.filter((r) => r.method === 'POST' && r.url.endsWith('/chat/completions')).map((r) => r.body),
    setPlain: (step) => {
      plain = step;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
