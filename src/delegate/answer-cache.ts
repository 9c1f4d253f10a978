/**
 * Identical requests (same adapter, model, system prompt, prompt and maxTokens) within the TTL
 * reuse the answer: plugins often ask the same thing for the same kind of event.
 */
import { createHash } from 'node:crypto';
import type { SafeText } from '../text/safe-text.js';

export interface CachedAnswer {
  /** As it was shown: already safe. */
  text: SafeText;
  source: string;
  at: number;
}

export function cacheKey(parts: {
  adapter: string;
  model: string;
  systemPrompt: string;
  prompt: string;
  maxTokens: number;
}): string {
  return createHash('sha256')
    .update(JSON.stringify([parts.adapter, parts.model, parts.systemPrompt, parts.prompt, parts.maxTokens]))
    .digest('hex');
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100,
  ) {}

  get(key: string, now: number): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at >= this.ttlMs || now < entry.at) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh recency (Map keeps insertion order: the first key is the least recently used).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, answer: CachedAnswer): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, answer);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
