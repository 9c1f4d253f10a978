/**
 * The Messages API for users with an API key (or a gateway at ANTHROPIC_BASE_URL): one
 * `POST /v1/messages` with Node's own fetch. Not the official SDK: it and its dependencies were
 * 34 of the 44 MB installed and hundreds of ms to load, for a request this small (measured in
 * docs/delegates.md). No retries: a late buddy line is worth less than the offline quip. The
 * caller's signal is the timeout.
 */
import { abortFailure, DelegateCallError, type DelegateAdapter } from './adapter.js';

export interface AnthropicAdapterOptions {
  env?: NodeJS.ProcessEnv;
  apiKey?: string;
  baseURL?: string;
  /** Model id used when a request names a Claude Code alias ("haiku"). */
  defaultModel?: string;
}

const DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** The Messages API version whose request and answer shapes this file speaks. */
export const ANTHROPIC_VERSION = '2023-06-01';
const MAX_DETAIL_CHARS = 300;

const ALIASES: Record<string, string> = {
  sonnet: 'claude-sonnet-5-5',
  opus: 'claude-opus-5-5',
};

/** Claude Code's aliases are not API model ids; map them, keep real ids as they are. */
export function apiModelFor(model: string, defaultModel = 'claude-haiku-5-5'): string {
  if (model === 'haiku' || model === 'default' || model === '') return defaultModel;
  return ALIASES[model] ?? model;
}

/** What the adapter reads of a Messages API answer. */
interface MessageAnswer {
  model?: unknown;
  content?: unknown;
  usage?: { input_tokens?: unknown; output_tokens?: unknown };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The API's own error message (`{"error":{"message"}}`), else the start of the body, else the status text. */
function errorDetail(body: string, statusText: string): string {
  const message = (parseJson(body) as { error?: { message?: unknown } } | undefined)?.error?.message;
  const detail = typeof message === 'string' && message ? message : body.trim() || statusText;
  return detail.length > MAX_DETAIL_CHARS ? `${detail.slice(0, MAX_DETAIL_CHARS - 1)}…` : detail;
}

/** fetch says only "fetch failed"; the reason (ECONNREFUSED, a DNS error) is in its cause. */
function networkDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  return cause && cause !== message ? `${message} (${cause})` : message;
}

const tokens = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function createAnthropicAdapter(options: AnthropicAdapterOptions = {}): DelegateAdapter {
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? env.ANTHROPIC_API_KEY;
  const baseURL = (options.baseURL ?? (env.ANTHROPIC_BASE_URL || DEFAULT_BASE_URL)).replace(/\/+$/, '');
  return {
    name: 'anthropic',
    usesModel: true,
    async complete(call) {
      if (!apiKey) throw new DelegateCallError('ANTHROPIC_API_KEY is not set', 'unavailable');
      const model = apiModelFor(call.model, options.defaultModel);
      let status: number;
      let statusText: string;
      let body: string;
      try {
        const response = await fetch(`${baseURL}/v1/messages`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-api-key': apiKey,
            'anthropic-version': ANTHROPIC_VERSION,
          },
          body: JSON.stringify({
            model,
            max_tokens: call.maxTokens,
            system: call.systemPrompt,
            messages: [{ role: 'user', content: call.prompt }],
          }),
          signal: call.signal,
        });
        ({ status, statusText } = response);
        body = await response.text();
      } catch (error) {
        if (call.signal.aborted) throw abortFailure(call.signal);
        throw new DelegateCallError(`Messages API: ${networkDetail(error)}`, 'http');
      }
      if (status < 200 || status > 299) {
        const kind = status === 401 || status === 403 ? 'auth' : 'http';
        throw new DelegateCallError(`Messages API ${status}: ${errorDetail(body, statusText)}`, kind);
      }
      const message = parseJson(body) as MessageAnswer | undefined;
      if (!message || !Array.isArray(message.content)) {
        throw new DelegateCallError(
          `Messages API: the answer is not a message: ${errorDetail(body, statusText)}`,
          'bad_output',
        );
      }
      const text = message.content
        .map((block: { type?: unknown; text?: unknown }) =>
          block?.type === 'text' && typeof block.text === 'string' ? block.text : '',
        )
        .join('')
        .trim();
      if (!text) throw new DelegateCallError('the model returned no text', 'empty');
      return {
        text,
        source: typeof message.model === 'string' && message.model ? message.model : model,
        usage: { inputTokens: tokens(message.usage?.input_tokens), outputTokens: tokens(message.usage?.output_tokens) },
      };
    },
  };
}
