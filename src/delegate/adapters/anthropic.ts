/**
 * The Messages API through the official SDK, for users with an API key (or a gateway at
 * ANTHROPIC_BASE_URL). No retries: a late buddy line is worth less than the offline quip.
 */
import Anthropic from '@anthropic-ai/sdk';
import { abortFailure, DelegateCallError, type DelegateAdapter } from './adapter.js';

export interface AnthropicAdapterOptions {
  env?: NodeJS.ProcessEnv;
  apiKey?: string;
  baseURL?: string;
  /** Model id used when a request names a Claude Code alias ("haiku"). */
  defaultModel?: string;
}

const ALIASES: Record<string, string> = {
  sonnet: 'claude-sonnet-5-5',
  opus: 'claude-opus-5-5',
};

/** Claude Code's aliases are not API model ids; map them, keep real ids as they are. */
export function apiModelFor(model: string, defaultModel = 'claude-haiku-5-5'): string {
  if (model === 'haiku' || model === 'default' || model === '') return defaultModel;
  return ALIASES[model] ?? model;
}

export function createAnthropicAdapter(options: AnthropicAdapterOptions = {}): DelegateAdapter {
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? env.ANTHROPIC_API_KEY;
  const baseURL = options.baseURL ?? (env.ANTHROPIC_BASE_URL || undefined);
  let client: Anthropic | undefined;
  return {
    name: 'anthropic',
    usesModel: true,
    async complete(call) {
      if (!apiKey) throw new DelegateCallError('ANTHROPIC_API_KEY is not set', 'unavailable');
      client ??= new Anthropic({ apiKey, baseURL, maxRetries: 0 });
      const model = apiModelFor(call.model, options.defaultModel);
      let message: Anthropic.Message;
      try {
        message = await client.messages.create(
          {
            model,
            max_tokens: call.maxTokens,
            system: call.systemPrompt,
            messages: [{ role: 'user', content: call.prompt }],
          },
          { signal: call.signal },
        );
      } catch (error) {
        if (call.signal.aborted) throw abortFailure(call.signal);
        if (error instanceof Anthropic.APIError && error.status !== undefined) {
          const detail = (error.error as { error?: { message?: string } } | undefined)?.error?.message ?? error.message;
          throw new DelegateCallError(`Messages API ${error.status}: ${detail}`, error.status === 401 || error.status === 403 ? 'auth' : 'http');
        }
        throw new DelegateCallError(`Messages API: ${(error as Error).message}`, 'http');
      }
      const text = message.content
        .map((block) => (block.type === 'text' ? block.text : ''))
        .join('')
        .trim();
      if (!text) throw new DelegateCallError('the model returned no text', 'empty');
      return {
        text,
        source: message.model || model,
        usage: { inputTokens: message.usage.input_tokens ?? 0, outputTokens: message.usage.output_tokens ?? 0 },
      };
    },
  };
}
