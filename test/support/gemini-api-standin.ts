/**
 * A loopback stand-in for the Gemini API (generativelanguage v1beta), for tests that run the real
 * Gemini CLI offline (GOOGLE_GEMINI_BASE_URL). Nothing leaves 127.0.0.1; the port is the OS's.
 *
 *   const api = await startGeminiApiStandin({ script: [call('run_shell_command', { command: 'ls' }), text('Done.')] });
 *
 * Wire (learnt from Gemini CLI 0.61.0, ../shared/gemini-cli-0.61.0/RECIPE.md): per model round
 * `POST {base}/v1beta/models/<m>:streamGenerateContent?alt=sse` answered with SSE
 * `data: <GenerateContentResponse>`; side tasks `:generateContent` (JSON; a JSON-schema request
 * gets a value built from its schema), `:countTokens`, `GET .../models`.
 * Stateless scripting: the step is the number of `model` contents with a functionCall after the
 * last `user` content that has text. A subagent has its own tools and must end by calling
 * `complete_task`: a final text there becomes that call. A request without tools, or whose last
 * prompt holds CHILD_MARKER, gets `plain` (text unless set otherwise with setPlain).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CHILD_MARKER, DEFAULT_PLAIN, type ChatStep } from './chat-completions-standin.js';

export { call, text, httpError, CHILD_MARKER } from './chat-completions-standin.js';

export interface GeminiStandin {
  baseUrl: string;
  requests: Array<{ method: string; url: string; body: any }>;
  /** The model rounds (`:streamGenerateContent` and `:generateContent`), their bodies in order. */
  modelRequests(): any[];
  /** What a request without tools (or a subagent's) gets from now on. */
  setPlain(step: ChatStep): void;
  close(): Promise<void>;
}

const declarations = (body: any): any[] =>
  (Array.isArray(body?.tools) ? body.tools : []).flatMap((t: any) => t?.functionDeclarations ?? []);
const textOf = (content: any): string =>
  (content?.parts ?? [])
    .filter((p: any) => typeof p?.text === 'string')
    .map((p: any) => p.text)
    .join('');

/** A value that satisfies a JSON schema well enough (the router, the next-speaker check, complete_task). */
function fromSchema(schema: any, leaf: string): unknown {
  if (!schema || typeof schema !== 'object') return leaf;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const type = String(schema.type ?? '').toLowerCase();
  if (type === 'object' || schema.properties)
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, fromSchema(v, leaf)]));
  if (type === 'array') return [];
  if (type === 'boolean') return false;
  if (type === 'number' || type === 'integer') return 0;
  return leaf;
}

function stepFor(body: any, script: readonly ChatStep[], plain: ChatStep): ChatStep {
  const contents: any[] = Array.isArray(body?.contents) ? body.contents : [];
  let last = -1;
  contents.forEach((c, i) => {
    if (c?.role === 'user' && textOf(c).trim()) last = i;
  });
  const userText = last >= 0 ? textOf(contents[last]) : '';
  if (declarations(body).length === 0 || userText.includes(CHILD_MARKER)) return plain;
  const rounds = contents
    .slice(last + 1)
    .filter((c) => c?.role === 'model' && (c.parts ?? []).some((p: any) => p?.functionCall)).length;
  return script[Math.min(rounds, script.length - 1)] ?? { kind: 'text', text: 'Done.' };
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

function answer(
  body: any,
  script: readonly ChatStep[],
  plain: ChatStep,
  model: string,
  seq: number,
): { status: number; json: unknown } {
  const config = body?.generationConfig ?? {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  let step = stepFor(body, script, plain);
  if (schema || config.responseMimeType === 'application/json')
    step = { kind: 'text', text: JSON.stringify(fromSchema(schema, 'stand-in')) };
  if (step.kind === 'error')
    return {
      status: step.status,
      json: { error: { code: step.status, message: 'stand-in: simulated model failure', status: 'INVALID_ARGUMENT' } },
    };
  const done = declarations(body).find((d) => d?.name === 'complete_task');
  if (step.kind === 'text' && done && !schema) {
    step = {
      kind: 'call',
      name: 'complete_task',
      arguments: fromSchema(done.parametersJsonSchema ?? done.parameters, step.text) as Record<string, unknown>,
    };
  }
  const parts =
    step.kind === 'call' ? [{ functionCall: { name: step.name, args: step.arguments } }] : [{ text: step.text }];
  const usageMetadata = { promptTokenCount: 100, candidatesTokenCount: 10, totalTokenCount: 110 };
  return {
    status: 200,
    json: {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata,
      modelVersion: model,
      responseId: `standin-${seq}`,
    },
  };
}

export async function startGeminiApiStandin(opts: {
  script: readonly ChatStep[];
  plain?: ChatStep;
}): Promise<GeminiStandin> {
  const requests: GeminiStandin['requests'] = [];
  let plain = opts.plain ?? DEFAULT_PLAIN;
  let seq = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = (req.url ?? '').split('?')[0];
    requests.push({ method: req.method ?? '', url, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const method = /\/models\/([^/:]+):([A-Za-z]+)$/.exec(url);
    if (req.method === 'POST' && method && body && typeof body === 'object') {
      if (method[2] === 'countTokens') return json(200, { totalTokens: 100 });
      if (method[2] === 'generateContent' || method[2] === 'streamGenerateContent') {
        seq += 1;
        const reply = answer(body, opts.script, plain, method[1], seq);
        if (reply.status !== 200 || method[2] === 'generateContent') return json(reply.status, reply.json);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return res.end(`data: ${JSON.stringify(reply.json)}\n\n`);
      }
    }
    if (req.method === 'GET' && url.endsWith('/models')) {
      return json(200, {
        models: [
          {
            name: 'models/gemini-2.5-pro',
            supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
          },
        ],
      });
    }
    return json(404, { error: { code: 404, message: `stand-in: no ${req.method} ${url}`, status: 'NOT_FOUND' } });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    modelRequests: () =>
      requests.filter((r) => r.method === 'POST' && /:(stream)?[gG]enerateContent$/.test(r.url)).map((r) => r.body),
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
