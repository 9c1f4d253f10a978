/**
 * The store's part about what the buddy says: the chattiness level (`c`), and the history of what
 * was said before this pane saw it. The services watch `chattiness` to apply it to the runner and
 * save it (chattiness-prefs.ts).
 */
import { nextChattiness, type Chattiness } from '../../plugins/chattiness.js';
import { toSafeText } from '../../text/safe-text.js';
import { recallShown } from './bubble-queue.js';
import type { GetState, ReactionSlice, SetState } from './types.js';

export const CHATTINESS_NOTICE: Record<Chattiness, string> = {
  quiet: 'chattiness: quiet (failures, recoveries, waiting, your plugins) · c to change',
  normal: 'chattiness: normal · c to change',
  chatty: 'chattiness: chatty (more quips) · c to change',
};

export function createReactionSlice(set: SetState, get: GetState, initial: Chattiness): ReactionSlice {
  return {
    chattiness: initial,
    setChattiness(level, now, announce = false) {
      if (get().chattiness === level && !announce) return;
      set({
        chattiness: level,
        ...(announce ? { notice: { text: toSafeText(CHATTINESS_NOTICE[level]), at: now, tone: 'info' as const } } : {}),
      });
    },
    cycleChattiness(now) {
      // Any pane: the level is saved to the shared prefs file, which the runner follows.
      get().setChattiness(nextChattiness(get().chattiness), now, true);
    },
    recallReactions(reactions) {
      if (!reactions.length) return;
      set((state) => ({ bubbles: recallShown(state.bubbles, reactions) }));
    },
  };
}
