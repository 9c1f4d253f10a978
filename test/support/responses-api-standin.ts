/**
 * A loopback stand-in for the OpenAI Responses API, for tests that run the real Codex CLI
 * (0.169.0, see test/support/codex-cli.ts) offline. Nothing leaves 127.0.0.1; the port is
 * chosen by the OS.
 *
 * API
 * ---
 *   const api = await startResponsesApiStandin({
 *     script: [shell('ls'), shell('echo about-to-fail; exit 3'), applyPatch(addFile('a.txt', 'hi')), text('Done.')],
 *   });
 *   api.baseUrl                 // "http://127.0.0.1:<port>/v1": the provider's base_url in config.toml
 *   api.requests                // every request, in order (body parsed)
 *   api.responseRequests()      // only POST /v1/responses
 *   await api.close()
 *
 * Wire format (learnt from the real CLI): with a custom provider (`wire_api = "responses"`) Codex
 * POSTs `{base_url}/responses` once per model round-trip (`stream: true`; no /models call, no
 * WebSocket). The answer is server-sent events: `response.created`, per output item
 * `response.output_item.added` / `.done`, then `response.completed` with `usage`.
 *
 * Scripting is stateless, so a retry or a second thread cannot shift it: for each request the
 * step index is the number of model rounds already answered after the last typed user prompt
 * (the tool outputs carry our call ids `call_standin_<round>_<k>`). A request without tools
 * (titles, compaction) gets plain text. A script may also be a function of the request.
 *
 * apply_patch offline (checked on 0.169.0): the tools Codex offers come from the model's
 * metadata in its bundled catalog. An unknown slug ("mock-model") gets fallback metadata:
 * plain function tools (exec_command, write_stdin, ...) and NO apply_patch. Most bundled slugs
 * (gpt-6*, gpt-5.6-*) are `tool_mode: "code_mode_only"`: no `tools` array, one freeform JS `exec`
 * tool that calls nested tools. `gpt-5.5` is the one slug with no tool_mode: it gets plain tools
 * AND `apply_patch` as a CUSTOM (freeform) tool (`apply_patch_tool_type: "freeform"`), so the
 * model calls it with a `custom_tool_call` whose `input` is the patch text (a `function_call`
 * to it fails with "incompatible payload"). That is what codex-cli.ts configures
 * (`model = "gpt-5.5"`). Other routes: the config key `model_catalog_json` (a catalog file of
 * our own, e.g. a "mock-model" entry with `apply_patch_tool_type: "function"`), or code mode
 * (`-m gpt-6.1-sol` and an `exec` script); there is no `include_apply_patch_tool` key, and the
 * `apply_patch_freeform` feature flag is "removed" in `codex features list`.
 * This stand-in reads the offered tools and answers in the matching shape: a custom tool gets
 * `custom_tool_call`, a function tool `function_call` with `{input}`; the shell is `exec_command`
 * (`{cmd}`), else `shell_command` (`{command}`), else `shell` (argv).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ResponsesStep =
  | { kind: 'shell'; command: string }
  | { kind: 'apply_patch'; patch: string }
  | { kind: 'call'; name: string; arguments: Record<string, unknown> }
  | { kind: 'text'; text: string };

/** A shell command through whichever shell tool Codex offers (exec_command here). */
export const shell = (command: string): ResponsesStep => ({ kind: 'shell', command });
/** An apply_patch call; `patch` is the whole "*** Begin Patch ... *** End Patch" text. */
export const applyPatch = (patch: string): ResponsesStep => ({ kind: 'apply_patch', patch });
/** Any other function tool by name. */
export const call = (name: string, args: Record<string, unknown>): ResponsesStep => ({
  kind: 'call',
  name,
  arguments: args,
});
/** A plain assistant message: ends the turn. */
export const text = (value: string): ResponsesStep => ({ kind: 'text', text: value });
/** A patch that adds one file (relative to the session's cwd). */
export const addFilePatch = (path: string, content: string): string =>
  `*** Begin Patch\n*** Add File: ${path}\n${content
    .split('\n')
    .map((line) => `+${line}`)
    .join('\n')}\n*** End Patch\n`;

export interface ResponsesRequest {
  seq: number;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface ScriptContext {
  /** Model rounds already answered after the last typed user prompt (0 for the first). */
  round: number;
  /** The last typed user prompt's text. */
  prompt: string;
  request: ResponsesRequest;
}

export type ResponsesScript = ResponsesStep[] | ((context: ScriptContext) => ResponsesStep);

export interface ResponsesApiStandin {
  /** `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  requests: ResponsesRequest[];
  responseRequests(): ResponsesRequest[];
  close(): Promise<void>;
}

/** The default session: one passing and one failing shell command, a file added by apply_patch, a closing text. */
export const DEFAULT_SCRIPT: ResponsesStep[] = [
  shell('echo standin-ok'),
  shell('echo about-to-fail; exit 3'),
  applyPatch(addFilePatch('patched.txt', 'hello from apply_patch')),
  text('Stand-in: ran two commands (the second exited with 3) and added patched.txt.'),
];

type Json = Record<string, unknown>;
type OfferedTool = { name: string; type: string };

function offeredTools(body: Json): OfferedTool[] {
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  return tools.map((t) => ({ name: String(t.name ?? t.type ?? ''), type: String(t.type ?? '') }));
}

const itemText = (item: Json): string => {
  const content = item.content;
  if (Array.isArray(content)) return String((content[0] as Json | undefined)?.text ?? '');
  return String(content ?? '');
};

/** Where the script stands: Codex injects user-role context messages too; those start with "<". */
function scriptPosition(body: Json): { round: number; prompt: string } {
  const input = Array.isArray(body.input) ? (body.input as Json[]) : [];
  let last = -1;
  input.forEach((item, i) => {
    if (item?.type === 'message' && item.role === 'user' && !itemText(item).trimStart().startsWith('<')) last = i;
  });
  const rounds = new Set<string>();
  for (const item of input.slice(last + 1)) {
    if (!/_call_output$/.test(String(item?.type ?? ''))) continue;
    const match = /^call_standin_(\d+)_/.exec(String(item.call_id ?? ''));
    rounds.add(match ? match[1] : String(item.call_id));
  }
  return { round: rounds.size, prompt: last >= 0 ? itemText(input[last]) : '' };
}

function outputItem(step: ResponsesStep, tools: OfferedTool[], callId: string): Json | undefined {
  const has = (name: string) => tools.find((t) => t.name === name);
  if (step.kind === 'shell') {
    if (has('exec_command')) return fnCall('exec_command', callId, { cmd: step.command, yield_time_ms: 10_000 });
    if (has('shell_command')) return fnCall('shell_command', callId, { command: step.command });
    if (has('shell')) return fnCall('shell', callId, { command: ['bash', '-lc', step.command] });
    return undefined;
  }
  if (step.kind === 'apply_patch') {
    const tool = has('apply_patch');
    if (!tool) return undefined;
    if (tool.type === 'custom')
      return { type: 'custom_tool_call', name: 'apply_patch', call_id: callId, input: step.patch };
    return fnCall('apply_patch', callId, { input: step.patch });
  }
  if (step.kind === 'call') return has(step.name) ? fnCall(step.name, callId, step.arguments) : undefined;
  return undefined;
}

const fnCall = (name: string, callId: string, args: unknown): Json => ({
  type: 'function_call',
  name,
  call_id: callId,
  arguments: JSON.stringify(args),
});

const sse = (event: Json): string => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`;

function streamFor(body: Json, step: ResponsesStep, seq: number, round: number): string {
  const id = `resp_standin_${seq}`;
  const tools = offeredTools(body);
  let item = step.kind === 'text' ? undefined : outputItem(step, tools, `call_standin_${round}_0`);
  const events: Json[] = [
    { type: 'response.created', response: { id, object: 'response', status: 'in_progress', model: body.model } },
  ];
  if (item) {
    item = { ...item, id: `item_standin_${seq}`, status: 'completed' };
    events.push({ type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress' } });
    events.push({ type: 'response.output_item.done', output_index: 0, item });
  } else {
    const message =
      step.kind === 'text'
        ? step.text
        : `Stand-in: the tool for ${step.kind} is not offered (tools: ${tools.map((t) => t.name).join(', ')}).`;
    const msgId = `msg_standin_${seq}`;
    item = {
      type: 'message',
      role: 'assistant',
      id: msgId,
      status: 'completed',
      content: [{ type: 'output_text', text: message, annotations: [] }],
    };
    events.push({
      type: 'response.output_item.added',
      output_index: 0,
      item: { ...item, status: 'in_progress', content: [] },
    });
    events.push({
      type: 'response.output_text.delta',
      item_id: msgId,
      output_index: 0,
      content_index: 0,
      delta: message,
    });
    events.push({ type: 'response.output_item.done', output_index: 0, item });
  }
  const usage = {
    input_tokens: 100,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 10,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 110,
  };
  events.push({
    type: 'response.completed',
    response: { id, object: 'response', status: 'completed', model: body.model, output: [item], usage },
  });
  return events.map(sse).join('');
}

export interface StandinOptions {
  /** The main session's steps (default DEFAULT_SCRIPT); past its end the last step repeats. */
  script?: ResponsesScript;
}

export async function startResponsesApiStandin(options: StandinOptions = {}): Promise<ResponsesApiStandin> {
  const script = options.script ?? DEFAULT_SCRIPT;
  const requests: ResponsesRequest[] = [];
  const sockets = new Set<Socket>();
  let seq = 0;

  const pick = (context: ScriptContext): ResponsesStep =>
    typeof script === 'function' ? script(context) : script[Math.min(context.round, script.length - 1)];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // Kept as text: a test can see what arrived.
      }
      const request: ResponsesRequest = {
        seq: ++seq,
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0],
        headers: req.headers,
        body,
      };
      requests.push(request);
      if (request.method === 'POST' && request.path.endsWith('/responses') && body && typeof body === 'object') {
        const json = body as Json;
        const { round, prompt } = scriptPosition(json);
        const step = offeredTools(json).length
          ? pick({ round, prompt, request })
          : text('Stand-in: plain text (no tools offered).');
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(streamFor(json, step, request.seq, round));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `stand-in: no handler for ${request.method} ${request.path}`, type: 'not_found' },
        }),
      );
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    responseRequests: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/responses')),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
