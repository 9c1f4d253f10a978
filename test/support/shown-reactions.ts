/** Reactions as the bubble queue receives them, for its tests (test/tui/bubble-*.test.ts). */
import type { Reaction } from '../../src/protocol/reaction.js';
import { toReactionText } from '../../src/text/safe-text.js';
import { toShownReaction, type ShownReaction } from '../../src/tui/store/bubble-queue.js';

export const T0 = 1_700_000_000_000;

/** `text` as a producer gives it: made safe once (toReactionText). */
export function reaction(
  id: string,
  priority: number,
  overrides: Partial<Omit<Reaction, 'text'>> & { text?: string } = {},
): ShownReaction {
  const text = toReactionText(overrides.text ?? `text ${id}`);
  return toShownReaction({
    id,
    sessionId: 's1',
    kind: 'reaction',
    source: 'plug',
    priority,
    ttlMs: 10_000,
    ts: T0,
    ...overrides,
    text,
  });
}
