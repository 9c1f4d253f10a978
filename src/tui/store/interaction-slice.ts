/**
 * The store's part about keys whose work is outside the store (`f` and `p` on the pet file, `v` on
 * config.json): the services give the store a handler, and a key's action calls it, or says in
 * the footer why nothing happened where no service gave one.
 */
import { toSafeText } from '../../text/safe-text.js';
import type { GetState, InteractionSlice, SetState } from './types.js';

export function createInteractionSlice(set: SetState, get: GetState): InteractionSlice {
  return {
    setInteract(handler) {
      set({ interact: handler });
    },

    requestInteraction(what, now) {
      const { interact } = get();
      // Every pane acts on the one pet (a viewer through pet.json, which the runner merges).
      if (interact) interact(what);
      else set({ notice: { text: toSafeText(`no pet to ${what} yet (buddy-tui hatch)`), at: now, tone: 'info' } });
    },

    setVoiceSwitch(handler) {
      set({ switchVoice: handler });
    },

    requestVoiceSwitch(now) {
      const { switchVoice } = get();
      if (switchVoice) switchVoice();
      else set({ notice: { text: toSafeText('the voice is set with buddy-tui voice on|off'), at: now, tone: 'info' } });
    },
  };
}
