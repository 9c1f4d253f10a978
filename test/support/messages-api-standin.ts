/**
 * A loopback stand-in for the Anthropic Messages API, for tests that run the real Claude Code
 * CLI (or the official SDK) with `ANTHROPIC_BASE_URL` pointed at it. Nothing leaves 127.0.0.1.
 *
 * API
 * ---
 *   const api = await startMessagesApiStandin({
 *     main: [toolUse('Bash', { command: 'npm test' }), text('All green.')], // queue or function
 *     other: text('Short title'),        // reply for requests WITHOUT tools (default: text('OK'))
 *     mainFallback: text('Done.'),       // when the main queue is empty (default: text('Done.'))
 *   });
 *   env.ANTHROPIC_BASE_URL = api.url;    // "http://127.0.0.1:<port>"
 *   ...
 *   api.requests                         // every request, in order (see StandinRequest)
 *   api.messageRequests()                // only POST /v1/messages
 *   await api.waitForRequests(2)         // or (r) => boolean; rejects after timeoutMs (default 20 s)
 *   api.enqueueMain(text('next'))        // add main-loop replies later
 *   api.setMain((req, index) => ...)     // or replace the main responder with a function
 *   api.setOther(httpError(401, 'invalid x-api-key'))
 *   await api.close()                    // also ends hanging responses
 *
 * Routing: `POST /v1/messages` (the CLI adds `?beta=true`) whose body carries a non-empty
 * `tools` array is the MAIN loop (Claude Code's agent turns, subagents included); every other
 * message request (`tools` absent or `[]`: titles, `claude -p --tools ""`, the SDK) is OTHER.
 * `POST /v1/messages/count_tokens` answers `{"input_tokens": N}`. Anything else: 404 JSON.
 * A subagent (Agent tool) runs its own main loop: its requests are `main` too; a function
 * responder tells them apart by `request.systemText` / `request.userText` (the Agent prompt),
 * and sees the tool results of earlier calls in `request.body.messages`.
 *
 * Replies (messages-api-reply-builders.ts builds them, re-exported here; a responder may also be
 * a function of the request):
 *   text('hi', opts?)                       one text block, stop_reason end_turn
 *   toolUse('Read', { file_path }, opts?)   one tool_use block, stop_reason tool_use
 *                                           (Bash: { command, description }; a failing one is just
 *                                           a command that exits non-zero, e.g. 'npm test' in a
 *                                           project whose test fails; Write: { file_path, content };
 *                                           Agent: { description, prompt, subagent_type })
 *   blocks([textBlock('Looking'), toolUseBlock('Read', {...}), toolUseBlock('Grep', {...})])
 *                                           several blocks (parallel tool calls)
 *   hang()                                  accept the request and never answer
 *   httpError(500, 'boom')                  an Anthropic-shaped error body with that status;
 *                                           sends `x-should-retry: false` so clients give up at once
 *   opts: { delayMs }  holds back the answer: for a stream, headers + message_start go out at
 *                      once and the rest after the delay (keeps a turn visibly open);
 *                      otherwise the whole response waits.
 *         { usage: { input_tokens, output_tokens } }, { stopReason }, { model }
 * Streaming (`"stream": true`) uses server-sent events: message_start, per block
 * content_block_start / content_block_delta (text_delta or input_json_delta) /
 * content_block_stop, then message_delta (stop_reason, usage) and message_stop.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { text, type StandinReply, type StandinResponder } from './messages-api-reply-builders.js';
import { approxTokens, sendAnswer, sendError } from './messages-api-replies.js';
import { describeRequest, type StandinRequest } from './messages-api-request.js';

export {
  blocks,
  hang,
  httpError,
  text,
  textBlock,
  toolUse,
  toolUseBlock,
  type AnswerOptions,
  type StandinBlock,
  type StandinReply,
  type StandinResponder,
} from './messages-api-reply-builders.js';
export type { StandinRequest, StandinRoute } from './messages-api-request.js';

export interface StandinOptions {
  main?: StandinResponder;
  other?: StandinResponder;
  mainFallback?: StandinReply;
}

export interface MessagesApiStandin {
  url: string;
  port: number;
  requests: StandinRequest[];
  messageRequests(): StandinRequest[];
  waitForRequests(what: number | ((r: StandinRequest) => boolean), timeoutMs?: number): Promise<StandinRequest[]>;
  enqueueMain(...replies: StandinReply[]): void;
  setMain(responder: StandinResponder): void;
  setOther(responder: StandinResponder): void;
  close(): Promise<void>;
}

// ---- server ---------------------------------------------------------------------------------

export async function startMessagesApiStandin(options: StandinOptions = {}): Promise<MessagesApiStandin> {
  const requests: StandinRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();
  let mainQueue: StandinReply[] = [];
  let mainFn: ((r: StandinRequest, i: number) => StandinReply | Promise<StandinReply>) | undefined;
  let otherResponder: StandinResponder = options.other ?? text('OK');
  const mainFallback = options.mainFallback ?? text('Done.');
  let mainCount = 0;
  let otherCount = 0;
  let ids = 0;
  const nextId = () => `toolu_standin_${String(++ids).padStart(4, '0')}`;

  const setMain = (responder: StandinResponder) => {
    if (typeof responder === 'function') {
      mainFn = responder;
      mainQueue = [];
    } else {
      mainFn = undefined;
      mainQueue = Array.isArray(responder) ? [...responder] : [responder];
    }
  };
  if (options.main) setMain(options.main);

  const pick = async (request: StandinRequest): Promise<StandinReply> => {
    if (request.route === 'main') {
      const index = mainCount++;
      if (mainFn) return mainFn(request, index);
      return mainQueue.shift() ?? mainFallback;
    }
    const index = otherCount++;
    const responder = otherResponder;
    if (typeof responder === 'function') return responder(request, index);
    if (Array.isArray(responder)) return responder[Math.min(index, responder.length - 1)] ?? text('OK');
    return responder;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const request = describeRequest(requests.length + 1, req, raw);
    requests.push(request);
    for (const wake of [...waiters]) wake();
    if (request.route === 'count_tokens') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ input_tokens: approxTokens(raw) }));
      return;
    }
    if (request.route === 'unknown') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          type: 'error',
          error: { type: 'not_found_error', message: `stand-in: no route ${request.method} ${request.path}` },
        }),
      );
      return;
    }
    const reply = await pick(request);
    if (reply.kind === 'hang') return; // the socket stays open until close()
    if (reply.kind === 'error') return sendError(res, reply);
    return sendAnswer(res, request, reply, nextId, `msg_standin_${request.seq}`);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', 'x-should-retry': 'false' });
        res.end(
          JSON.stringify({ type: 'error', error: { type: 'api_error', message: `stand-in failed: ${String(error)}` } }),
        );
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    messageRequests: () => requests.filter((r) => r.route === 'main' || r.route === 'other'),
    waitForRequests(what, timeoutMs = 20_000) {
      const test = typeof what === 'number' ? () => requests.length >= what : () => requests.some(what);
      const result = () => (typeof what === 'number' ? requests.slice(0, what) : requests.filter(what));
      if (test()) return Promise.resolve(result());
      return new Promise((resolve, reject) => {
        const wake = () => {
          if (!test()) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(result());
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`stand-in: expected requests did not arrive (have ${requests.length})`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    enqueueMain: (...replies) => {
      mainFn = undefined;
      mainQueue.push(...replies);
    },
    setMain,
    setOther: (responder) => {
      otherResponder = responder;
      otherCount = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
