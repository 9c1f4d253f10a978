/**
 * The replies a test scripts the Messages API stand-in (messages-api-standin.ts, which re-exports
 * them) with: text, tool calls, several blocks, a hang, an API error.
 */
import type { StandinRequest } from './messages-api-request.js';

export type StandinBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id?: string; name: string; input: Record<string, unknown> };

export interface AnswerOptions {
  delayMs?: number;
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence';
  usage?: { input_tokens?: number; output_tokens?: number };
  /** Model id echoed in the answer; default: the request's model. */
  model?: string;
}

export type StandinReply =
  | ({ kind: 'answer'; content: StandinBlock[] } & AnswerOptions)
  | { kind: 'hang' }
  | { kind: 'error'; status: number; message: string; errorType?: string; delayMs?: number };

export type StandinResponder =
  | StandinReply
  | StandinReply[]
  | ((request: StandinRequest, index: number) => StandinReply | Promise<StandinReply>);

export const textBlock = (text: string): StandinBlock => ({ type: 'text', text });
export const toolUseBlock = (name: string, input: Record<string, unknown>, id?: string): StandinBlock => ({
  type: 'tool_use',
  name,
  input,
  id,
});
export const blocks = (content: StandinBlock[], options: AnswerOptions = {}): StandinReply => ({
  kind: 'answer',
  content,
  ...options,
});
export const text = (value: string, options: AnswerOptions = {}): StandinReply => blocks([textBlock(value)], options);
export const toolUse = (name: string, input: Record<string, unknown>, options: AnswerOptions = {}): StandinReply =>
  blocks([toolUseBlock(name, input)], options);
export const hang = (): StandinReply => ({ kind: 'hang' });
export const httpError = (status: number, message: string, errorType?: string): StandinReply => ({
  kind: 'error',
  status,
  message,
  errorType,
});
