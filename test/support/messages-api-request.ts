/**
 * How the Messages API stand-in (messages-api-standin.ts) reads a request: its route (the main
 * loop, other message requests, count_tokens) and the parts a test asserts on.
 */
import type { IncomingMessage } from 'node:http';

export type StandinRoute = 'main' | 'other' | 'count_tokens' | 'unknown';

export interface StandinRequest {
  seq: number;
  method: string;
  /** Path without the query string, e.g. "/v1/messages". */
  path: string;
  query: string;
  headers: IncomingMessage['headers'];
  raw: string;
  /** Parsed JSON body, or undefined when it was not JSON. */
  body: any;
  route: StandinRoute;
  stream: boolean;
  model?: string;
  maxTokens?: number;
  /** All text of the `system` field, blocks joined with "\n". */
  systemText: string;
  /** All text of the user messages, joined with "\n" (tool results included as their text). */
  userText: string;
  toolNames: string[];
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: any) => {
      if (block?.type === 'text') return String(block.text ?? '');
      if (block?.type === 'tool_result') return contentText(block.content);
      return '';
    })
    .filter(Boolean)
    .join('\n');
}

export function describeRequest(seq: number, req: IncomingMessage, raw: string): StandinRequest {
  const [path, query = ''] = (req.url ?? '/').split('?', 2) as [string, string?];
  let body: any;
  try {
    body = raw ? JSON.parse(raw) : undefined;
  } catch {
    body = undefined;
  }
  const tools = Array.isArray(body?.tools) ? body.tools : [];
  let route: StandinRoute = 'unknown';
  if (req.method === 'POST' && path === '/v1/messages/count_tokens') route = 'count_tokens';
  else if (req.method === 'POST' && path === '/v1/messages') route = tools.length > 0 ? 'main' : 'other';
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  return {
    seq,
    method: req.method ?? 'GET',
    path,
    query,
    headers: req.headers,
    raw,
    body,
    route,
    stream: body?.stream === true,
    model: typeof body?.model === 'string' ? body.model : undefined,
    maxTokens: typeof body?.max_tokens === 'number' ? body.max_tokens : undefined,
    systemText: contentText(body?.system),
    userText: messages
      .filter((m) => m?.role === 'user')
      .map((m) => contentText(m.content))
      .filter(Boolean)
      .join('\n'),
    toolNames: tools.map((t: any) => String(t?.name ?? '')),
  };
}
