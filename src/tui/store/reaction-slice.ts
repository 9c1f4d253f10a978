/**
 * The store's part about what the buddy says: the chattiness level (`c`). Kept out of buddy-store.ts so that file stays small; the services watch
 * `chattiness` to apply it to the runner and save it (chattiness-prefs.ts).
 */
import { nextChattiness, type Chattiness } from '../../plugins/chattiness.js';
import { toSafeText } from '../../text/safe-text.js';
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
      const { role, runnerPid, chattiness } = get();
      if (role === 'viewer') {
        set({
          notice: {
            text: toSafeText(`viewer: chattiness is set in the pane that runs the plugins (pid ${runnerPid ?? '?'})`),
            at: now,
            tone: 'info',
          },
        });
        return;
      }
      get().setChattiness(nextChattiness(chattiness), now, true);
    },
  };
}
