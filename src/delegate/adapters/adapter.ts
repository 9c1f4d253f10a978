/**
 * The one small interface every delegate backend implements. An adapter turns a shaped,
 * redacted call into text; it knows nothing about plugins, policy or reactions.
 */
import type { EventKind } from '../../protocol/event-kind.js';

export type AdapterName =
  | 'claude-cli'
  | 'codex'
  | 'copilot'
  | 'qwen'
  | 'gemini'
  | 'pi'
  | 'anthropic'
  | 'command'
  | 'offline'
  | 'session';

export interface DelegateCall {
  systemPrompt: string;
  prompt: string;
  maxTokens: number;
  model: string;
  /** For the offline adapter: what happened, most specific first. */
  kinds: readonly EventKind[];
  sessionId: string;
  plugin: string;
  /** Aborted on timeout or shutdown; adapters must stop their work (kill, cancel) when it fires. */
  signal: AbortSignal;
}

export interface DelegateUsageFigures {
  inputTokens: number;
  outputTokens: number;
}

export interface DelegateAnswer {
  text: string;
  /** Who produced it, for the bubble: a model id, "offline", or "command". */
  source: string;
  usage?: DelegateUsageFigures;
  costUsd?: number;
  /** The max_tokens the request really carried, when the host raised it (the session adapter: cap + 2048). */
  maxTokensSent?: number;
}

export type DelegateFailureKind = 'timeout' | 'auth' | 'http' | 'process' | 'bad_output' | 'empty' | 'unavailable';

export class DelegateCallError extends Error {
  constructor(
    message: string,
    readonly kind: DelegateFailureKind,
  ) {
    super(message);
    this.name = 'DelegateCallError';
  }
}

export interface DelegateAdapter {
  readonly name: AdapterName;
  /** False for offline: it costs nothing and needs no thinking bubble. */
  readonly usesModel: boolean;
  complete(call: DelegateCall): Promise<DelegateAnswer>;
}

/** The abort reason as a failure, so a timeout reads as a timeout whoever noticed it first. */
export function abortFailure(signal: AbortSignal): DelegateCallError {
  const reason = signal.reason;
  if (reason instanceof DelegateCallError) return reason;
  return new DelegateCallError(reason instanceof Error ? reason.message : 'cancelled', 'timeout');
}

/** The last non-empty lines of a stream, for an error message. */
export function tailLines(text: string, lines = 3, maxChars = 300): string {
  const tail = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-lines)
    .join(' | ');
  return tail.length > maxChars ? `${tail.slice(0, maxChars - 1)}…` : tail;
}
