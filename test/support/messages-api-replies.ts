/**
 * How the Messages API stand-in (messages-api-standin.ts) writes a reply: the whole message as
 * JSON, or as the server-sent events Claude Code reads when it streams; and API errors.
 */
import type { ServerResponse } from 'node:http';
import type { StandinBlock, StandinReply } from './messages-api-reply-builders.js';
import type { StandinRequest } from './messages-api-request.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function approxTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function finalBlocks(content: StandinBlock[], nextId: () => string) {
  return content.map((block) =>
    block.type === 'text'
      ? { type: 'text', text: block.text }
      : { type: 'tool_use', id: block.id ?? nextId(), name: block.name, input: block.input },
  );
}

export async function sendAnswer(
  res: ServerResponse,
  request: StandinRequest,
  reply: Extract<StandinReply, { kind: 'answer' }>,
  nextId: () => string,
  messageId: string,
) {
  const content = finalBlocks(reply.content, nextId);
  const stopReason = reply.stopReason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  const model = reply.model ?? request.model ?? 'claude-standin';
  const usage = {
    input_tokens: reply.usage?.input_tokens ?? approxTokens(request.raw),
    output_tokens: reply.usage?.output_tokens ?? approxTokens(JSON.stringify(content)),
  };
  const message = {
    id: messageId,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage,
  };

  if (!request.stream) {
    if (reply.delayMs) await sleep(reply.delayMs);
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${messageId}` });
    res.end(JSON.stringify(message));
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'request-id': `req_${messageId}`,
  });
  const event = (type: string, data: Record<string, unknown>) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event('message_start', {
    message: {
      ...message,
      content: [],
      stop_reason: null,
      usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
    },
  });
  if (reply.delayMs) await sleep(reply.delayMs);
  content.forEach((block, index) => {
    if (block.type === 'text') {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
    } else {
      event('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      event('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    }
    event('content_block_stop', { index });
  });
  event('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  event('message_stop', {});
  res.end();
}

export async function sendError(res: ServerResponse, reply: Extract<StandinReply, { kind: 'error' }>) {
  if (reply.delayMs) await sleep(reply.delayMs);
  const errorType =
    reply.errorType ??
    (reply.status === 401
      ? 'authentication_error'
      : reply.status === 429
        ? 'rate_limit_error'
        : reply.status >= 500
          ? 'api_error'
          : 'invalid_request_error');
  res.writeHead(reply.status, { 'content-type': 'application/json', 'x-should-retry': 'false' });
  res.end(JSON.stringify({ type: 'error', error: { type: errorType, message: reply.message } }));
}
